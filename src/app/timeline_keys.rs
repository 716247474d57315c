//! The timeline's keys, on the [`App`] whose panes it moves: stepping, jumping, playing, the
//! history tree's list, going to a round and naming a branch.

use std::path::PathBuf;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use super::timeline::{PACE_MS, Prompt, REAL_CAP_MS, Timeline, branch_session};
use super::{App, Mode};

impl App {
    /// Open the timeline over this fight. `live`: the tracker's `t`, which keeps the present to
    /// return to with Esc; otherwise `skirmish replay`, where `q` quits and `b` branches.
    pub fn open_timeline(&mut self, source: Option<PathBuf>, live: bool, pace_ms: u64) {
        let mut timeline = Timeline::new(&self.session, source, pace_ms);
        if live {
            timeline.present = Some(Box::new(self.session.clone()));
        }
        self.timeline = Some(Box::new(timeline));
        self.mode = Mode::Normal;
        self.summary = None;
        self.hint(if live {
            "the timeline: ←/→ command · [/] turn · {/} round · Esc back to the present"
        } else {
            "replay, read-only: ←/→ command · [/] turn · {/} round · b branch from here · q quit"
        });
    }

    /// Whether the timeline is playing (the runtime then wakes at its pace).
    pub fn playing(&self) -> Option<std::time::Duration> {
        let timeline = self.timeline.as_ref().filter(|t| t.playing)?;
        Some(std::time::Duration::from_millis(timeline.wait_ms()))
    }

    /// One step of play; it stops at the end.
    pub fn tick(&mut self) {
        let Some(t) = self.timeline.as_mut() else { return };
        if t.at >= t.line.len() {
            t.playing = false;
            self.hint("the end of this line of play");
            return;
        }
        t.at += 1;
        self.show_step();
    }

    /// Move the panes to the timeline's step.
    fn show_step(&mut self) {
        let Some(t) = self.timeline.as_ref() else { return };
        let node = t.node();
        if let Err(err) = self.session.jump_to(node) {
            self.error(format!("this step does not fold: {err}"));
            return;
        }
        self.log_scroll = 0;
        self.follow_turn();
        self.clamp_selection();
        if let Some(t) = self.timeline.as_ref() {
            let step = t.at.checked_sub(1).and_then(|i| t.steps.get(i));
            let text = match step {
                Some(s) => format!("step {}/{}: {}", t.at, t.line.len(), s.command),
                None => format!("step 0/{}: the start, before any command", t.line.len()),
            };
            self.hint(&text);
        }
    }

    /// Leave the timeline: back to the present in the tracker, or quit a replay.
    fn close_timeline(&mut self) {
        let Some(timeline) = self.timeline.take() else { return };
        match timeline.present {
            Some(present) => {
                self.session = *present;
                self.follow_turn();
                self.clamp_selection();
                self.hint("back to the present");
            }
            None => self.quit = true,
        }
    }

    /// A key while the timeline is open.
    pub fn timeline_key(&mut self, key: KeyEvent) {
        // A long fight replayed from its snapshot: its steps come with its whole history.
        if self.loading.is_some() && key.code != KeyCode::Char('q') {
            self.hint(
                "reading this long fight's history; the timeline's steps come with it (q quits)",
            );
            return;
        }
        let Some(t) = self.timeline.as_mut() else { return };
        if t.prompt.is_some() {
            return self.prompt_key(key);
        }
        if t.choices.is_some() {
            return self.choices_key(key);
        }
        let len = t.line.len();
        let target = match key.code {
            KeyCode::Left | KeyCode::Char('h') => Some(t.at.saturating_sub(1)),
            KeyCode::Right | KeyCode::Char('l') => Some((t.at + 1).min(len)),
            KeyCode::Char('[') => Some(t.turn_back()),
            KeyCode::Char(']') => Some(t.turn_forward()),
            KeyCode::Char('{') | KeyCode::PageUp => {
                let round = t.round_at(t.at);
                let start = t.start_of_round(round);
                Some(if t.at > start { start } else { t.start_of_round(round.saturating_sub(1)) })
            }
            KeyCode::Char('}') | KeyCode::PageDown => {
                Some(t.start_of_round(t.round_at(t.at).saturating_add(1)).min(len))
            }
            KeyCode::Home => Some(0),
            KeyCode::End => Some(len),
            _ => None,
        };
        if let Some(target) = target {
            t.playing = false;
            t.at = target;
            return self.show_step();
        }
        match key.code {
            KeyCode::Char(' ') | KeyCode::Char('p') => {
                t.playing = !t.playing && t.at < len;
                let pace = t.pace_ms as f64 / 1000.0;
                let cap = REAL_CAP_MS / 1000;
                let text = if t.playing && t.real {
                    format!("playing at the fight's own pace (waits of {cap} s at most) · Space pauses")
                } else if t.playing {
                    format!("playing, a step every {pace:.1} s · +/- pace · Space pauses")
                } else {
                    "paused".to_string()
                };
                self.hint(&text);
            }
            KeyCode::Char('+') | KeyCode::Char('=') => {
                t.real = false;
                t.pace_ms = (t.pace_ms / 2).max(PACE_MS.0);
                let text = format!("a step every {:.1} s", t.pace_ms as f64 / 1000.0);
                self.hint(&text);
            }
            KeyCode::Char('-') => {
                t.real = false;
                t.pace_ms = t.pace_ms.saturating_mul(2).min(PACE_MS.1);
                let text = format!("a step every {:.1} s", t.pace_ms as f64 / 1000.0);
                self.hint(&text);
            }
            KeyCode::Char('g') => {
                t.playing = false;
                t.prompt = Some(Prompt::Round(Input::default()));
                let text = format!("go to round (1 to {}), Enter goes, Esc cancels", t.last_round());
                self.hint(&text);
            }
            KeyCode::Char('t') => {
                t.playing = false;
                let choices = t.choices(&self.session);
                let at = choices.iter().position(|c| Some(&c.end) == t.line.last()).unwrap_or(0);
                t.choices = Some((choices, at));
                self.hint("lines of play: j/k choose · Enter shows it · Esc closes");
            }
            KeyCode::Char('b') if t.present.is_some() => self.error(
                "to branch here, Esc back and :undo to this step; `skirmish replay FILE` branches into a new file",
            ),
            KeyCode::Char('b') => {
                t.playing = false;
                t.prompt = Some(Prompt::BranchName(Input::new(t.branch_name())));
                self.hint("branch from here into a new file: Enter opens it live · Esc cancels");
            }
            KeyCode::Char('j') | KeyCode::Down => {
                self.selected = (self.selected + 1).min(self.rows().len().saturating_sub(1));
            }
            KeyCode::Char('k') | KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Esc if t.present.is_some() => self.close_timeline(),
            KeyCode::Char('q') => self.close_timeline(),
            KeyCode::Esc => self.hint("q quits the replay"),
            KeyCode::Char(c) => self.error(format!(
                "'{c}' does nothing in the timeline; ←/→ [/] {{/}} Home End g Space t b q"
            )),
            _ => {}
        }
    }

    fn choices_key(&mut self, key: KeyEvent) {
        let Some(t) = self.timeline.as_mut() else { return };
        let Some((choices, at)) = t.choices.as_mut() else { return };
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => {
                *at = (*at + 1).min(choices.len().saturating_sub(1))
            }
            KeyCode::Char('k') | KeyCode::Up => *at = at.saturating_sub(1),
            KeyCode::Enter => {
                let Some(choice) = choices.get(*at).cloned() else { return };
                t.choices = None;
                // Stay on the same step when the new line shares it, else go to the fork.
                let keep = t.at.min(choice.shared);
                t.set_line(&self.session, Some(choice.end));
                t.at = keep;
                self.show_step();
            }
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('t') => {
                t.choices = None;
                self.hint("");
            }
            _ => {}
        }
    }

    fn prompt_key(&mut self, key: KeyEvent) {
        let Some(t) = self.timeline.as_mut() else { return };
        let Some(prompt) = t.prompt.as_mut() else { return };
        let input = match prompt {
            Prompt::Round(input) | Prompt::BranchName(input) => input,
        };
        match key.code {
            KeyCode::Esc => {
                t.prompt = None;
                self.hint("cancelled");
            }
            KeyCode::Enter => {
                let text = input.value().trim().to_string();
                let prompt = t.prompt.take();
                match prompt {
                    Some(Prompt::Round(_)) => {
                        let last = t.last_round();
                        match text.parse::<u32>() {
                            Ok(n) if (1..=last).contains(&n) => {
                                t.at = t.start_of_round(n);
                                self.show_step();
                            }
                            _ if last == 0 => self.error("this fight never reached round 1"),
                            _ => self.error(format!(
                                "go to round: expected a round from 1 to {last}, found '{text}'"
                            )),
                        }
                    }
                    Some(Prompt::BranchName(_)) if text.is_empty() => {
                        self.error("a branch needs a file name")
                    }
                    Some(Prompt::BranchName(_)) => {
                        let path =
                            if text.ends_with(".ron") { text } else { format!("{text}.ron") };
                        t.branch_to = Some(PathBuf::from(path));
                    }
                    None => {}
                }
            }
            _ => {
                input.handle_event(&Event::Key(key));
            }
        }
    }

    /// The file a branch asked for, for the runtime to check that it is free.
    pub fn branch_request(&mut self) -> Option<PathBuf> {
        self.timeline.as_mut().and_then(|t| t.branch_to.take())
    }

    /// The runtime's answer about a branch's file: when it is free, the history up to the step on
    /// screen becomes a live fight saved there (the source is never touched); when taken, say so.
    pub fn branch_into(&mut self, path: PathBuf, free: bool) {
        if !free {
            self.error(format!(
                "{} already exists; b again and choose another name",
                path.display()
            ));
            return;
        }
        let Some(node) = self.timeline.as_ref().map(|t| t.node()) else { return };
        let session = match branch_session(&self.session, node) {
            Ok(session) => session,
            Err(err) => return self.error(format!("cannot branch here: {err}")),
        };
        self.timeline = None;
        self.session = session;
        self.save_path = Some(path.clone());
        self.journal = None;
        self.autosave();
        self.follow_turn();
        self.clamp_selection();
        self.hint(&format!("a new fight branched into {}: play on", path.display()));
    }
}
