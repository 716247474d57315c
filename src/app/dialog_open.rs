//! Which dialog each key opens, and its steps filled in from the encounter: the selected
//! combatant, the system's conditions, the current attacker's weapons and likely targets.

use std::path::Path;

use super::dialog::{Dialog, Step, Template};
use super::keymap::Action;
use super::{App, Mode};
use crate::rules::Side;

/// The attack dialog's switches, narrowed to the weapon's once it is chosen.
pub(super) const MODIFIERS: &str = "modifiers";
/// The attack dialog's free field, its hint naming the weapon's options once it is chosen.
pub(super) const MORE: &str = "more";

impl App {
    pub(super) fn open_dialog(&mut self, action: Action) {
        let enc = self.session.encounter();
        if enc.combatants.is_empty() && action != Action::Roll && action != Action::Save {
            self.error("nobody here yet: add combatants with  :add NAME");
            return;
        }
        let dialog = match action {
            Action::Damage => self.damage_dialog(),
            Action::Heal => self.heal_dialog(),
            Action::Condition => self.condition_dialog(),
            Action::ShakeOff => self.shake_off_dialog(),
            Action::Attack => self.attack_dialog(),
            Action::Roll => self.roll_dialog(),
            Action::Initiative => self.initiative_dialog(),
            Action::Act => self.act_dialog(),
            Action::Save => self.save_dialog(),
            _ => None,
        };
        let Some(dialog) = dialog else { return };
        self.mode = Mode::Dialog(Box::new(dialog));
        self.hint("Esc cancels, ⇧Tab goes back; nothing changes until the last Enter");
    }

    fn combatant_options(&self) -> Vec<(String, String)> {
        self.session
            .encounter()
            .combatants
            .iter()
            .map(|c| (c.name.clone(), c.id.to_string()))
            .collect()
    }

    /// Pick a combatant, starting at the selected one.
    fn who_step(&self) -> Step {
        Step::pick("who", self.combatant_options(), self.selected_id().as_deref())
    }

    fn damage_dialog(&self) -> Option<Dialog> {
        Some(Dialog::new(
            "Damage",
            Template::Damage,
            vec![
                self.who_step(),
                Step::text(
                    "amount",
                    "7, 2d6+2, or 2d6 slashing; add raw to skip the damage model",
                    "",
                    false,
                ),
            ],
            true,
        ))
    }

    fn heal_dialog(&self) -> Option<Dialog> {
        Some(Dialog::new(
            "Heal",
            Template::Heal,
            vec![self.who_step(), Step::text("amount", "5, or dice such as 2d4+2", "", false)],
            true,
        ))
    }

    fn condition_dialog(&self) -> Option<Dialog> {
        let conditions: Vec<(String, String)> = self
            .session
            .assets()
            .catalogue_ref(self.session.encounter().system)
            .map(|c| c.names().map(|n| (n.to_string(), n.to_string())).collect())
            .unwrap_or_default();
        Some(Dialog::new(
            "Condition",
            Template::Condition,
            vec![
                self.who_step(),
                Step::pick("condition", conditions, None),
                Step::text("options", "blank, or: severe · rounds=N · source=spell", "", true),
            ],
            false,
        ))
    }

    fn shake_off_dialog(&mut self) -> Option<Dialog> {
        let i = self.selected_combatant()?;
        let c = &self.session.encounter().combatants[i];
        if c.conditions.is_empty() {
            self.error(format!("{} has no conditions to shake off", c.name));
            return None;
        }
        let own = c.conditions.iter().map(|k| (k.to_string(), k.name.clone())).collect();
        Some(Dialog::new(
            "Shake off",
            Template::Shake,
            vec![
                Step::pick("who", vec![(c.name.clone(), c.id.to_string())], None),
                Step::pick("condition", own, None),
            ],
            true,
        ))
    }

    fn attack_dialog(&mut self) -> Option<Dialog> {
        let selected = self.selected_id();
        let enc = self.session.encounter();
        let Some(attacker) = enc.current().map(|c| (c.name.clone(), c.id.to_string())) else {
            self.error("attacks happen on a turn: start the fight first");
            return None;
        };
        let rules = enc.system.rules();
        let weapons: Vec<(String, String)> = enc
            .current()
            .map(|c| {
                c.weapons
                    .iter()
                    .map(|w| {
                        let stats: Vec<String> =
                            w.stats.iter().map(|(k, v)| format!("{k}={v}")).collect();
                        (format!("{}  {}", w.name, stats.join(" ")), w.name.clone())
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut weapon_options = weapons;
        weapon_options.push((rules.spec().attack.bare_hint.to_string(), String::new()));
        let toggles: Vec<(String, String)> = rules
            .spec()
            .attack
            .toggles
            .iter()
            .map(|(k, l)| (k.to_string(), l.to_string()))
            .collect();
        let target = selected.filter(|s| Some(s.as_str()) != enc.current().map(|c| c.id.as_str()));
        // Targets: never the attacker; standing foes first, then the rest, then the down.
        let me = enc.current();
        let friendly = |side: Side| matches!(side, Side::Pc | Side::Ally);
        let mut foes: Vec<_> =
            enc.combatants.iter().filter(|c| me.is_none_or(|m| m.id != c.id)).collect();
        foes.sort_by_key(|c| {
            (enc.is_down(c), me.is_some_and(|m| friendly(m.side) == friendly(c.side)))
        });
        let targets: Vec<(String, String)> =
            foes.iter().map(|c| (c.name.clone(), c.id.to_string())).collect();
        let mut steps = vec![
            Step::pick("attacker", vec![attacker], None),
            Step::pick("target", targets.clone(), target.as_deref()),
            Step::pick("weapon", weapon_options, None),
        ];
        // The system's own picks (GURPS: the hit location, the target's defense), one key each.
        let choices = rules.spec().attack.choices;
        for choice in choices {
            let options =
                choice.options.iter().map(|(l, v)| (l.to_string(), v.to_string())).collect();
            steps.push(Step::pick(choice.label, options, None));
        }
        steps.push(Step::toggles(MODIFIERS, toggles));
        steps.push(Step::text(MORE, rules.spec().attack.hint, "", true));
        // Gempunks: more targets for one set.
        let several = rules.spec().attack.targets == crate::rules::spec::Targets::Many;
        if several {
            let others = targets.into_iter().map(|(name, id)| (id, name)).collect();
            steps.push(Step::toggles("other targets", others));
        }
        let mut dialog = Dialog::new("Attack", Template::Attack, steps, true);
        dialog.more_targets = several;
        dialog.attack_extras = choices.len() + 2;
        Some(dialog)
    }

    fn roll_dialog(&self) -> Option<Dialog> {
        let mut whom = vec![("nobody in particular".to_string(), String::new())];
        whom.extend(self.combatant_options());
        Some(Dialog::new(
            "Roll",
            Template::Roll,
            vec![
                Step::text("dice", "e.g. 3d6, 4d6kh3, d8!, 2d+1", "", false),
                Step::pick("for", whom, None),
            ],
            true,
        ))
    }

    fn initiative_dialog(&self) -> Option<Dialog> {
        Some(Dialog::new(
            "Initiative",
            Template::Initiative,
            vec![
                self.who_step(),
                Step::text(
                    "value",
                    self.session.encounter().system.rules().spec().initiative.typed_hint,
                    "",
                    false,
                ),
            ],
            false,
        ))
    }

    fn act_dialog(&mut self) -> Option<Dialog> {
        let held: Vec<(String, String)> = self
            .session
            .encounter()
            .combatants
            .iter()
            .filter(|c| c.held)
            .map(|c| (c.name.clone(), c.id.to_string()))
            .collect();
        if held.is_empty() {
            self.error("nobody is holding an action");
            return None;
        }
        Some(Dialog::new(
            "Act from hold",
            Template::Act,
            vec![Step::pick("who", held, None)],
            false,
        ))
    }

    /// Save as: a name for a new file in the folder of the fight's file (or the autosaves').
    fn save_dialog(&self) -> Option<Dialog> {
        let folder = match &self.save_path {
            Some(path) => path.parent().map(Path::to_path_buf).unwrap_or_default(),
            None => self.new_files.dir.clone().unwrap_or_default(),
        };
        let shown = match folder.as_os_str().is_empty() {
            true => "the current folder".to_string(),
            false => folder.display().to_string(),
        };
        let hint = format!(
            "a name; the file goes in {shown} (a path of its own goes where it says), and the \
             fight is autosaved there from now on"
        );
        let mut dialog = Dialog::new(
            "Save as",
            Template::Save,
            vec![Step::text("file", hint, "", false)],
            false,
        );
        dialog.folder = folder;
        Some(dialog)
    }
}
