//! The table's order: once a dialog's own steps are answered, its command is planned one
//! question at a time. Each roll the rules reach without faces and each decision the command does
//! not carry becomes a step of the dialog; the GM types the faces rolled at the table (or has the
//! tracker roll them) or picks, and the command is planned again from the start with every answer
//! so far. Backspace on an empty field goes back a step with its answer kept.

use super::dialog::{Dialog, Step, Template};
use super::{App, Mode, Ran};
use crate::command::{self, Command};
use crate::encounter::engine::{Planned, Question, plan_asking_for};
use crate::rules::ask::{Asks, Need};
use crate::rules::dice::{DiceError, DiceSource};

/// The questions asked after a dialog's own steps.
#[derive(Debug, Clone, Default)]
pub struct Live {
    /// How many of the dialog's steps are its own; the questions' steps follow them.
    pub own: usize,
    /// One per question step, in order.
    pub asked: Vec<Asked>,
}

/// One question, as planning stopped at it.
#[derive(Debug, Clone)]
pub struct Asked {
    pub need: Need,
    /// Every face handed out before it, each `true` when typed at the table.
    pub faces: Vec<(u32, bool)>,
    /// The named rolls made before it, with their verdicts.
    pub so_far: Vec<String>,
}

/// A roll step's answer when the tracker rolled it: `rolled 5 2 1`.
const ROLLED: &str = "rolled ";

/// The faces of a roll step's answer, each marked typed or rolled.
fn faces_of(answer: &str) -> Result<Vec<(u32, bool)>, String> {
    let (text, typed) = match answer.strip_prefix(ROLLED) {
        Some(rest) => (rest, false),
        None => (answer, true),
    };
    text.split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|w| match w.parse::<u32>() {
            Ok(face) if face > 0 => Ok((face, typed)),
            _ => Err(format!("{w:?} is not a die's face: type numbers such as 3 5 2")),
        })
        .collect()
}

/// The source behind the answers: the session's dice, keeping what they gave.
struct Kept<'a> {
    dice: &'a mut dyn DiceSource,
    got: Vec<u32>,
}

impl DiceSource for Kept<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let face = self.dice.roll(sides)?;
        self.got.push(face);
        Ok(face)
    }

    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        let card = self.dice.draw_card(cards)?;
        self.got.push(card);
        Ok(card)
    }

    fn roll_off(&mut self, holder: &str) -> Result<u32, DiceError> {
        let face = self.dice.roll_off(holder)?;
        self.got.push(face);
        Ok(face)
    }
}

/// A refusal in a GM's words: a face the die does not have, rather than the dice script's.
fn plain_words(err: &crate::encounter::engine::EngineError) -> String {
    use crate::encounter::engine::EngineError;
    use crate::rules::RulesError;
    match err {
        EngineError::Rules(RulesError::Dice(DiceError::FaceOutOfRange { face, sides, .. })) => {
            format!("{face} is not a face of a d{sides}: type the faces again")
        }
        other => other.to_string(),
    }
}

/// The step a question is answered in.
fn step_for(need: &Need) -> Step {
    match need {
        Need::Roll(roll) => {
            let mut hint = roll.dice.clone();
            if let Some(beat) = &roll.beat {
                hint.push_str(&format!(", needs {beat}"));
            }
            let faces = match roll.count {
                0 | 1 => "the face rolled".to_string(),
                n => format!("the {n} faces rolled"),
            };
            hint.push_str(&format!(
                " · type {faces} at the table, or Enter on an empty field (or r) and the \
                 tracker rolls"
            ));
            Step::text(roll.label.clone(), hint, "", false)
        }
        Need::Decide(decision) => match &decision.typed {
            Some(hint) => {
                let value = decision.default_pick().map_or(String::new(), |p| p.text.clone());
                Step::text(
                    decision.label.clone(),
                    format!("{hint} · Enter takes it"),
                    &value,
                    false,
                )
            }
            None => {
                // An option the rules do not allow now says why, and is never taken.
                let label = |p: &crate::rules::ask::Pick| match &p.refused {
                    Some(why) => format!("{} — not now: {why}", p.label),
                    None => p.label.clone(),
                };
                let options = decision.options.iter().map(|p| (label(p), p.text.clone())).collect();
                let mut step = Step::pick(decision.label.clone(), options, None);
                if let Step::Pick { refused, cursor, .. } = &mut step {
                    *refused = decision.options.iter().map(|p| p.refused.clone()).collect();
                    *cursor = decision.suggested.unwrap_or(0);
                }
                step
            }
        },
    }
}

impl App {
    /// Plan `line` (a `:` line, the next-turn key) and run it, asking first in a dialog titled
    /// `title` whatever it needs answered.
    pub(super) fn start_live(&mut self, line: &str, title: &'static str) {
        let mut dialog = Dialog::new(title, Template::Line, Vec::new(), true);
        dialog.line = line.to_string();
        self.mode = Mode::Dialog(Box::new(dialog));
        self.advance(false);
        if self.in_live_step().is_some() {
            self.hint(&format!("{line}: answer each question · Esc cancels, ⇧Tab goes back"));
        }
    }

    /// The question the open dialog asks now, if it is at one (for scripts driving the keys).
    pub fn live_question(&self) -> Option<&Need> {
        self.in_live_step()
    }

    /// Whether the dialog's step now is a question's.
    pub(super) fn in_live_step(&self) -> Option<&Need> {
        let Mode::Dialog(dialog) = &self.mode else { return None };
        let live = dialog.live.as_ref()?;
        live.asked.get(dialog.at.checked_sub(live.own)?).map(|a| &a.need)
    }

    /// The command with every decision answered so far, and the faces to plan with: those
    /// before the question now plus, when its answer is in, the faces it gave.
    fn live_answers(dialog: &Dialog) -> Result<(String, Vec<(u32, bool)>), String> {
        let mut line = dialog.command();
        let Some(live) = &dialog.live else { return Ok((line, Vec::new())) };
        let mut faces = Vec::new();
        for (j, asked) in live.asked.iter().enumerate() {
            let Some(answer) = dialog.answers.get(live.own + j) else {
                faces.clone_from(&asked.faces);
                break;
            };
            faces.clone_from(&asked.faces);
            match &asked.need {
                Need::Roll(_) => faces.extend(faces_of(answer)?),
                Need::Decide(_) if !answer.is_empty() => {
                    line.push(' ');
                    line.push_str(answer);
                }
                Need::Decide(_) => {}
            }
        }
        Ok((line, faces))
    }

    /// Plan the dialog's command with the answers so far; `roll_it`: the question now is a roll
    /// the tracker rolls. Asks the next question, or runs the command once nothing is missing.
    pub(super) fn advance(&mut self, roll_it: bool) {
        let Mode::Dialog(dialog) = &self.mode else { return };
        let (line, faces) = match Self::live_answers(dialog) {
            Ok(answers) => answers,
            Err(why) => return self.live_refused(why, true),
        };
        let system = self.session.encounter().system;
        let parsed = command::parse_in(&line, Some(system));
        let command = match &parsed {
            Ok(Some(Command::Verb(verb))) if !command::table::reads_files(verb) => verb.clone(),
            // Not a verb (a session's own command), or a line that does not read: run it as
            // typed, which says what is wrong.
            _ => return self.finish_live(&line, None),
        };
        // An attack's odds as the answers so far make it (a maneuver picked changes them).
        if dialog.template == Template::Attack
            && dialog.live.is_some()
            && let Ok(Some(whole)) = &parsed
        {
            let odds = crate::encounter::engine::attack_preview(self.session.encounter(), whole);
            if let (Ok(Some(odds)), Mode::Dialog(dialog)) = (odds, &mut self.mode) {
                dialog.preview = Some(odds);
            }
        }
        let Mode::Dialog(dialog) = &self.mode else { return };
        // A dialog's own rolls are always the GM's to roll or type; a line (`:`, the next-turn
        // key) asks for its faces only with `set typed_dice ask`.
        let typed =
            self.session.encounter().option("typed_dice") == "ask" || dialog.own_steps() > 0;
        // Refused whatever the dice show (a modifier the roll does not take): said before the
        // first question, so the dialog goes back to the answer that causes it.
        if dialog.live.is_none()
            && let Some(why) =
                super::probe::refusal(self.session.encounter(), self.session.assets(), &line)
        {
            return self.live_refused(why, false);
        }
        let asks = match (roll_it, typed) {
            (true, _) => Asks::RollTheNext,
            (false, true) => Asks::RollsAndDecisions,
            (false, false) => Asks::Decisions,
        };
        let known: Vec<u32> = faces.iter().map(|&(f, _)| f).collect();
        let mut kept = Kept { dice: &mut *self.dice, got: Vec::new() };
        let planned = plan_asking_for(
            asks,
            self.session.encounter(),
            &command,
            self.session.assets(),
            known,
            &mut kept,
        );
        let got = kept.got;
        match planned {
            Err(err) => self.live_refused(plain_words(&err), !roll_it),
            Ok(Planned::Done(_)) => {
                let mut all = faces;
                if roll_it {
                    self.answer_rolled(&got);
                }
                all.extend(got.iter().map(|&f| (f, false)));
                self.finish_live(&line, Some(all));
            }
            Ok(Planned::Asks(question)) => {
                let new = question.faces.get(faces.len()..).unwrap_or_default().to_vec();
                if roll_it {
                    self.answer_rolled(&new);
                }
                self.ask(question, faces);
            }
        }
    }

    /// The question now was rolled by the tracker: its answer says so, with the faces.
    fn answer_rolled(&mut self, faces: &[u32]) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
        dialog.answers.push(format!("{ROLLED}{}", shown.join(" ")));
        dialog.at += 1;
    }

    /// Show `question` as the dialog's next step.
    fn ask(&mut self, question: Question, before: Vec<(u32, bool)>) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let mut faces = before;
        let more = question.faces.get(faces.len()..).unwrap_or_default();
        faces.extend(more.iter().map(|&f| (f, false)));
        let own = dialog.own_steps();
        let live = dialog.live.get_or_insert_with(|| Live { own, asked: Vec::new() });
        // Questions past the one answered (after a step back) are asked again as they come.
        let answered = dialog.at.saturating_sub(live.own);
        live.asked.truncate(answered);
        dialog.steps.truncate(live.own + answered);
        dialog.steps.push(step_for(&question.need));
        live.asked.push(Asked { need: question.need, faces, so_far: question.so_far });
        dialog.at = dialog.steps.len() - 1;
        dialog.fix = None;
    }

    /// Every answer is in: run the command with the faces answered (none when the line is not
    /// planned here), then close the dialog or show why it was refused.
    fn finish_live(&mut self, line: &str, faces: Option<Vec<(u32, bool)>>) {
        // A line that asked nothing runs as typed, with no dialog to close.
        if matches!(&self.mode, Mode::Dialog(d) if d.live.is_none() && d.own_steps() == 0) {
            self.mode = Mode::Normal;
            self.answered = faces;
            self.run_line(line, None);
            self.answered = None;
            return;
        }
        self.answered = faces;
        let ran = self.run_line(line, None);
        self.answered = None;
        let refused = match ran {
            Ran::Applied => None,
            Ran::Refused | Ran::BadFaces => Some(self.status.text.clone()),
        };
        self.settle_dialog(refused);
    }

    /// Planning refused the answers so far. At a question, the dialog stays there to change
    /// the answer (a face the die does not have; `answered`: the step's answer was taken and is
    /// put back); before any, the refusal is the dialog's.
    fn live_refused(&mut self, why: String, answered: bool) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let at_question = dialog.live.as_ref().is_some_and(|l| dialog.at > l.own);
        if at_question && !answered {
            dialog.fix = Some(why);
            return;
        }
        if at_question {
            // Back to the step whose answer led here, with that answer to change.
            dialog.at -= 1;
            if let Some(answer) = dialog.answers.pop()
                && let Some(step) = dialog.step_mut()
            {
                step.restore(&answer);
            }
            dialog.fix = Some(why);
            return;
        }
        let own = dialog.own_steps();
        self.error(why.clone());
        if own == 0 {
            self.mode = Mode::Normal;
            return;
        }
        self.settle_dialog(Some(why));
    }

    /// Backspace on an empty field or Shift-Tab: the step before, its answer kept to change.
    pub(super) fn step_back(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        if dialog.at == 0 || dialog.refused.is_some() {
            return;
        }
        if let Some(live) = &mut dialog.live
            && dialog.at >= live.own
        {
            // The question now is dropped; it is asked again when reached.
            let now = dialog.at - live.own;
            live.asked.truncate(now);
            dialog.steps.truncate(dialog.at);
            if now == 0 {
                dialog.live = None;
            }
        }
        dialog.at -= 1;
        // The tracker's faces come back as `rolled 5 2 1`: Enter keeps them as rolled.
        let answer = dialog.answers.pop().unwrap_or_default();
        if let Some(step) = dialog.step_mut() {
            step.restore(&answer);
        }
        dialog.fix = None;
        dialog.preview = None;
    }

    /// Whether leaving now would lose faces typed at the table.
    pub(super) fn typed_faces_at_stake(&self) -> bool {
        let Mode::Dialog(dialog) = &self.mode else { return false };
        let Some(live) = &dialog.live else { return false };
        let typed = live.asked.iter().enumerate().any(|(j, a)| {
            matches!(a.need, Need::Roll(_))
                && dialog
                    .answers
                    .get(live.own + j)
                    .is_some_and(|answer| !answer.starts_with(ROLLED) && !answer.is_empty())
        });
        let typing = matches!(self.in_live_step(), Some(Need::Roll(_)))
            && dialog.step().is_some_and(|s| !s.is_blank());
        typed || typing
    }

    /// Enter (or Tab) at a question: the faces typed (exactly as many as the roll takes), an
    /// empty field for the tracker to roll, or the option picked.
    pub(super) fn answer_live(&mut self, need: &Need) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let Some(step) = dialog.step() else { return };
        let answer = match (need, step) {
            (Need::Roll(roll), Step::Text { input, .. }) => {
                let text = input.value().trim().to_string();
                if text.is_empty() {
                    return self.advance(true);
                }
                let faces = match faces_of(&text) {
                    Ok(faces) => faces,
                    Err(why) => return self.error(why),
                };
                let wanted = roll.count.max(1);
                // The tracker's own faces, kept from before a step back, stand as they are.
                if faces.len() != wanted && !text.starts_with(ROLLED) {
                    let say = |n: usize| match n {
                        1 => "1 face".to_string(),
                        n => format!("{n} faces"),
                    };
                    return self.error(format!(
                        "{} takes {}; {} typed (Enter on an empty field lets the tracker roll)",
                        roll.label,
                        say(wanted),
                        faces.len()
                    ));
                }
                text
            }
            (Need::Decide(_), step) => {
                if let Some(why) = step.refusal() {
                    let why = format!("not now: {why}");
                    return self.error(why);
                }
                match step.answer() {
                    Some(answer) => answer,
                    None => return self.error("nothing chosen yet"),
                }
            }
            (Need::Roll(_), _) => return,
        };
        dialog.answers.push(answer);
        dialog.at += 1;
        dialog.fix = None;
        if self.status.error {
            self.status = super::Status::default();
        }
        self.advance(false);
    }
}
