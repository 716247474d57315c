//! The dashboard's state machine: its modes (normal, command line, dialog, help, picker), the
//! timeline over the fight's history (`timeline`, also `skirmish replay`) and the state they
//! share. It performs no I/O: writes are handed to the runtime as [`Effect`]s.

mod clock;
mod command_line;
pub mod dialog;
mod dialog_choices;
mod dialog_keys;
mod dialog_open;
mod dialog_verb;
mod fights;
pub mod keymap;
mod keys;
mod live;
pub mod log_fold;
mod paste;
mod probe;
mod rows;
mod run;
pub mod timeline;
mod timeline_keys;

pub use clock::TurnClock;

use std::collections::BTreeSet;
use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tui_input::Input;

use crate::command::display::quote;
use crate::encounter::{Session, slug};
use crate::rules::dice::{DiceSource, SeededDice};
use dialog::Dialog;
use keymap::KeyMap;
use timeline::Timeline;

/// Smallest terminal the dashboard lays out in; below it only quitting and resizing work.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 20;

/// One fight in the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FightRow {
    /// The encounter's name.
    pub name: String,
    /// Its system, round, when it was last played and its file, in one line.
    pub detail: String,
    pub path: PathBuf,
}

/// What the app is doing with keys.
#[derive(Debug, Clone)]
pub enum Mode {
    Normal,
    /// Typing a command after `:`.
    Command,
    Dialog(Box<Dialog>),
    Help {
        scroll: u16,
    },
    /// A combatant's whole sheet (Enter on it), scrolled by rows.
    Sheet {
        id: crate::encounter::CombatantId,
        scroll: u16,
    },
    /// What an import read (or the party's roster), scrolled by rows until a key closes it.
    Report {
        title: String,
        lines: Vec<String>,
        scroll: u16,
    },
    /// A stat block being pasted, read as an import on Ctrl-D.
    Paste {
        text: String,
    },
    /// Choosing a demo encounter (first start).
    Picker {
        options: Vec<(String, Session)>,
        cursor: usize,
    },
    /// Choosing one of the saves folder's fights, newest first (`skirmish open` with no file).
    Fights {
        rows: Vec<FightRow>,
        cursor: usize,
    },
    /// The fight's file has a damaged tail: open it without that part, or leave the file alone
    /// (then the demo picker, if given, or quit).
    Recover {
        path: PathBuf,
        damage: String,
        otherwise: Option<Vec<(String, Session)>>,
    },
}

/// A line of the turn-order pane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    One(usize),
    /// A group, folded or open; `members` index the combatants.
    Group {
        id: String,
        members: Vec<usize>,
        open: bool,
    },
    Member(usize),
}

/// How the last save went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveState {
    Saved,
    /// Nothing to save to yet, or a write is pending.
    Unsaved,
    Failed(String),
}

/// A file write the runtime should perform, then report with [`App::written`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    pub path: PathBuf,
    pub text: String,
    /// `save PATH`: from now on this is the encounter's file.
    pub switch_to: bool,
    /// Append `text` to the journal (synced) rather than replace the file.
    pub append: bool,
    /// What the file holds once this write succeeds.
    pub journal: crate::save::journal::Written,
    /// A report (`:export`), not the fight: no lock, and the fight's save state is untouched.
    pub report: bool,
}

/// How a command went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ran {
    Applied,
    Refused,
    /// Refused for the faces typed at the table: too few, one the die does not have, or text
    /// that is not faces. Typing them again may work.
    BadFaces,
}

/// The message under the panes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// Where new encounters are saved, and how to name them uniquely.
#[derive(Debug, Clone, Default)]
pub struct NewFiles {
    pub dir: Option<PathBuf>,
    /// A stamp (the start time) that keeps names unique across runs.
    pub stamp: u64,
    made: u32,
}

impl NewFiles {
    pub fn new(dir: Option<PathBuf>, stamp: u64) -> NewFiles {
        NewFiles { dir, stamp, made: 0 }
    }

    fn next(&mut self, name: &str) -> Option<PathBuf> {
        self.made += 1;
        let dir = self.dir.as_ref()?;
        Some(dir.join(format!("{}-{}-{}.ron", slug(name), self.stamp, self.made)))
    }
}

/// Rows the dice log moves per key.
pub const LOG_STEP: usize = 3;

/// The whole dashboard state.
pub struct App {
    pub session: Session,
    dice: Box<dyn DiceSource + Send>,
    /// The faces of a command answered one question at a time, each `true` when typed at the
    /// table, for the run that follows ([`live`]).
    answered: Option<Vec<(u32, bool)>>,
    pub mode: Mode,
    /// Index into [`App::rows`].
    pub selected: usize,
    pub unfolded: BTreeSet<String>,
    /// Rows of the dice log scrolled back from the newest (rows as laid out on screen).
    pub log_scroll: usize,
    /// The command (its node in the history) the GM folded with `f` while the log showed it
    /// open; a newer command shows open again.
    pub log_folded: Option<usize>,
    pub status: Status,
    pub input: Input,
    pub history: Vec<String>,
    history_at: Option<usize>,
    completion: Option<(String, Vec<String>, usize)>,
    pub keymap: KeyMap,
    pub save_path: Option<PathBuf>,
    pub save_state: SaveState,
    /// What the save file holds, when known: new commands are then appended to it.
    pub journal: Option<crate::save::journal::Written>,
    /// A long fight opened from its snapshot: the whole history, still being read and checked.
    /// Until it comes, commands run on the snapshot (those that need the history before it
    /// wait) and nothing is written: their records are held.
    pub loading:
        Option<std::sync::mpsc::Receiver<Result<crate::save::Whole, crate::save::LoadError>>>,
    /// The journal's records of the commands made while the history was read, appended once it
    /// has come and agrees with the snapshot (`save::graft`).
    held: String,
    /// Why commands are refused: the history behind the snapshot on screen failed to load.
    pub frozen: Option<String>,
    new_files: NewFiles,
    pub effects: Vec<Effect>,
    /// The summary of a fight that just ended, shown over the panes until a key is pressed.
    pub summary: Option<String>,
    /// The timeline over the fight's history (`t`, or `skirmish replay`): the panes show a past
    /// step and keys move through it.
    pub timeline: Option<Box<Timeline>>,
    pub quit: bool,
    /// The terminal's size as the runtime last reported it (unknown in most tests).
    pub screen: Option<(u16, u16)>,
    /// A fight picked from the saves folder, for the runtime to lock and open.
    open_request: Option<PathBuf>,
    /// Alerts the last command reached, shown over the panes until the next key.
    pub banner: Option<String>,
    /// Where times come from: each command's, and the turn timer's.
    clock: crate::clock::SharedClock,
    /// The clock's last reading (milliseconds since 1970), which the header's timer shows.
    pub now: Option<u64>,
}

impl App {
    pub fn new(
        session: Session,
        save_path: Option<PathBuf>,
        keymap: KeyMap,
        new_files: NewFiles,
    ) -> App {
        let saved = if save_path.is_some() { SaveState::Saved } else { SaveState::Unsaved };
        let mut app = App {
            session,
            dice: Box::new(SeededDice::new(new_files.stamp)),
            answered: None,
            mode: Mode::Normal,
            selected: 0,
            unfolded: BTreeSet::new(),
            log_scroll: 0,
            log_folded: None,
            status: Status::default(),
            input: Input::default(),
            history: Vec::new(),
            history_at: None,
            completion: None,
            keymap,
            save_path,
            save_state: saved,
            journal: None,
            loading: None,
            held: String::new(),
            frozen: None,
            new_files,
            effects: Vec::new(),
            summary: None,
            timeline: None,
            quit: false,
            screen: None,
            open_request: None,
            banner: None,
            clock: crate::clock::system(),
            now: None,
        };
        app.now = app.clock.now();
        app.follow_turn();
        app.hint("? help · : command · q quit");
        app
    }

    /// Say once what of the GM's own bestiary folder was skipped, this fight's system first,
    /// unless the start already has something to say that matters more (an error).
    pub fn warn_bestiary(&mut self) {
        let system = self.session.encounter().system;
        let warnings = &self.session.assets().warnings;
        let first = warnings.iter().find(|(s, _)| *s == system).or(warnings.first());
        let Some((_, first)) = first.filter(|_| !self.status.error) else { return };
        let more = match warnings.len() {
            1 => String::new(),
            n => format!(" · {} more: `skirmish bestiary` lists them", n - 1),
        };
        let text = format!("{first}{more}");
        self.error(text);
    }

    /// Start on the demo picker.
    pub fn picker(options: Vec<(String, Session)>, keymap: KeyMap, new_files: NewFiles) -> App {
        let first = options.first().map(|(_, s)| s.clone());
        let mut app = App::new(
            first.unwrap_or_else(|| {
                Session::new(crate::rules::System::WOIN, "encounter", Default::default())
            }),
            None,
            keymap,
            new_files,
        );
        app.mode = Mode::Picker { options, cursor: 0 };
        app
    }

    /// Start on the offer to open a fight whose journal ends in a damaged record without it.
    /// Nothing is written unless the GM accepts; `otherwise` is the picker shown if not.
    pub fn recover_offer(
        path: PathBuf,
        damage: String,
        otherwise: Option<Vec<(String, Session)>>,
        assets: std::sync::Arc<crate::encounter::Assets>,
        keymap: KeyMap,
        new_files: NewFiles,
    ) -> App {
        let session = Session::new(crate::rules::System::WOIN, "", assets);
        let mut app = App::new(session, None, keymap, new_files);
        app.mode = Mode::Recover { path, damage, otherwise };
        app
    }

    /// The whole history has arrived (or failed): the snapshot gives way to it, with the
    /// commands made meanwhile added to it as they were made (nothing planned or rolled again)
    /// and then appended to the file, if the two agree. A history that fails to read or check,
    /// or disagrees with its snapshot, is reported and its file never written. Whether anything
    /// changed.
    pub fn poll_loading(&mut self) -> bool {
        use std::sync::mpsc::TryRecvError;
        let Some(whole) = &self.loading else { return false };
        let result = match whole.try_recv() {
            Err(TryRecvError::Empty) => return false,
            Ok(result) => result,
            Err(TryRecvError::Disconnected) => {
                self.loading = None;
                self.refuse_file("reading the history stopped".into());
                return true;
            }
        };
        self.history_came(result);
        true
    }

    /// Wait for the whole history (on quitting: what was made meanwhile is written first).
    pub fn wait_loading(&mut self) {
        let Some(whole) = &self.loading else { return };
        match whole.recv() {
            Ok(result) => self.history_came(result),
            Err(_) => {
                self.loading = None;
                self.refuse_file("reading the history stopped".into());
            }
        }
    }

    fn history_came(&mut self, result: Result<crate::save::Whole, crate::save::LoadError>) {
        self.loading = None;
        let held = std::mem::take(&mut self.held);
        let grafted = result
            .map_err(|e| e.to_string())
            .and_then(|whole| crate::save::graft(whole, &self.session, &held));
        match grafted {
            Ok((session, written)) => {
                self.session = session;
                // What was made meanwhile goes to the file now (the next command's records are
                // chained after it).
                if let (Some(path), Some(journal)) = (&self.save_path, &written)
                    && !held.is_empty()
                {
                    self.save_state = SaveState::Unsaved;
                    self.effects.push(Effect {
                        path: path.clone(),
                        text: held,
                        switch_to: false,
                        append: true,
                        journal: journal.clone(),
                        report: false,
                    });
                }
                self.journal = written;
                self.hint("the whole history is read and checked");
                // A replay opened on the snapshot: its timeline now walks the whole line.
                if let Some(t) = self.timeline.take_if(|t| t.present.is_none()) {
                    self.open_timeline(t.source, false, t.pace_ms);
                    if let Some(now) = self.timeline.as_mut() {
                        now.real = t.real;
                    }
                }
            }
            Err(why) => {
                let lost =
                    held.lines().filter(|l| crate::save::peek::command_number(l).is_some()).count();
                let why = match lost {
                    0 => why,
                    1 => format!("{why}; the 1 command made since opening is not written"),
                    n => format!("{why}; the {n} commands made since opening are not written"),
                };
                self.refuse_file(why);
            }
        }
    }

    /// The file failed to load or verify behind the screen: it is never written from here.
    fn refuse_file(&mut self, why: String) {
        let path = self.save_path.take();
        self.journal = None;
        self.save_state = SaveState::Failed(why.clone());
        let file = path.map(|p| p.display().to_string()).unwrap_or_default();
        let text = format!(
            "{file}: {why}; the screen shows its last snapshot, read only, and the file is left \
             as it is (`skirmish check` tells more)"
        );
        self.frozen = Some(text.clone());
        self.error(text);
    }

    /// Use these dice instead of the seeded ones (tests).
    pub fn with_dice(mut self, dice: Box<dyn DiceSource + Send>) -> App {
        self.dice = dice;
        self
    }

    pub(crate) fn hint(&mut self, text: &str) {
        self.status = Status { text: text.to_string(), error: false };
    }

    pub(crate) fn error(&mut self, text: impl Into<String>) {
        self.status = Status { text: text.into(), error: true };
    }

    /// The command text of a quoted name, for hints.
    pub fn quoted(name: &str) -> String {
        quote(name)
    }

    /// The terminal changed size (or the runtime tells the size it started with).
    pub fn resize(&mut self, width: u16, height: u16) {
        self.screen = Some((width, height));
    }

    /// Hold the help screen's or a sheet's scroll within `within` rows, as far as the screen
    /// shows it going (the runtime measures, before each frame).
    pub fn hold_overlay_scroll(&mut self, within: u16) {
        if let Mode::Help { scroll } | Mode::Sheet { scroll, .. } = &mut self.mode {
            *scroll = (*scroll).min(within);
        }
    }

    /// Whether the terminal is too small for the dashboard: the screen shows only a message.
    pub fn too_small(&self) -> bool {
        self.screen.is_some_and(|(width, height)| width < MIN_WIDTH || height < MIN_HEIGHT)
    }

    /// Whether Ctrl-C was pressed: it quits from any mode (after a failed save, as `q` does: the
    /// first one warns).
    pub fn is_interrupt(key: &KeyEvent) -> bool {
        key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
    }
}

/// What `branches` answers, in the tracker and in scripts: each line of play that starts here,
/// with its first command and length.
pub fn branches_answer(branches: &[crate::encounter::history::Branch]) -> String {
    if branches.is_empty() {
        return "no line of play goes on from here".into();
    }
    let listed: Vec<String> = branches
        .iter()
        .map(|b| {
            let n = b.length;
            let unit = if n == 1 { "command" } else { "commands" };
            format!("{}: {} ({n} {unit})", b.number, b.first)
        })
        .collect();
    format!("branches here · {} · :branch N", listed.join(" · "))
}
