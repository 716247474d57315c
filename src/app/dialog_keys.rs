//! Keys while a dialog is open: moving through its steps, asking the engine before the faces
//! step, running the command it wrote or showing its refusal; and the attack odds preview.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use tui_input::backend::crossterm::EventHandler;

use super::dialog::{Step, Template};
use super::probe::{BeforeFaces, before_faces};
use super::{App, Mode, Ran};
use crate::command::{self, Command, Value};

impl App {
    pub(super) fn dialog_key(&mut self, key: KeyEvent) {
        if let Mode::Dialog(dialog) = &self.mode
            && dialog.refused.is_some()
        {
            // The refusal stays in the status line after the dialog closes.
            if matches!(key.code, KeyCode::Enter | KeyCode::Esc) {
                self.mode = Mode::Normal;
            }
            return;
        }
        if key.code == KeyCode::Esc {
            self.mode = Mode::Normal;
            self.hint("cancelled; nothing changed");
            return;
        }
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let Some(step) = dialog.step_mut() else { return };
        match key.code {
            KeyCode::Enter | KeyCode::Tab => {
                let Some(answer) = step.answer() else {
                    let label = step.label();
                    self.error(format!("{label}: nothing chosen yet"));
                    return;
                };
                dialog.answers.push(answer);
                dialog.fix = None;
                dialog.at += 1;
                // The step is answered: a complaint about it is over.
                if self.status.error {
                    self.status = super::Status::default();
                }
                if dialog.at >= dialog.steps.len() {
                    self.finish_dialog();
                    return;
                }
                if dialog.rolls && dialog.at + 1 == dialog.steps.len() {
                    self.reach_faces_step();
                }
                self.refresh_attack_choice();
                self.refresh_attack_toggles();
                self.refresh_other_targets();
                self.refresh_attack_hint();
            }
            KeyCode::Up | KeyCode::Down => {
                let n = match step {
                    Step::Toggles { options, .. } => options.len(),
                    _ => step.visible().len(),
                };
                if let Step::Pick { cursor, .. } | Step::Toggles { cursor, .. } = step {
                    *cursor = if key.code == KeyCode::Up {
                        cursor.saturating_sub(1)
                    } else {
                        (*cursor + 1).min(n.saturating_sub(1))
                    };
                }
            }
            _ => match step {
                Step::Pick { filter, cursor, .. } => {
                    filter.handle_event(&Event::Key(key));
                    *cursor = 0;
                }
                Step::Text { input, .. } => {
                    input.handle_event(&Event::Key(key));
                }
                Step::Toggles { on, cursor, .. } => {
                    if key.code == KeyCode::Char(' ')
                        && let Some(flag) = on.get_mut(*cursor)
                    {
                        *flag = !*flag;
                    }
                }
            },
        }
        self.refresh_preview();
    }

    /// The next-turn key. With `set typed_dice ask`, a turn whose start rolls dice (ongoing
    /// damage, a recovery or survival roll) first asks for the faces rolled at the table,
    /// naming the rolls in order; otherwise, and when nothing is rolled, the turn passes at once.
    pub(super) fn next_turn(&mut self) {
        if !self.asks_faces_for("next", "next turn") {
            let next = Command::verb(&command::table::NEXT, vec![Value::Absent]);
            _ = self.run_command(next, None);
        }
    }

    /// With `set typed_dice ask`, a command that rolls dice (a turn's start, initiative for a
    /// newcomer, `start`, a roll) first asks for the faces rolled at the table, naming the
    /// rolls in order, in a dialog titled `title`. Whether it did; if not, the caller runs the
    /// line (with the cards the probe drew dealt first).
    pub(super) fn asks_faces_for(&mut self, line: &str, title: &'static str) -> bool {
        let encounter = self.session.encounter();
        if encounter.option("typed_dice") != "ask" {
            return false;
        }
        let (before, cards) = before_faces(encounter, self.session.assets(), line, &mut *self.dice);
        match before {
            BeforeFaces::AskFaces { needs } => {
                let mut dialog =
                    super::dialog::Dialog::new(title, Template::Line, Vec::new(), true);
                dialog.line = line.to_string();
                dialog.needs = Some(needs);
                dialog.cards = cards;
                self.mode = Mode::Dialog(Box::new(dialog));
                true
            }
            BeforeFaces::RunNow | BeforeFaces::Refused(_) => {
                self.cards_ahead = cards;
                false
            }
        }
    }

    /// Run a dialog's line with the cards its probe drew dealt first.
    fn run_with_cards(&mut self, text: &str, cards: Vec<u32>) -> Ran {
        self.cards_ahead = cards;
        self.run_line(text, None)
    }

    /// Arriving at the faces step: the engine plans the command first. One that rolls nothing
    /// runs now; one refused before any die (no actions left, already tried this turn, not built
    /// for this system) or whatever the dice show is refused now, before any face is typed.
    fn reach_faces_step(&mut self) {
        let Mode::Dialog(dialog) = &self.mode else { return };
        let (text, _) = dialog.command();
        let (before, cards) =
            before_faces(self.session.encounter(), self.session.assets(), &text, &mut *self.dice);
        let refused = match before {
            BeforeFaces::AskFaces { needs } => {
                if let Mode::Dialog(dialog) = &mut self.mode {
                    dialog.needs = Some(needs);
                    dialog.cards = cards;
                }
                return;
            }
            BeforeFaces::RunNow => match self.run_with_cards(&text, cards) {
                Ran::Applied => None,
                Ran::Refused | Ran::BadFaces => Some(self.status.text.clone()),
            },
            BeforeFaces::Refused(why) => {
                self.error(why.clone());
                Some(why)
            }
        };
        self.settle_dialog(refused);
    }

    /// The last answer is in: run the command the dialog wrote. Faces the rules could not use
    /// (too few, a face the die does not have) take it back to its faces step with everything
    /// else kept, to type them again.
    fn finish_dialog(&mut self) {
        if self.propose_split() {
            return;
        }
        let Mode::Dialog(dialog) = &self.mode else { return };
        let (text, faces) = dialog.command();
        self.cards_ahead = dialog.cards.clone();
        let refused = match self.run_line(&text, faces.as_deref()) {
            Ran::Applied => None,
            Ran::BadFaces => {
                if let Mode::Dialog(dialog) = &mut self.mode {
                    dialog.at -= 1;
                    dialog.answers.pop();
                }
                return;
            }
            Ran::Refused => Some(self.status.text.clone()),
        };
        self.settle_dialog(refused);
    }

    /// GEM-ATK-6, GEM-ATK-7: an attack on several targets whose system shares hits out rolls its
    /// hit dice first (the faces typed, or the tracker's dice) and adds a step with the proposed
    /// split for the GM to accept or change before the damage. Whether that step was added.
    fn propose_split(&mut self) -> bool {
        let Mode::Dialog(dialog) = &self.mode else { return false };
        if dialog.template != Template::Attack
            || !dialog.more_targets
            || dialog.split_stage.is_some()
        {
            return false;
        }
        let (text, faces) = dialog.command();
        let Ok(Some(cmd)) = command::parse_in(&text, Some(self.session.encounter().system)) else {
            return false;
        };
        let typed: Option<Vec<String>> = faces
            .as_deref()
            .map(|f| f.split([' ', ',']).filter(|w| !w.is_empty()).map(str::to_string).collect());
        let proposal = match &typed {
            Some(words) => {
                let Ok(scripted) = crate::rules::dice::ScriptedDice::parse(&words.join(",")) else {
                    return false;
                };
                // Faces not typed are rolled, as for any dialog.
                let mut dice = crate::rules::dice::TypedFirst::new(scripted, &mut *self.dice);
                crate::encounter::engine::attack_proposal(self.session.encounter(), &cmd, &mut dice)
            }
            None => crate::encounter::engine::attack_proposal(
                self.session.encounter(),
                &cmd,
                &mut *self.dice,
            ),
        };
        let Ok(Some(proposal)) = proposal else { return false };
        let used = proposal.faces.len();
        let roll: Vec<String> = proposal.faces.iter().map(u32::to_string).collect();
        let leftover = typed.map(|w| w.get(used..).unwrap_or_default().join(" "));
        let Mode::Dialog(dialog) = &mut self.mode else { return false };
        dialog.split_stage = Some(super::dialog::SplitStage { roll: roll.join(","), leftover });
        if proposal.split.is_empty() {
            // No hits: nothing to share; run it as rolled.
            dialog.steps.push(Step::text("split", "no hits", "", true));
            dialog.answers.push(String::new());
            return false;
        }
        dialog.steps.push(Step::text(
            "split",
            format!("{} · Enter accepts, or edit (NAME:COUNT or NAME:h1+h2)", proposal.about),
            &proposal.split,
            false,
        ));
        true
    }

    /// Close the dialog once its command ran. A refusal one of its switches or optional fields
    /// causes takes it back to that step; any other stays in it until Enter or Esc.
    fn settle_dialog(&mut self, refused: Option<String>) {
        if let Some(why) = &refused
            && self.back_to_the_cause(why)
        {
            return;
        }
        // A line that does not read (an amount typed wrong), or a file name save as refuses:
        // the last answer typed is there again, as typed, to change.
        let system = self.session.encounter().system;
        if let (Some(why), Mode::Dialog(dialog)) = (&refused, &mut self.mode)
            && (dialog.template == Template::Save
                || command::parse_in(&dialog.command().0, Some(system)).is_err())
            && let Some(at) = (0..dialog.answers.len()).rev().find(|&i| {
                let faces = dialog.rolls && i + 1 == dialog.steps.len();
                matches!(dialog.steps.get(i), Some(Step::Text { .. }))
                    && !faces
                    && !dialog.answers[i].is_empty()
            })
        {
            dialog.answers.truncate(at);
            dialog.at = at;
            dialog.fix = Some(why.clone());
            (dialog.preview, dialog.needs, dialog.refused) = (None, None, None);
            return;
        }
        match (refused, &mut self.mode) {
            (Some(why), Mode::Dialog(dialog)) => dialog.refused = Some(why),
            _ => self.mode = Mode::Normal,
        }
    }

    /// A refusal the answer at one step causes, whatever the dice show (a modifier the rules
    /// refuse for this roll, an option misspelt): the dialog goes back to that step, with it and
    /// every earlier answer kept, and shows why there. The step is the last switches or optional
    /// field whose answer, left blank, changes the refusal. Whether it went back.
    fn back_to_the_cause(&mut self, why: &str) -> bool {
        let Mode::Dialog(dialog) = &self.mode else { return false };
        if dialog.split_stage.is_some() {
            return false;
        }
        let (encounter, assets) = (self.session.encounter(), self.session.assets());
        let refusal = |answers: &[String]| {
            let mut asked = (**dialog).clone();
            asked.answers = answers.to_vec();
            super::probe::refusal(encounter, assets, &asked.command().0)
        };
        let Some(refused) = refusal(&dialog.answers) else { return false };
        let fixable = |i: &usize| {
            matches!(
                dialog.steps.get(*i),
                Some(Step::Toggles { .. } | Step::Text { optional: true, .. })
            )
        };
        let cause = (0..dialog.answers.len()).rev().filter(fixable).find(|&i| {
            let mut without = dialog.answers.clone();
            without[i] = String::new();
            refusal(&without).as_ref() != Some(&refused)
        });
        let (Some(at), Mode::Dialog(dialog)) = (cause, &mut self.mode) else { return false };
        dialog.answers.truncate(at);
        dialog.at = at;
        dialog.fix = Some(why.to_string());
        (dialog.preview, dialog.needs, dialog.refused) = (None, None, None);
        true
    }

    /// When an attack dialog reaches its dice step, show the odds of the attack as chosen.
    fn refresh_preview(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        if dialog.template != Template::Attack || dialog.at + 1 != dialog.steps.len() {
            return;
        }
        let (text, _) = dialog.command();
        dialog.preview = match command::parse_in(&text, Some(self.session.encounter().system)) {
            Ok(Some(cmd)) => {
                match crate::encounter::engine::attack_preview(self.session.encounter(), &cmd) {
                    Ok(odds) => odds,
                    Err(err) => Some(format!("cannot attack like this: {err}")),
                }
            }
            Ok(None) => None,
            Err(err) => Some(format!("cannot attack like this: {err}")),
        };
    }
}
