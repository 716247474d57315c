//! Small dialogs the keys open: steps (pick from a filtered list, or type a value) ending in a
//! command's text (a verb's from its signature), so a dialog can only do what a command could.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use tui_input::Input;

use crate::command::display::{force_quote, quote};
use crate::rules::signature::{Arg, CommandSpec, Read};

/// One question in a dialog.
#[derive(Debug, Clone)]
pub enum Step {
    /// Pick one of `options` (shown label, value put in the command); typing filters. An
    /// option `refused` names why the rules do not allow it now: shown dimmed, never taken.
    Pick {
        label: Cow<'static, str>,
        options: Vec<(String, String)>,
        refused: Vec<Option<String>>,
        filter: Input,
        cursor: usize,
    },
    /// Type a value; `optional` steps may be left blank.
    Text { label: Cow<'static, str>, hint: String, input: Input, optional: bool },
    /// Switch any of `options` (field, label) on or off with Space.
    Toggles {
        label: Cow<'static, str>,
        options: Vec<(String, String)>,
        on: Vec<bool>,
        cursor: usize,
    },
}

impl Step {
    pub fn pick(
        label: impl Into<Cow<'static, str>>,
        options: Vec<(String, String)>,
        preselect: Option<&str>,
    ) -> Step {
        let cursor =
            preselect.and_then(|v| options.iter().position(|(_, value)| value == v)).unwrap_or(0);
        let label = label.into();
        Step::Pick { label, options, refused: Vec::new(), filter: Input::default(), cursor }
    }

    pub fn text(
        label: impl Into<Cow<'static, str>>,
        hint: impl Into<String>,
        value: &str,
        optional: bool,
    ) -> Step {
        let input = Input::new(value.to_string());
        Step::Text { label: label.into(), hint: hint.into(), input, optional }
    }

    pub fn toggles(label: impl Into<Cow<'static, str>>, options: Vec<(String, String)>) -> Step {
        let on = vec![false; options.len()];
        Step::Toggles { label: label.into(), options, on, cursor: 0 }
    }

    pub fn label(&self) -> &str {
        match self {
            Step::Pick { label, .. } | Step::Text { label, .. } | Step::Toggles { label, .. } => {
                label
            }
        }
    }

    /// Why the highlighted option may not be taken now, if it may not.
    pub fn refusal(&self) -> Option<&str> {
        let Step::Pick { refused, cursor, .. } = self else { return None };
        let visible = self.visible();
        let (index, _) = visible.get((*cursor).min(visible.len().saturating_sub(1)))?;
        refused.get(*index)?.as_deref()
    }

    /// Put a previous answer back, to change it: the text typed, or the option picked.
    pub fn restore(&mut self, answer: &str) {
        match self {
            Step::Pick { options, filter, cursor, .. } => {
                *filter = Input::default();
                *cursor = options.iter().position(|(_, v)| v == answer).unwrap_or(0);
            }
            Step::Text { input, .. } => *input = Input::new(answer.to_string()),
            Step::Toggles { options, on, .. } => {
                let words: Vec<&str> = answer.split_whitespace().collect();
                for ((field, _), on) in options.iter().zip(on) {
                    *on = words.contains(&field.as_str());
                }
            }
        }
    }

    /// Whether the field being typed in is empty (Backspace there steps back).
    pub fn is_blank(&self) -> bool {
        match self {
            Step::Pick { filter, .. } => filter.value().is_empty(),
            Step::Text { input, .. } => input.value().is_empty(),
            Step::Toggles { .. } => true,
        }
    }

    /// Options that match the filter, as (index into options, label).
    pub fn visible(&self) -> Vec<(usize, &str)> {
        match self {
            Step::Pick { options, filter, .. } => {
                let wanted = filter.value().to_lowercase();
                options
                    .iter()
                    .enumerate()
                    .filter(|(_, (label, value))| {
                        label.to_lowercase().contains(&wanted)
                            || value.to_lowercase().contains(&wanted)
                            || crate::encounter::names::words_start_with(label, &wanted)
                    })
                    .map(|(i, (label, _))| (i, label.as_str()))
                    .collect()
            }
            Step::Text { .. } | Step::Toggles { .. } => Vec::new(),
        }
    }

    /// The answer so far: the highlighted option, or the typed text.
    pub fn answer(&self) -> Option<String> {
        match self {
            Step::Pick { options, cursor, .. } => {
                let visible = self.visible();
                let (index, _) = visible.get((*cursor).min(visible.len().saturating_sub(1)))?;
                options.get(*index).map(|(_, value)| value.clone())
            }
            Step::Text { input, optional, .. } => {
                let value = input.value().trim();
                (!value.is_empty() || *optional).then(|| value.to_string())
            }
            Step::Toggles { options, on, .. } => Some(
                options
                    .iter()
                    .zip(on)
                    .filter(|(_, on)| **on)
                    .map(|((field, _), _)| field.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        }
    }
}

/// What a finished dialog runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Template {
    Damage,
    Heal,
    Condition,
    Shake,
    Attack,
    Roll,
    Initiative,
    Act,
    Save,
    /// A command line written already (`next`, or one typed after `:`), asking only for the
    /// faces of the rolls it makes (`set typed_dice ask`).
    Line,
    /// Any verb, its steps made from its signature ([`Dialog::verb`]).
    Verb,
}

/// A dialog in progress.
#[derive(Debug, Clone)]
pub struct Dialog {
    pub title: &'static str,
    pub template: Template,
    pub steps: Vec<Step>,
    pub at: usize,
    /// Answers of the finished steps.
    pub answers: Vec<String>,
    /// Whether the command may roll or reach a decision: once its own steps are answered, it
    /// is planned one question at a time ([`super::live`]).
    pub rolls: bool,
    /// What the system says of the command before it is rolled (attack odds).
    pub preview: Option<String>,
    /// The questions the rules asked after the dialog's own steps, one step each.
    pub live: Option<super::live::Live>,
    /// Esc was pressed once with faces typed: a second Esc leaves.
    pub leaving: bool,
    /// Why the command was refused. The dialog then only shows it, and every key but Enter and
    /// Esc (which close it) is ignored, so faces typed ahead never act on the dashboard.
    pub refused: Option<String>,
    /// Why the command was refused, when the answer at the current step caused it: the dialog
    /// went back to that step, everything typed kept, to change it.
    pub fix: Option<String>,
    /// Where a file named in the dialog goes (Save as: the fight's folder; empty: the current
    /// folder).
    pub folder: PathBuf,
    /// The command a [`Template::Line`] dialog runs.
    pub line: String,
    /// The attack dialog asks for more targets after its own steps (a Gempunks set).
    pub more_targets: bool,
    /// The attack dialog's steps after the weapon that add to the command (the system's picks,
    /// the switches, the free text).
    pub attack_extras: usize,
    /// The verb a [`Template::Verb`] dialog writes, one step per argument and one for its fields.
    pub verb: Option<&'static CommandSpec>,
    /// The step that takes a file's path (`import`'s FILE): Tab completes it.
    pub path_step: Option<usize>,
}

impl Dialog {
    pub fn new(title: &'static str, template: Template, steps: Vec<Step>, rolls: bool) -> Dialog {
        Dialog {
            title,
            template,
            steps,
            at: 0,
            answers: Vec::new(),
            rolls,
            preview: None,
            live: None,
            leaving: false,
            refused: None,
            fix: None,
            folder: PathBuf::new(),
            line: String::new(),
            more_targets: false,
            attack_extras: 2,
            verb: None,
            path_step: None,
        }
    }

    pub fn step(&self) -> Option<&Step> {
        self.steps.get(self.at)
    }

    pub fn step_mut(&mut self) -> Option<&mut Step> {
        self.steps.get_mut(self.at)
    }

    /// Pasted text typed into the step now, when it is a text field.
    pub fn paste(&mut self, text: &str) {
        if let Some(Step::Text { input, .. }) = self.step_mut() {
            let value = format!("{}{text}", input.value());
            *input = Input::new(value);
        }
    }

    /// The dialog's own steps the command is made of (the questions asked after them excluded).
    pub fn own_steps(&self) -> usize {
        self.live.as_ref().map_or(self.steps.len(), |live| live.own)
    }

    /// The command text its own steps write.
    pub fn command(&self) -> String {
        let a = |i: usize| self.answers.get(i).map(String::as_str).unwrap_or("");
        let q = |i: usize| quote(a(i));
        let extra = |i: usize| if a(i).is_empty() { String::new() } else { format!(" {}", a(i)) };
        match self.template {
            Template::Damage => format!("damage {} {}", q(0), a(1)),
            Template::Heal => format!("heal {} {}", q(0), a(1)),
            Template::Condition => format!("cond {} {}{}", q(0), q(1), extra(2)),
            Template::Shake => format!("shake {} {}", q(0), q(1)),
            Template::Attack => {
                // The "no weapon" pick (an empty answer) is an attack with none at all.
                let weapon = match self.answers.get(2).map(String::as_str) {
                    None => String::new(),
                    Some("") => " weapon=none".to_string(),
                    Some(name) => format!(" {}", force_quote(name)),
                };
                // The system's choices (a GURPS location, a defense), the switches, the rest.
                let end = 3 + self.attack_extras;
                let rest: String = (3..end).map(extra).collect();
                let mut targets = q(1);
                // Further targets, ids from the step after `more` (never the faces).
                if self.more_targets {
                    for id in a(end).split_whitespace().filter(|id| *id != a(1)) {
                        targets.push(',');
                        targets.push_str(&quote(id));
                    }
                }
                format!("attack {} {targets}{weapon}{rest}", q(0))
            }
            Template::Roll => match a(1) {
                "" => format!("roll {}", a(0)),
                who => format!("roll {} for {}", a(0), quote(who)),
            },
            Template::Initiative => format!("init {} {}", q(0), q(1)),
            Template::Act => format!("act {}", q(0)),
            Template::Line => self.line.clone(),
            Template::Verb => {
                let own = self.answers.len().min(self.own_steps());
                verb_text(self.verb, self.answers.get(..own).unwrap_or_default())
            }
            Template::Save => {
                // `NAME overwrite` replaces a file that holds another fight, as on the line.
                let typed = a(0).trim();
                let (name, overwrite) = match typed.strip_suffix(" overwrite") {
                    Some(name) if !name.trim().is_empty() => (name.trim_end(), " overwrite"),
                    _ => (typed, ""),
                };
                let path = save_target(&self.folder, name);
                format!("save {}{overwrite}", quote(&path.to_string_lossy()))
            }
        }
    }
}

/// The arguments a dialog asks for (a usage-only one is not asked).
pub(super) fn asked(spec: &CommandSpec) -> impl Iterator<Item = &Arg> {
    spec.args.iter().filter(|a| a.read != Read::Shown)
}

/// The command a verb's dialog writes: its name, then each answer given (a name quoted, a weapon
/// always quoted, `for NAME` with its word, anything else as typed).
fn verb_text(spec: Option<&CommandSpec>, answers: &[String]) -> String {
    let Some(spec) = spec else { return String::new() };
    let mut out = spec.name.to_string();
    let mut args = asked(spec);
    for answer in answers {
        let arg = args.next();
        if answer.is_empty() {
            continue;
        }
        let word = match arg.map(|a| a.read) {
            Some(Read::Word | Read::Lower) => quote(answer),
            Some(Read::Weapon) => force_quote(answer),
            Some(Read::ForName) => format!("for {}", quote(answer)),
            _ => answer.clone(),
        };
        out.push(' ');
        out.push_str(&word);
    }
    out
}

/// The file Save as writes: the name typed, in `folder` unless it is an absolute path, with
/// `.ron` added when it has another ending or none.
pub fn save_target(folder: &Path, typed: &str) -> PathBuf {
    let mut path = folder.join(typed.trim());
    let is_ron = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ron"));
    if let Some(name) = path.file_name().filter(|_| !is_ron) {
        let mut name = name.to_os_string();
        name.push(".ron");
        path.set_file_name(name);
    }
    path
}
