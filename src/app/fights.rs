//! Picking a fight from the saves folder (`skirmish open` with no file): the fights newest first,
//! Enter asks the runtime to lock and open one (it answers with [`App::show_opened`] or
//! [`App::open_failed`]), Esc or `q` quits.

use std::path::PathBuf;
use std::sync::Arc;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::keymap::KeyMap;
use super::{App, FightRow, Mode, NewFiles, SaveState, Status};
use crate::encounter::{Assets, Session};

impl App {
    /// Start on the picker of the saves folder's fights.
    pub fn fights_picker(
        rows: Vec<FightRow>,
        assets: Arc<Assets>,
        keymap: KeyMap,
        new_files: NewFiles,
    ) -> App {
        let session = Session::new(crate::rules::System::WOIN, "", assets);
        let mut app = App::new(session, None, keymap, new_files);
        app.mode = Mode::Fights { rows, cursor: 0 };
        app.status = Status::default();
        app
    }

    pub(super) fn fights_key(&mut self, key: KeyEvent) {
        let Mode::Fights { rows, cursor } = &mut self.mode else { return };
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => {
                *cursor = (*cursor + 1).min(rows.len().saturating_sub(1))
            }
            KeyCode::Char('k') | KeyCode::Up => *cursor = cursor.saturating_sub(1),
            KeyCode::Home => *cursor = 0,
            KeyCode::End => *cursor = rows.len().saturating_sub(1),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Enter | KeyCode::Char(' ') => {
                self.open_request = rows.get(*cursor).map(|row| row.path.clone());
            }
            _ => {}
        }
    }

    /// The fight picked, for the runtime to lock and open (taken once).
    pub fn open_request(&mut self) -> Option<PathBuf> {
        self.open_request.take()
    }

    /// A fight opened from `path`: on screen and saved back there. A long one shows its
    /// snapshot while its history is read behind the screen.
    pub fn show_opened(&mut self, path: PathBuf, opened: crate::save::Opened) {
        self.loading = None;
        self.journal = None;
        self.held.clear();
        match opened {
            crate::save::Opened::Whole(session, written) => {
                self.session = session;
                self.journal = written;
                self.hint("? help · : command · q quit");
            }
            crate::save::Opened::Glanced { now, written, whole } => {
                self.session = now;
                // Commands made before the history comes are numbered as the file will hold
                // them, and held until it has come and agrees.
                self.journal = Some(written);
                self.loading = Some(whole);
                self.hint("a long fight: reading and checking its history (commands work now)…");
            }
        }
        self.save_path = Some(path);
        self.save_state = SaveState::Saved;
        self.mode = Mode::Normal;
        self.selected = 0;
        self.unfolded.clear();
        self.follow_turn();
    }

    /// The fight picked could not be opened: the picker stays, saying why.
    pub fn open_failed(&mut self, why: String) {
        self.error(why);
    }
}
