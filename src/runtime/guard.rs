//! The one way into the terminal for the tracker, `replay` and `watch`: raw mode, the alternate
//! screen and a hidden cursor, given back when the guard drops and, before the panic message is
//! printed, when the thread holding it panics.

use std::io::{self, Write};
use std::sync::{Mutex, Once, PoisonError, TryLockError};
use std::thread::{self, ThreadId};

use color_eyre::eyre::{Result, WrapErr, bail};
use ratatui::Terminal;
use ratatui::crossterm::event::{DisableBracketedPaste, EnableBracketedPaste};
use ratatui::crossterm::style::{Attribute, SetAttribute};
use ratatui::crossterm::terminal::{
    EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode,
    enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::{Position, Size};

use super::backend::FrameBackend;
use super::frame::{FrameWriter, Screen};

/// What the guard needs of a terminal. The process's own is taken by [`TerminalGuard::enter`];
/// a test hands [`TerminalGuard::take`] one that records what it is told.
pub trait Tty: Write + Send {
    /// Raw mode on or off.
    fn raw_mode(&mut self, on: bool) -> io::Result<()>;
    /// Where the frames go, unbuffered, so that a committed frame is one `write`.
    fn frames(&mut self) -> io::Result<Out>;
    /// The screen's size when the terminal cannot be asked for it; `None` asks.
    fn fixed_size(&self) -> Option<Size> {
        None
    }
}

/// The terminal taken and the thread that took it. It sits in a static rather than in the guard
/// because the panic hook, which runs before any unwinding, has no way to reach the guard.
struct Held {
    owner: ThreadId,
    tty: Box<dyn Tty>,
}

/// Where a taken terminal's frames go.
type Out = Box<dyn Write>;

static HELD: Mutex<Option<Held>> = Mutex::new(None);
static HOOK: Once = Once::new();

/// The terminal, taken: the screen to draw on and the writer that sends its frames. Holding it
/// is the only way to draw on the terminal; dropping it (or a panic on its thread) gives the
/// terminal back as it was.
pub struct TerminalGuard {
    frame: FrameWriter<Out>,
    screen: Screen<Out>,
    _taken: Taken,
}

/// Gives the terminal back when dropped: the last field of the guard, and alive from the moment
/// the terminal is taken, so a failure while the screen is set up gives it back too.
struct Taken;

impl Drop for Taken {
    fn drop(&mut self) {
        release(|_| true);
    }
}

impl TerminalGuard {
    /// Take the process's own terminal (stdout), with color-eyre's panic report printed once
    /// the terminal is back to normal.
    pub fn enter() -> Result<TerminalGuard> {
        // Installed before the guard's own hook, which runs first and then calls it.
        let _ = color_eyre::install();
        TerminalGuard::take(Box::new(Stdout))
    }

    /// Take `tty`: raw mode, the alternate screen, the cursor hidden, and a cleared screen of
    /// its size. One terminal at a time: a second guard while one is held is refused.
    pub fn take(mut tty: Box<dyn Tty>) -> Result<TerminalGuard> {
        install_hook();
        let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
        if held.is_some() {
            bail!("the terminal is already in use by this program");
        }
        tty.raw_mode(true).wrap_err("cannot put the terminal in raw mode (is this a terminal?)")?;
        // Bracketed paste: a pasted stat block arrives whole, its line breaks never Enter.
        let set_up = execute!(tty, EnterAlternateScreen, cursor::Hide, EnableBracketedPaste)
            .wrap_err("cannot switch to the alternate screen")
            .and_then(|()| tty.frames().wrap_err("cannot write to the terminal"));
        let frames = match set_up {
            Ok(frames) => frames,
            Err(err) => {
                restore(tty.as_mut());
                return Err(err);
            }
        };
        let size = tty.fixed_size();
        *held = Some(Held { owner: thread::current().id(), tty });
        drop(held);
        let taken = Taken;
        let frame = FrameWriter::new(frames);
        let backend = match size {
            Some(size) => FrameBackend::with_size(frame.clone(), size),
            None => FrameBackend::new(frame.clone()),
        };
        let mut screen = Terminal::new(backend).wrap_err("cannot read the terminal's size")?;
        if size.is_some() {
            // Clearing asks where the cursor is; a terminal that cannot be asked its size cannot
            // be asked that either, so the cursor starts at the origin.
            screen.set_cursor_position(Position::ORIGIN)?;
        }
        screen.clear()?;
        Ok(TerminalGuard { frame, screen, _taken: taken })
    }

    /// The screen to draw on, and the writer whose [`FrameWriter::commit`] sends a frame.
    pub fn parts(&mut self) -> (&mut Screen<Out>, &FrameWriter<Out>) {
        (&mut self.screen, &self.frame)
    }
}

fn install_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Only the holder's panic: a worker thread's (the loader's) leaves the screen to the
            // loop that goes on drawing.
            let me = thread::current().id();
            release(|held| held.owner == me);
            previous(info);
        }));
    });
}

/// Give the terminal back when one is held and `whose` agrees; never twice.
fn release(whose: impl Fn(&Held) -> bool) {
    let mut held = match HELD.try_lock() {
        Ok(held) => held,
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        // Held by this thread (a panic while taking or giving back) or briefly by another.
        Err(TryLockError::WouldBlock) => return,
    };
    if let Some(mut taken) = held.take_if(|h| whose(h)) {
        restore(taken.tty.as_mut());
    }
}

fn restore(mut tty: &mut dyn Tty) {
    let _ = tty.raw_mode(false);
    // The frames leave the last colours set (each frame starts from them).
    let _ = execute!(
        &mut tty,
        EndSynchronizedUpdate,
        SetAttribute(Attribute::Reset),
        DisableBracketedPaste,
        LeaveAlternateScreen,
        cursor::Show
    );
}

/// The process's own terminal.
struct Stdout;

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        io::stdout().write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stdout().flush()
    }
}

impl Tty for Stdout {
    fn raw_mode(&mut self, on: bool) -> io::Result<()> {
        if on { enable_raw_mode() } else { disable_raw_mode() }
    }

    /// Stdout as an unbuffered file of its own, so a committed frame is one `write`.
    fn frames(&mut self) -> io::Result<Out> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
                return Ok(Box::new(std::fs::File::from(fd)));
            }
        }
        Ok(Box::new(io::stdout()))
    }
}
