//! Small dialogs the keys open: a sequence of steps (pick from a filtered list, or type a value),
//! ending in the text of a command, so a dialog can only do what a typed command could.

use std::path::{Path, PathBuf};

use tui_input::Input;

use crate::rules::signature::CommandSpec;

/// One question in a dialog.
#[derive(Debug, Clone)]
pub enum Step {
    /// Pick one of `options` (shown label, value put in the command); typing filters.
    Pick { label: &'static str, options: Vec<(String, String)>, filter: Input, cursor: usize },
    /// Type a value; `optional` steps may be left blank.
    Text { label: &'static str, hint: String, input: Input, optional: bool },
    /// Switch any of `options` (field, label) on or off with Space.
    Toggles { label: &'static str, options: Vec<(String, String)>, on: Vec<bool>, cursor: usize },
}

impl Step {
    pub fn pick(
        label: &'static str,
        options: Vec<(String, String)>,
        preselect: Option<&str>,
    ) -> Step {
        let cursor =
            preselect.and_then(|v| options.iter().position(|(_, value)| value == v)).unwrap_or(0);
        Step::Pick { label, options, filter: Input::default(), cursor }
    }

    pub fn text(label: &'static str, hint: impl Into<String>, value: &str, optional: bool) -> Step {
        Step::Text { label, hint: hint.into(), input: Input::new(value.to_string()), optional }
    }

    pub fn toggles(label: &'static str, options: Vec<(String, String)>) -> Step {
        let on = vec![false; options.len()];
        Step::Toggles { label, options, on, cursor: 0 }
    }

    pub fn label(&self) -> &'static str {
        match self {
            Step::Pick { label, .. } | Step::Text { label, .. } | Step::Toggles { label, .. } => {
                label
            }
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
    /// Whether the last step takes physical dice faces.
    pub rolls: bool,
    /// What the system says of the command before it is rolled (attack odds).
    pub preview: Option<String>,
    /// The rolls the faces step wants, in the order the rules make them.
    pub needs: Option<String>,
    /// Cards the engine was asked to deal while working out `needs`, dealt again by the run.
    pub cards: Vec<u32>,
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
    /// The hits were rolled ahead of damage and a split step added: the attack faces (`roll=`)
    /// and the faces typed for the damage, if any.
    pub split_stage: Option<SplitStage>,
    /// The verb a [`Template::Verb`] dialog writes, one step per argument and one for its fields.
    pub verb: Option<&'static CommandSpec>,
}

/// An attack whose hit dice were rolled before its damage, waiting for the GM's split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitStage {
    pub roll: String,
    pub leftover: Option<String>,
}

impl Dialog {
    pub fn new(title: &'static str, template: Template, steps: Vec<Step>, rolls: bool) -> Dialog {
        let mut steps = steps;
        if rolls {
            steps.push(Step::text(
                "dice faces",
                "the faces rolled at the table, in that order, e.g. 6 6 3 1 · any not typed \
                 (or all, left blank) the tracker rolls",
                "",
                true,
            ));
        }
        Dialog {
            title,
            template,
            steps,
            at: 0,
            answers: Vec::new(),
            rolls,
            preview: None,
            needs: None,
            cards: Vec::new(),
            refused: None,
            fix: None,
            folder: PathBuf::new(),
            line: String::new(),
            more_targets: false,
            attack_extras: 2,
            split_stage: None,
            verb: None,
        }
    }

    pub fn step(&self) -> Option<&Step> {
        self.steps.get(self.at)
    }

    pub fn step_mut(&mut self) -> Option<&mut Step> {
        self.steps.get_mut(self.at)
    }

    /// The command text and the typed faces (if any) once every step is answered.
    pub fn command(&self) -> (String, Option<String>) {
        let a = |i: usize| self.answers.get(i).map(String::as_str).unwrap_or("");
        let q = |i: usize| crate::command::display::quote(a(i));
        let extra = |i: usize| if a(i).is_empty() { String::new() } else { format!(" {}", a(i)) };
        let text = match self.template {
            Template::Damage => format!("damage {} {}", q(0), a(1)),
            Template::Heal => format!("heal {} {}", q(0), a(1)),
            Template::Condition => format!("cond {} {}{}", q(0), q(1), extra(2)),
            Template::Shake => format!("shake {} {}", q(0), q(1)),
            Template::Attack => {
                // The "no weapon" pick (an empty answer) is an attack with none at all.
                let weapon = match self.answers.get(2).map(String::as_str) {
                    None => String::new(),
                    Some("") => " weapon=none".to_string(),
                    Some(name) => format!(" {}", weapon_word(name)),
                };
                // The system's choices (a GURPS location, a defense), the switches, the rest.
                let end = 3 + self.attack_extras;
                let rest: String = (3..end).map(extra).collect();
                let mut targets = q(1);
                // Further targets, ids from the step after `more` (never the faces).
                if self.more_targets {
                    for id in a(end).split_whitespace().filter(|id| *id != a(1)) {
                        targets.push(',');
                        targets.push_str(&crate::command::display::quote(id));
                    }
                }
                let mut text = format!("attack {} {targets}{weapon}{rest}", q(0));
                if let Some(stage) = &self.split_stage {
                    text.push_str(&format!(" roll={}", stage.roll));
                    if let Some(split) = self.answers.get(self.steps.len().saturating_sub(1))
                        && !split.is_empty()
                    {
                        text.push_str(&format!(" split={split}"));
                    }
                }
                text
            }
            Template::Roll => match a(1) {
                "" => format!("roll {}", a(0)),
                who => format!("roll {} for {}", a(0), crate::command::display::quote(who)),
            },
            Template::Initiative => format!("init {} {}", q(0), q(1)),
            Template::Act => format!("act {}", q(0)),
            Template::Line => self.line.clone(),
            Template::Verb => super::dialog_verb::text(self.verb, &self.answers),
            Template::Save => {
                // `NAME overwrite` replaces a file that holds another fight, as on the line.
                let typed = a(0).trim();
                let (name, overwrite) = match typed.strip_suffix(" overwrite") {
                    Some(name) if !name.trim().is_empty() => (name.trim_end(), " overwrite"),
                    _ => (typed, ""),
                };
                let path = save_target(&self.folder, name);
                format!(
                    "save {}{overwrite}",
                    crate::command::display::quote(&path.to_string_lossy())
                )
            }
        };
        let faces = match &self.split_stage {
            Some(stage) => stage.leftover.clone(),
            None => self.rolls.then(|| self.answers.last().cloned()).flatten(),
        }
        .filter(|f| !f.is_empty());
        (text, faces)
    }
}

/// A weapon name as the parser reads it back: always quoted, so it is never taken for a flag.
fn weapon_word(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
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
