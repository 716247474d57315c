//! `skirmish watch`: the players' read-only screen. It follows the fight file by polling (a few
//! times within 200 ms), shows only the players' projection (and of a fight being prepared, only
//! "waiting for the GM"), never writes a file and never takes the fight's lock; `q` quits.
//! `--once` prints the view a single time, as text or JSON.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use color_eyre::eyre::Result;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::queue;
use ratatui::crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};

use super::shared::{EXIT_COMMAND, EXIT_INPUT, fail, load_assets};
use crate::app::TurnClock;
use crate::clock::{SharedClock, TURN_TIMER, TurnTimer};
use crate::runtime::TerminalGuard;
use crate::save::follow::{Follower, Found, Target};
use crate::ui::player::{PlayerScreen, WatchNote};
use crate::ui::theme::Theme;
use crate::view::{LiveView, PlayersSee, players_see, waiting_text};

/// The newest lines of the players' log the screen keeps: more than any terminal shows, and the
/// same work at every poll however long the fight (`--once` prints the whole log).
pub const SHOWN_LOG: usize = 1_000;

/// How often the file is looked at: well inside the 200 ms a GM's command may take to show.
const POLL: Duration = Duration::from_millis(50);

/// The watcher's state: what the players last saw of a good file, and what to tell them about
/// the file.
pub struct Watch {
    follower: Follower,
    /// The players' view kept along as the fight grows.
    live: LiveView,
    pub seen: Option<PlayersSee>,
    pub note: WatchNote,
    /// The player characters last told of: whose turn it was and who was on deck (`--bell`);
    /// `None` before the first view of the fight.
    told: Option<(Option<String>, Option<String>)>,
    /// When the current turn began and how the GM shows its time (`set turn_timer …`), when it
    /// is shown: a visible combatant's turn whose first command has a time.
    turn: Option<(u64, TurnTimer)>,
    clock: SharedClock,
    /// The clock's last reading.
    now: Option<u64>,
}

/// How `watch` shows the fight: once (as text or JSON) or followed, with the bell or not.
#[derive(Debug, Clone, Copy, Default)]
pub struct Shown {
    pub once: bool,
    pub json: bool,
    pub bell: bool,
}

impl Watch {
    pub fn new(follower: Follower) -> Watch {
        let note = WatchNote { text: "looking for the fight…".into(), error: false };
        let clock = crate::clock::system();
        let now = clock.now();
        let live = LiveView::keeping(SHOWN_LOG);
        Watch { follower, live, seen: None, note, told: None, turn: None, clock, now }
    }

    /// Use this clock instead of the system's (tests).
    pub fn with_clock(mut self, clock: SharedClock) -> Watch {
        self.now = clock.now();
        self.clock = clock;
        self
    }

    /// The current turn's time as the players' screen shows it, when the GM shows it.
    pub fn turn_clock(&self) -> Option<TurnClock> {
        let (began, timer) = self.turn?;
        let ms = self.now?.saturating_sub(began);
        Some(TurnClock { ms, over: timer.over(ms) })
    }

    /// Read the clock again; whether the timer now shows another second.
    pub fn tick_clock(&mut self) -> bool {
        let shown = |w: &Watch| w.turn_clock().map(|t| (t.ms / 1000, t.over));
        let before = shown(self);
        self.now = self.clock.now();
        shown(self) != before
    }

    /// Whether the bell should ring now: a player character's turn began, or one came on deck,
    /// since last asked. The first view seen rings for neither (nothing changed for anyone).
    pub fn bell_due(&mut self) -> bool {
        let Some(view) = self.seen.as_ref().and_then(PlayersSee::fight) else { return false };
        let pc = |flag: fn(&crate::view::PlayerCombatant) -> bool| {
            view.order
                .iter()
                .find(|c| flag(c) && c.side == crate::rules::Side::Pc)
                .map(|c| c.name.clone())
        };
        let now = (pc(|c| c.current), pc(|c| c.on_deck));
        let Some(told) = self.told.replace(now.clone()) else { return false };
        (now.0.is_some() && now.0 != told.0) || (now.1.is_some() && now.1 != told.1)
    }

    /// The players' screen as it stands: the fight when they see one, else the note alone.
    pub fn screen(&self, theme: Theme) -> PlayerScreen<'_> {
        PlayerScreen {
            view: self.seen.as_ref().and_then(PlayersSee::fight),
            note: &self.note,
            theme,
            timer: self.turn_clock(),
        }
    }

    /// Look at the file; true when something on screen changed. A broken or vanished file keeps
    /// the last good view on screen under a clear warning.
    pub fn poll(&mut self) -> bool {
        match self.follower.poll() {
            Found::Same => false,
            Found::Fight { path, session, whole } => {
                if whole {
                    self.live.reset();
                }
                let seen = self.live.see_newest(session, SHOWN_LOG);
                let text = match &seen {
                    PlayersSee::Fight(_) => format!("watching {} (read-only)", path.display()),
                    // Not the path either: it is named after the fight.
                    PlayersSee::Waiting { system } => waiting_text(system),
                };
                let note = WatchNote { text, error: false };
                let turn = turn_shown(session);
                let changed =
                    self.seen.as_ref() != Some(&seen) || self.note != note || self.turn != turn;
                self.turn = turn;
                self.seen = Some(seen);
                self.note = note;
                changed
            }
            Found::Broken { path, message } => {
                self.note = WatchNote {
                    text: format!(
                        "the fight file {} does not load ({message}); showing the last good view",
                        path.display()
                    ),
                    error: true,
                };
                true
            }
            Found::Gone { path } => {
                self.note = WatchNote {
                    text: format!(
                        "the fight file {} is gone (deleted or moved); waiting for it to come back",
                        path.display()
                    ),
                    error: true,
                };
                true
            }
            Found::NoFight { dir } => {
                self.note = WatchNote {
                    text: format!(
                        "no fight in {} yet; waiting for the GM to start one",
                        dir.display()
                    ),
                    error: true,
                };
                true
            }
        }
    }
}

/// When the current turn began and how its time is shown, if the GM shows it and the players
/// see whose turn it is (a hidden combatant's turn shows no time: its start would give it away).
fn turn_shown(session: &crate::encounter::Session) -> Option<(u64, TurnTimer)> {
    let encounter = session.encounter();
    let timer = TurnTimer::parse(encounter.option(TURN_TIMER))?;
    encounter.current().filter(|c| crate::view::visible(c))?;
    let began = session.turn_began().filter(|_| timer != TurnTimer::Off)?;
    Some((began, timer))
}

/// Which file to follow: the one given, else the GM's current fight in the saves folder.
fn target(file: Option<PathBuf>, saves: Option<&Path>) -> Result<Target, String> {
    match file {
        Some(path) => Ok(Target::File(path)),
        None => save_dir(saves).map(Target::Current).ok_or_else(|| {
            "no saves folder to look in (set HOME or XDG_DATA_HOME, or give --saves DIR or a FILE)"
                .to_string()
        }),
    }
}

fn save_dir(saves: Option<&Path>) -> Option<PathBuf> {
    crate::save::saves_dir(saves)
}

/// `skirmish watch [FILE] [--once [--json]]`.
pub(super) fn watch(file: Option<PathBuf>, shown: Shown, saves: Option<&Path>) -> ExitCode {
    let Shown { once, json, bell } = shown;
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let target = match target(file, saves) {
        Ok(t) => t,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let mut follower = Follower::new(target, assets);
    if once {
        return match follower.poll() {
            Found::Fight { session, .. } => {
                let seen = players_see(session);
                if json {
                    match serde_json::to_string_pretty(&seen) {
                        Ok(text) => println!("{text}"),
                        Err(err) => return fail(EXIT_INPUT, err),
                    }
                } else {
                    print!("{}", seen.to_text());
                }
                ExitCode::SUCCESS
            }
            Found::Broken { message, .. } => fail(EXIT_INPUT, message),
            Found::Gone { path } => fail(EXIT_INPUT, format!("{}: no such file", path.display())),
            Found::NoFight { dir } => fail(EXIT_INPUT, format!("no fight in {}", dir.display())),
            Found::Same => fail(EXIT_INPUT, "nothing to show"),
        };
    }
    if !io::IsTerminal::is_terminal(&io::stdout()) {
        return fail(
            EXIT_INPUT,
            "watch needs a terminal; for scripts use `skirmish watch FILE --once`",
        );
    }
    match run(Watch::new(follower), bell) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(EXIT_COMMAND, format!("{err:#}")),
    }
}

fn run(mut watch: Watch, bell: bool) -> Result<()> {
    TerminalGuard::enter().and_then(|mut guard| event_loop(&mut watch, &mut guard, bell))
}

/// Whether a key quits: `q`, Esc or Ctrl-C.
pub fn quits(event: &Event) -> bool {
    let Event::Key(key) = event else { return false };
    key.kind == KeyEventKind::Press
        && (matches!(key.code, KeyCode::Char('q') | KeyCode::Char('Q') | KeyCode::Esc)
            || (key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)))
}

fn event_loop(watch: &mut Watch, guard: &mut TerminalGuard, bell: bool) -> Result<()> {
    let theme = Theme::from_env();
    let (terminal, frame) = guard.parts();
    let mut dirty = true;
    watch.poll();
    let mut next_poll = Instant::now() + POLL;
    loop {
        if dirty {
            let mut out = frame.clone();
            queue!(out, BeginSynchronizedUpdate)?;
            terminal.draw(|f| f.render_widget(watch.screen(theme), f.area()))?;
            queue!(out, EndSynchronizedUpdate)?;
            frame.commit()?;
            dirty = false;
        }
        let wait = next_poll.saturating_duration_since(Instant::now());
        if event::poll(wait)? {
            let event = event::read()?;
            if quits(&event) {
                return Ok(());
            }
            if matches!(event, Event::Resize(..)) {
                terminal.autoresize()?;
                dirty = true;
            }
        }
        if Instant::now() >= next_poll {
            let changed = watch.poll();
            // The turn timer, when shown: drawn as it reaches another second.
            dirty |= changed | watch.tick_clock();
            // `--bell`: the terminal's bell for a player character's turn or its being on deck.
            if changed && watch.bell_due() && bell {
                use std::io::Write;
                let mut out = io::stdout();
                out.write_all(b"\x07")?;
                out.flush()?;
            }
            next_poll = Instant::now() + POLL;
        }
    }
}
