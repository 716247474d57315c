//! The attack dialog's system picks as they stand once the picks before them are made: on
//! arriving at one (GURPS: the defense), the ruleset relabels it for this attack (each defense
//! the target has, with its value and odds) and the dialog only shows its strings. Its switches
//! and its free field's hint likewise narrow to those for the weapon chosen (Savage Worlds: the
//! roll it makes).

use super::dialog::{Step, Template};
use super::dialog_open::{MODIFIERS, MORE};
use super::{App, Mode};
use crate::command;

impl App {
    /// Arriving at a step of an attack dialog: if the system has that pick's options for the
    /// attack written so far, they replace the fixed ones (the first preselected).
    pub(super) fn refresh_attack_choice(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        if dialog.template != Template::Attack {
            return;
        }
        let Some(Step::Pick { label, .. }) = dialog.step() else { return };
        let enc = self.session.encounter();
        let Some(label) =
            enc.system.rules().spec().attack.choices.iter().map(|c| c.label).find(|l| l == label)
        else {
            return;
        };
        let text = dialog.command();
        let Ok(Some(cmd)) = command::parse_in(&text, Some(enc.system)) else { return };
        let Ok(Some(options)) = crate::encounter::engine::attack_choice(enc, &cmd, label) else {
            return;
        };
        if let Some(step) = dialog.step_mut() {
            *step = Step::pick(label, options, None);
        }
    }

    /// Arriving at an attack's further targets (Gempunks): the target already chosen is not
    /// offered again.
    pub(super) fn refresh_other_targets(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let first = dialog.answers.get(1).cloned().unwrap_or_default();
        if let Some(Step::Toggles { label, options, on, cursor }) = dialog.step_mut()
            && label == "other targets"
            && let Some(at) = options.iter().position(|(id, _)| *id == first)
        {
            options.remove(at);
            on.remove(at);
            *cursor = (*cursor).min(options.len().saturating_sub(1));
        }
    }

    /// Arriving at an attack dialog's switches: only those the system says apply to the attack
    /// written so far are offered, each one already on kept on.
    pub(super) fn refresh_attack_toggles(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        if dialog.template != Template::Attack {
            return;
        }
        let Some(Step::Toggles { label, options: shown, on, .. }) = dialog.step() else {
            return;
        };
        if label != MODIFIERS {
            return;
        }
        let enc = self.session.encounter();
        let text = dialog.command();
        let Ok(Some(cmd)) = command::parse_in(&text, Some(enc.system)) else { return };
        let Ok(Some(guide)) = crate::encounter::engine::attack_guide(enc, &cmd) else { return };
        let Some(apply) = guide.toggles else { return };
        let was_on = |field: &str| shown.iter().zip(on).any(|((f, _), on)| *on && f == field);
        let options: Vec<(String, String)> =
            apply.iter().map(|(field, label)| (field.to_string(), label.to_string())).collect();
        let now_on = options.iter().map(|(field, _)| was_on(field)).collect();
        if let Some(step) = dialog.step_mut() {
            *step = Step::Toggles { label: MODIFIERS.into(), options, on: now_on, cursor: 0 };
        }
    }

    /// Arriving at an attack dialog's free field: its hint names the options for this attack.
    pub(super) fn refresh_attack_hint(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        if dialog.template != Template::Attack {
            return;
        }
        let Some(Step::Text { label, .. }) = dialog.step() else { return };
        if label != MORE {
            return;
        }
        let enc = self.session.encounter();
        let text = dialog.command();
        let Ok(Some(cmd)) = command::parse_in(&text, Some(enc.system)) else { return };
        let Ok(Some(guide)) = crate::encounter::engine::attack_guide(enc, &cmd) else { return };
        let Some(now) = guide.hint else { return };
        if let Some(Step::Text { hint, .. }) = dialog.step_mut() {
            *hint = now;
        }
    }
}
