//! The terminal side of the TUI: the guard that takes the terminal and gives it back on exit and
//! on panic (`guard`, for the tracker, `replay` and `watch`); the event loop that draws only after
//! something changed, as one write per frame (`frame`) wrapped in synchronized output; and the
//! file writes the app asks for.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use color_eyre::eyre::Result;
use ratatui::crossterm::event;
use ratatui::crossterm::queue;
use ratatui::crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use ratatui::layout::Rect;

use crate::app::App;
use crate::save;
use crate::ui::{self, theme::Theme};

mod backend;
mod frame;
mod guard;
pub use backend::FrameBackend;
pub use frame::{FrameWriter, Screen};
pub use guard::{TerminalGuard, Tty};

/// Draw one frame of the dashboard inside synchronized output, collected in `frame` (the
/// caller commits it); a frame in which nothing changed adds nothing at all.
pub fn draw_frame<W: Write>(
    terminal: &mut Screen<W>,
    frame: &FrameWriter<W>,
    app: &App,
    theme: Theme,
) -> io::Result<()> {
    let before = frame.pending();
    let mut writer = frame.clone();
    queue!(writer, BeginSynchronizedUpdate)?;
    let marked = frame.pending();
    terminal.draw(|f| ui::draw(f, app, theme))?;
    if frame.pending() == marked {
        frame.truncate(before);
    } else {
        queue!(writer, EndSynchronizedUpdate)?;
    }
    Ok(())
}

/// Run the dashboard until the GM quits. `pointer` is the file that remembers the save in use,
/// so the next start resumes it.
pub fn run(
    mut app: App,
    pointer: Option<PathBuf>,
    mut lock: Option<save::lock::FightLock>,
) -> Result<()> {
    let result = TerminalGuard::enter()
        .and_then(|mut guard| event_loop(&mut app, pointer.as_deref(), &mut lock, &mut guard));
    // Last, once the terminal is back and the quit's compaction is written and synced: the lock
    // and its `.lock` file go.
    drop(lock);
    result
}

fn event_loop(
    app: &mut App,
    pointer: Option<&Path>,
    lock: &mut Option<save::lock::FightLock>,
    guard: &mut TerminalGuard,
) -> Result<()> {
    let theme = Theme::from_env();
    let (terminal, frame) = guard.parts();
    let size = terminal.size()?;
    app.resize(size.width, size.height);
    let mut dirty = true;
    loop {
        // A branch from the timeline: its file must be new (the source is never written).
        if let Some(path) = app.branch_request() {
            let free = !path.exists();
            app.branch_into(path, free);
            dirty = true;
        }
        dirty |= open_picked(app, lock);
        perform_effects_locked(app, pointer, lock);
        if app.quit {
            // Quitting compacts the journal into one clean file.
            app.compact();
            perform_effects_locked(app, pointer, lock);
            return Ok(());
        }
        if dirty {
            app.tick_clock();
            let size = terminal.size()?;
            let area = Rect::new(0, 0, size.width, size.height);
            ui::settle(app, area);
            draw_frame(terminal, frame, app, theme)?;
            frame.commit()?;
        }
        // Blocking: while nothing happens, nothing is drawn or written; a playing timeline wakes
        // at its pace for the next step, a shown turn timer once a second.
        // A long fight opened from its snapshot: look for its history between keys.
        if app.loading.is_some() && !event::poll(std::time::Duration::from_millis(20))? {
            dirty = app.poll_loading();
            continue;
        }
        let event = match (app.playing(), app.clock_wake()) {
            (Some(pace), _) if !event::poll(pace)? => {
                app.tick();
                dirty = true;
                continue;
            }
            // The turn timer, when shown: woken as its next second comes, drawn only if the
            // header then shows another one. No timer, no waking.
            (None, Some(wake)) if !event::poll(wake)? => {
                dirty = app.tick_clock();
                continue;
            }
            _ => event::read()?,
        };
        dirty = app.handle_event(&event);
        if matches!(event, event::Event::Resize(..)) {
            terminal.autoresize()?;
        }
    }
}

/// A fight picked from the saves folder (`skirmish open` with no file): locked (or the picker
/// says who has it), opened and handed to the app (taking the lock clears temporary files a
/// killed save left beside it). Whether one was picked.
pub fn open_picked(app: &mut App, lock: &mut Option<save::lock::FightLock>) -> bool {
    let Some(path) = app.open_request() else { return false };
    let taken = match save::lock::lock_existing(&path) {
        Ok(taken) => taken,
        Err(err) => {
            app.open_failed(err.to_string());
            return true;
        }
    };
    match save::open(&path, app.session.shared_assets()) {
        Ok(opened) => {
            *lock = Some(taken);
            app.show_opened(path, opened);
        }
        Err(err) => app.open_failed(format!("{err} (`skirmish check` tells more)")),
    }
    true
}

/// The folder `path` would go into, when it does not exist (a bare file name goes into the
/// working folder, which does).
pub fn missing_folder(path: &Path) -> Option<&Path> {
    path.parent().filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
}

/// Write what the app asked to save, tell it how that went, and remember the file in use.
pub fn perform_effects(app: &mut App, pointer: Option<&Path>) {
    perform_effects_locked(app, pointer, &mut None);
}

/// As [`perform_effects`], holding the lock of the fight being written: its own file (by any
/// name or link) is written through that lock; a write to another file (save as, a new fight, a
/// report) takes that file's lock, and is refused if another skirmish holds it.
pub fn perform_effects_locked(
    app: &mut App,
    pointer: Option<&Path>,
    lock: &mut Option<save::lock::FightLock>,
) {
    for effect in std::mem::take(&mut app.effects) {
        // A report goes only into a folder that exists: a slip of the name makes no folders.
        if effect.report
            && let Some(folder) = missing_folder(&effect.path)
        {
            let why = format!(
                "the folder {} does not exist; make it first or give another PATH",
                folder.display()
            );
            app.written(&effect, Err(why));
            continue;
        }
        let own = lock.as_mut().filter(|l| l.is(&effect.path));
        let result = match own {
            // A report never replaces the fight, whatever name it was given.
            Some(_) if effect.report => {
                Err("that is the fight's own file; the report needs another name".to_string())
            }
            Some(own) if effect.append => {
                own.append(effect.text.as_bytes()).map_err(|e| e.to_string())
            }
            Some(own) => own.replace(effect.text.as_bytes()).map_err(|e| e.to_string()),
            None => match save::lock::lock(&effect.path) {
                Err(err) => Err(err.to_string()),
                Ok(mut new) => {
                    let written = if effect.append {
                        new.append(effect.text.as_bytes())
                    } else {
                        new.replace(effect.text.as_bytes())
                    };
                    // The lock follows the fight to its new file (save as, a new fight); the old
                    // one's writes are all synced by now. A report or a copy lets go at once.
                    let fights_file = app.save_path.as_ref() == Some(&effect.path);
                    let follows = effect.switch_to || fights_file || lock.is_none();
                    if written.is_ok() && follows && !effect.report {
                        *lock = Some(new);
                    }
                    written.map_err(|e| e.to_string())
                }
            },
        };
        app.written(&effect, result);
    }
    if let (Some(pointer), Some(path)) = (pointer, &app.save_path) {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.clone());
        let text = absolute.display().to_string();
        if std::fs::read_to_string(pointer).ok().as_deref() != Some(text.as_str()) {
            // Losing the pointer only costs resuming the newest autosave instead.
            let _ = save::write_atomic(pointer, text.as_bytes());
        }
    }
}
