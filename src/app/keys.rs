//! Keys outside the command line and dialogs: normal mode's actions, the help screen and the demo
//! picker, and the dispatch of each key to the mode that owns it.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind};

use super::keymap::Action;
use super::{App, LOG_STEP, Mode, Row};
use crate::command::{Command, Value, table};

impl App {
    /// Handle a terminal event. Returns whether anything changed (the runtime redraws only then).
    pub fn handle_event(&mut self, event: &Event) -> bool {
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Press => {
                if Self::is_interrupt(key) {
                    self.quit_asking("Ctrl-C");
                } else if self.too_small() {
                    // Nothing is on screen to act on (a dialog's field would be hidden): only
                    // quitting works until the terminal grows.
                    if self.keymap.action(key) == Some(Action::Quit) {
                        self.quit = true;
                    }
                    return self.quit;
                } else {
                    self.handle_key(*key);
                }
                true
            }
            Event::Resize(width, height) => {
                self.resize(*width, *height);
                true
            }
            Event::Paste(text) if !self.too_small() => {
                self.pasted(text);
                true
            }
            _ => false,
        }
    }

    pub fn handle_key(&mut self, key: KeyEvent) {
        if self.timeline.is_some() {
            return self.timeline_key(key);
        }
        match &self.mode {
            Mode::Normal => self.normal_key(key),
            Mode::Command => self.command_key(key),
            Mode::Dialog(_) => self.dialog_key(key),
            Mode::Help { .. } | Mode::Sheet { .. } => self.help_key(key),
            Mode::Report { .. } => self.report_key(key),
            Mode::Paste { .. } => self.paste_key(key),
            Mode::Picker { .. } => self.picker_key(key),
            Mode::Fights { .. } => self.fights_key(key),
            Mode::Recover { .. } => self.recover_key(key),
        }
    }

    fn normal_key(&mut self, key: KeyEvent) {
        // An alert's banner is read first: any key closes it.
        if self.banner.take().is_some() {
            return;
        }
        // The end-of-fight summary is read first: any key closes it.
        if self.summary.take().is_some() {
            self.hint("the log keeps the summary · n plays on · :export writes a report");
            return;
        }
        if key.code == KeyCode::Esc {
            self.hint("? help · : command · q quit");
            return;
        }
        // A verb bound to its own key (keys.ron `"verb:soak": ["S"]`) opens its dialog.
        if let Some(verb) = self.keymap.verb(&key).map(str::to_string) {
            self.verb_key(&verb);
            return;
        }
        let Some(action) = self.keymap.action(&key) else {
            if let KeyCode::Char(c) = key.code {
                self.error(format!("'{c}' does nothing here; press ? for the keys"));
            }
            return;
        };
        match action {
            Action::SelectDown => {
                self.selected = (self.selected + 1).min(self.rows().len().saturating_sub(1));
            }
            Action::SelectUp => self.selected = self.selected.saturating_sub(1),
            Action::NextTurn => self.next_turn(),
            Action::Undo => _ = self.run_command(Command::Undo, None),
            Action::Redo => _ = self.run_command(Command::Redo, None),
            Action::Hold => {
                let hold = Command::verb(&table::HOLD, vec![Value::Absent]);
                _ = self.run_command(hold, None);
            }
            Action::Quit => self.quit_asking(&self.keymap.first_key_of(Action::Quit)),
            Action::Help => self.mode = Mode::Help { scroll: 0 },
            // The timeline walks the whole history.
            Action::Timeline if self.loading.is_some() => self.error(
                "the timeline needs this long fight's whole history, still being read and \
                 checked; a moment, then try again",
            ),
            Action::Timeline => self.open_timeline(None, true, 1000),
            Action::CommandLine => {
                self.input.reset();
                self.history_at = None;
                self.completion = None;
                self.mode = Mode::Command;
                self.hint("Enter run · Tab complete · ↑/↓ history · Esc cancel");
            }
            Action::Fold => match self.rows().get(self.selected) {
                Some(Row::Group { id, open, .. }) => {
                    if *open {
                        self.unfolded.remove(id);
                    } else {
                        self.unfolded.insert(id.clone());
                    }
                }
                Some(Row::One(i) | Row::Member(i)) => {
                    let id = self.session.encounter().combatants[*i].id.clone();
                    self.mode = Mode::Sheet { id, scroll: 0 };
                }
                None => {}
            },
            // By lines on screen, not by entries: a long entry is read a few lines at a time.
            // The runtime keeps the scroll within the log before each frame.
            Action::LogUp => self.log_scroll = self.log_scroll.saturating_add(LOG_STEP),
            Action::LogDown => self.log_scroll = self.log_scroll.saturating_sub(LOG_STEP),
            // As far back as can be: the frame holds it to the log's first line.
            Action::LogOldest => self.log_scroll = usize::MAX,
            Action::LogNewest => self.log_scroll = 0,
            // The open command folds under its headline, or opens again; the view goes back to
            // the newest lines, where the fold shows.
            Action::LogFold => match super::log_fold::open(&self.session) {
                Some(open) => {
                    let folded = self.log_folded == Some(open.node);
                    self.log_folded = (!folded).then_some(open.node);
                    self.log_scroll = 0;
                }
                None => self.hint("the dice log has nothing to fold"),
            },
            Action::Damage
            | Action::Heal
            | Action::Condition
            | Action::ShakeOff
            | Action::Attack
            | Action::Roll
            | Action::Initiative
            | Action::Act
            | Action::Save => self.open_dialog(action),
        }
    }

    /// The help screen and a combatant's sheet: read and scrolled, closed by any other key.
    fn help_key(&mut self, key: KeyEvent) {
        let (Mode::Help { scroll } | Mode::Sheet { scroll, .. }) = &mut self.mode else { return };
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => *scroll = scroll.saturating_add(1),
            KeyCode::Char('k') | KeyCode::Up => *scroll = scroll.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => *scroll = scroll.saturating_add(10),
            KeyCode::PageUp => *scroll = scroll.saturating_sub(10),
            _ => self.mode = Mode::Normal,
        }
    }

    /// An import's report is read before it goes: the scroll keys move it, and only Esc, Enter
    /// or q close it (a stray key would lose what looked odd).
    fn report_key(&mut self, key: KeyEvent) {
        let Mode::Report { lines, scroll, .. } = &mut self.mode else { return };
        let last = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => *scroll = scroll.saturating_add(1).min(last),
            KeyCode::Char('k') | KeyCode::Up => *scroll = scroll.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => *scroll = scroll.saturating_add(10).min(last),
            KeyCode::PageUp => *scroll = scroll.saturating_sub(10),
            KeyCode::Home | KeyCode::Char('g') => *scroll = 0,
            KeyCode::End | KeyCode::Char('G') => *scroll = last,
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q') => {
                self.mode = Mode::Normal;
                self.hint("? help · : command · q quit");
            }
            _ => self.hint("Esc, Enter or q closes the report · ↑↓ PgUp PgDn Home End scroll"),
        }
    }

    fn picker_key(&mut self, key: KeyEvent) {
        let Mode::Picker { options, cursor } = &mut self.mode else { return };
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => {
                *cursor = (*cursor + 1).min(options.len().saturating_sub(1))
            }
            KeyCode::Char('k') | KeyCode::Up => *cursor = cursor.saturating_sub(1),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Enter | KeyCode::Char(' ') => {
                let Some((_, session)) = options.get(*cursor).cloned() else { return };
                let name = session.encounter().name.clone();
                self.session = session;
                self.mode = Mode::Normal;
                self.save_path = self.new_files.next(&name);
                self.autosave();
                self.follow_turn();
                self.hint("a demo fight: n next turn · d damage · ? help");
            }
            _ => {}
        }
    }

    /// The offer to open a damaged journal without its damaged tail: `y` keeps the whole file as
    /// `FILE.damaged`, cuts the damage off and opens the rest; `n` leaves the file as it is.
    fn recover_key(&mut self, key: KeyEvent) {
        let Mode::Recover { path, .. } = &self.mode else { return };
        match key.code {
            KeyCode::Char('y') | KeyCode::Char('Y') => {
                let path = path.clone();
                let opened = crate::save::recover_aside(&path).and_then(|kept| {
                    let assets = self.session.shared_assets();
                    let session = crate::save::from_ron(&kept.good, &path, assets);
                    session.map(|s| (s, kept.said)).map_err(|e| e.to_string())
                });
                match opened {
                    Ok((session, said)) => {
                        self.session = session;
                        self.save_path = Some(path);
                        self.journal = None;
                        self.mode = Mode::Normal;
                        self.selected = 0;
                        // The fight's file is rewritten without the damage by the runtime,
                        // which holds its lock, as any save is.
                        self.autosave();
                        self.follow_turn();
                        self.hint(&said);
                    }
                    Err(err) => self.decline_recovery(Some(err)),
                }
            }
            KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Char('q') | KeyCode::Esc => {
                self.decline_recovery(None)
            }
            _ => {}
        }
    }

    /// Leave the damaged file untouched: on to the demo picker, or quit.
    fn decline_recovery(&mut self, error: Option<String>) {
        let Mode::Recover { path, otherwise, .. } = &mut self.mode else { return };
        let path = path.clone();
        match otherwise.take() {
            Some(options) => {
                let first = options.first().map(|(_, s)| s.clone());
                if let Some(session) = first {
                    self.session = session;
                }
                self.mode = Mode::Picker { options, cursor: 0 };
                self.error(error.unwrap_or_else(|| {
                    format!(
                        "{} is left as it was; `skirmish check` shows the damage, `skirmish run FILE --recover` opens it later",
                        path.display()
                    )
                }));
            }
            None => self.quit = true,
        }
    }

    /// `q` or Ctrl-C (`key`): quits, unless the last save failed: then the first one says so (the
    /// fight is still in memory; `:save PATH` writes it elsewhere) and a second one quits anyway.
    fn quit_asking(&mut self, key: &str) {
        let failed = matches!(self.save_state, super::SaveState::Failed(_));
        let warned = self.status.error && self.status.text.starts_with(UNSAVED_WARNING);
        if failed && !warned {
            // Where the warning can be read: the command line or an overlay would cover it.
            if matches!(
                self.mode,
                Mode::Command | Mode::Dialog(_) | Mode::Help { .. } | Mode::Sheet { .. }
            ) {
                self.mode = Mode::Normal;
            }
            self.error(format!(
                "{UNSAVED_WARNING}: :save PATH writes it elsewhere; {key} again quits and loses it"
            ));
        } else {
            self.quit = true;
        }
    }
}

/// The start of the warning a failed save gives before quitting.
const UNSAVED_WARNING: &str = "the last save failed and the fight is only in memory";
