//! A dialog for any verb, made from its signature: a step per argument by its kind (a combatant or
//! a condition picked, a flag switched, anything else typed) and one for its fields; `:VERB` alone
//! opens it, and `Dialog::command` writes its text like every dialog's.

use super::dialog::{Dialog, Step, Template, asked};
use super::{App, Mode};
use crate::command::table::{self, Found, Run};
use crate::rules::signature::{Arg, ArgKind, CommandSpec, FORCE, FieldArg, Read};

impl App {
    /// `:VERB` alone, for a verb that needs more: its dialog instead of the refusal. Whether one
    /// opened.
    pub(super) fn open_verb_dialog(&mut self, line: &str) -> bool {
        let word = line.trim();
        if word.is_empty() || word.contains(char::is_whitespace) || word.contains('"') {
            return false;
        }
        let system = self.session.encounter().system;
        let spec = match table::lookup(word, Some(system)) {
            Some(Found::System(verb)) => &verb.spec,
            Some(Found::Core(entry)) if matches!(entry.run, Run::Engine) => &entry.spec,
            _ => return false,
        };
        if spec.args.iter().all(|a| a.optional) {
            return false;
        }
        // `attack` has its own dialog (weapons, the system's picks with their odds, switches).
        if std::ptr::eq(spec, &table::ATTACK.spec) {
            // Opened, or refused with the reason (no fight under way yet).
            self.open_dialog(super::keymap::Action::Attack);
            return true;
        }
        let Some(dialog) = self.verb_dialog(spec) else { return false };
        self.mode = Mode::Dialog(Box::new(dialog));
        self.hint("Esc cancels, ⇧Tab goes back; nothing changes until the last Enter");
        true
    }

    /// A verb's own key: its dialog, or, for a verb that asks nothing, the verb run at once; a
    /// verb the fight's system does not have is refused, saying so.
    pub(super) fn verb_key(&mut self, verb: &str) {
        if self.open_verb_dialog(verb) {
            return;
        }
        let system = self.session.encounter().system;
        if table::lookup(verb, Some(system)).is_none() {
            self.error(format!("`{verb}` (bound in keys.ron) is not a {system} command"));
            return;
        }
        let _ = self.run_line(verb, None);
    }

    /// The steps of `spec`'s dialog; `None` when a pick would have nothing to offer.
    fn verb_dialog(&self, spec: &'static CommandSpec) -> Option<Dialog> {
        let enc = self.session.encounter();
        let mut steps = Vec::new();
        // The selected row is the first combatant's answer (the one who acts); another
        // combatant (a target) starts on the first one else, so Enter twice never names one twice.
        let selected = self.selected_id();
        let other = enc
            .combatants
            .iter()
            .map(|c| c.id.to_string())
            .find(|id| Some(id) != selected.as_ref());
        let mut preselect = [selected.clone(), other].into_iter();
        let mut path_step = None;
        for arg in asked(spec) {
            if arg.kind == ArgKind::Path {
                path_step = Some(steps.len());
            }
            let step = match arg.kind {
                ArgKind::Combatant if !arg.optional && arg.read == Read::Word => {
                    let options: Vec<(String, String)> =
                        enc.combatants.iter().map(|c| (c.name.clone(), c.id.to_string())).collect();
                    if options.is_empty() {
                        return None;
                    }
                    Step::pick(arg.name, options, preselect.next().flatten().as_deref())
                }
                ArgKind::Condition if !arg.optional => {
                    let names: Vec<(String, String)> = self
                        .session
                        .assets()
                        .catalogue_ref(enc.system)
                        .map(|c| c.names().map(|n| (n.to_string(), n.to_string())).collect())
                        .unwrap_or_default();
                    if names.is_empty() {
                        Step::text(arg.name, expected(arg), "", false)
                    } else {
                        Step::pick(arg.name, names, None)
                    }
                }
                ArgKind::Word(word) => Step::toggles(arg.name, vec![(word.into(), word.into())]),
                // `side=`: picked, the command's own default first.
                _ if arg.read == Read::Side => {
                    let mut options = vec![("as the command decides".to_string(), String::new())];
                    options.extend(
                        ["pc", "ally", "enemy", "neutral"]
                            .map(|side| (side.to_string(), format!("side={side}"))),
                    );
                    Step::pick("side", options, None)
                }
                // One of the system's actions (GURPS: the maneuvers), picked from its list.
                ArgKind::Action if !arg.optional => {
                    let actions = enc.system.rules().spec().actions;
                    let options =
                        actions.iter().map(|a| (a.label.to_string(), a.key.to_string())).collect();
                    Step::pick(arg.name, options, None)
                }
                _ => Step::text(arg.name, expected(arg), "", arg.optional),
            };
            steps.push(step);
        }
        let system_verb = table::find_core(spec.name).is_none();
        if system_verb {
            // The verb's own fields, and the engine's `force`.
            let fields: Vec<String> =
                spec.fields.iter().chain([&FORCE]).map(FieldArg::usage).collect();
            steps.push(Step::text(
                "fields",
                format!("blank, or: {}", fields.join(" · ")),
                "",
                true,
            ));
        }
        // Its rolls and decisions are asked one at a time, as an attack's are.
        let mut dialog = Dialog::new(spec.name, Template::Verb, steps, true);
        dialog.verb = Some(spec);
        dialog.path_step = path_step;
        Some(dialog)
    }
}

/// A text step's hint: what the argument takes.
fn expected(arg: &Arg) -> String {
    let what = if arg.what == arg.name { arg.kind.placeholder() } else { arg.what };
    if arg.optional { format!("blank, or {what}") } else { what.to_string() }
}
