//! The attack options (GEM-OPT-1..10): which defense each attacks, and what each hit instance
//! does to its target's state, instance by instance within one set.

mod landed;

use crate::rules::effect::{ConditionChange, Ending};
use landed::Landed;

pub use super::attack_option::AttackOption;
use super::damage;
use super::items;
use super::prepare::{Prepared, f_flag, f_value, option_of};
use super::set::Instance;
use super::state::{GemState, Place};
use super::tieup;
use super::turns::{self, Tally, lasting};
use super::{member_hp, regiment_members};
use crate::rules::dice::DiceSource;
use crate::rules::dice::question::{Decision, Pick};
use crate::rules::effect::{Effect, Who};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// Follows what earlier instances of the same set did to each target (HP, skips), so later ones
/// see it.
pub(super) struct Tracker {
    hp: Vec<i64>,
    skips: Vec<u8>,
    /// A regiment target's Incapacitate tally (GEM-OPT-2), `None` for a single creature.
    tallies: Vec<Option<Tally>>,
    strangled: Vec<bool>,
    /// Tied up earlier in this set (GEM-ACT-6).
    tied: Vec<bool>,
    /// Items moved or sundered earlier in this set: (target, item) and where that left them.
    moved: Vec<((usize, String), Option<Place>)>,
    gem: GemState,
}

impl Tracker {
    pub(super) fn new(req: AttackRequest<'_, GemState>) -> Tracker {
        let skips = req
            .targets
            .iter()
            .map(|t| {
                if t.view.conditions.iter().any(|c| c.name == "Skip-Standard") {
                    2
                } else if t.view.conditions.iter().any(|c| c.name == "Skip-Move") {
                    1
                } else {
                    0
                }
            })
            .collect();
        let replace = option_of(req, "gem_incap_stack") == "replace";
        Tracker {
            hp: req.targets.iter().map(|t| t.view.health.current).collect(),
            skips,
            tallies: req
                .targets
                .iter()
                .map(|t| {
                    regiment_members(t.view.stats).map(|_| Tally::read(t.view.conditions, replace))
                })
                .collect(),
            strangled: vec![false; req.targets.len()],
            tied: vec![false; req.targets.len()],
            moved: Vec::new(),
            gem: req.state.clone(),
        }
    }

    /// GEM-OPT-4, GEM-OPT-9: the item a successful Disarm or Pickpocket moves, or a Reverse
    /// Pickpocket stows (`item=`; a Disarm defaults to the first weapon the target still holds).
    /// An unarmed attacker with `take` keeps it, asked of `dice` when the command does not say
    /// (an item already moved this set stays moved).
    fn item_for(
        &mut self,
        req: AttackRequest<'_, GemState>,
        p: &Prepared,
        t: usize,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<Effect>, RulesError> {
        let target = &req.targets[t];
        let attacker = req.attacker.name;
        let named = f_value(req, "item");
        if p.option == AttackOption::ReversePickpocket {
            let Some(item) = named else { return Ok(None) };
            let (owner, item) = items::named_item(item, req.attacker_id);
            let key = (usize::MAX, format!("{owner}.{}", item.to_lowercase()));
            if self.moved.iter().any(|(k, _)| *k == key) {
                return Ok(None);
            }
            let place = Place::StowedOn(target.id.to_string());
            self.moved.push((key, Some(place.clone())));
            let whose = items::name_in(req, &owner);
            return Ok(Some(items::moved(
                &owner,
                &item,
                Some(place),
                format!("{whose}'s {item} is stowed on {} (GEM-OPT-9)", target.view.name),
            )));
        }
        if p.option == AttackOption::Pickpocket {
            let Some(item) = named else { return Ok(None) };
            return self.pickpocket(req, p, t, item, dice);
        }
        let held = match named {
            Some(item) => Some(item.to_string()),
            None => target
                .view
                .weapons
                .iter()
                .find(|w| {
                    !self.gem.item(target.id, &w.name).is_some_and(Place::out_of_hand)
                        && !self
                            .moved
                            .iter()
                            .any(|((i, n), _)| *i == t && *n == w.name.to_lowercase())
                })
                .map(|w| w.name.clone()),
        };
        let Some(item) = held else { return Ok(None) };
        let key = (t, item.to_lowercase());
        if self.moved.iter().any(|(k, _)| *k == key)
            || self.gem.item(target.id, &item).is_some_and(Place::out_of_hand)
        {
            return Ok(None);
        }
        let take = take_it(req, p, &item, target.view.name, dice)?;
        let (place, text) = if take {
            (
                Place::TakenBy(req.attacker_id.to_string()),
                format!("{attacker} takes {}'s {item}", target.view.name),
            )
        } else {
            // GEM-WPN-2: a rope's Disarm flings the item towards the puller.
            let falls = match p.uses.pull {
                Some(x) => format!(
                    "is flung {} m towards {attacker} and lies there",
                    x.map_or("up to 4".to_string(), |x| x.to_string())
                ),
                None => "falls to the ground".to_string(),
            };
            (
                Place::Dropped,
                format!(
                    "{}'s {item} {falls} (`do {} pickup item={item}`)",
                    target.view.name, target.view.name
                ),
            )
        };
        self.moved.push((key, Some(place.clone())));
        Ok(Some(items::moved(target.id, &item, Some(place), text)))
    }

    /// GEM-OPT-9: the loose item a Pickpocket names falls (or an unarmed attacker with `take`
    /// keeps it): the target's own (`item=pouch`) or another's stowed on it (`item=hero.bomb`),
    /// held items refused before any die (`items::check_loose`).
    fn pickpocket(
        &mut self,
        req: AttackRequest<'_, GemState>,
        p: &Prepared,
        t: usize,
        word: &str,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<Effect>, RulesError> {
        let target = &req.targets[t];
        let (owner, item) = items::named_item(word, target.id);
        let key = (t, format!("{owner}.{}", item.to_lowercase()));
        if self.moved.iter().any(|(k, _)| *k == key) {
            return Ok(None);
        }
        let whose = items::name_in(req, &owner);
        let take = take_it(req, p, &item, &whose, dice)?;
        let (place, text) = if take && owner == req.attacker_id {
            (None, format!("{} takes its {item} back off {}", req.attacker.name, target.view.name))
        } else if take {
            (
                Some(Place::TakenBy(req.attacker_id.to_string())),
                if owner == target.id {
                    format!("{} takes {whose}'s {item}", req.attacker.name)
                } else {
                    format!("{} takes {whose}'s {item} off {}", req.attacker.name, target.view.name)
                },
            )
        } else {
            (
                Some(Place::Dropped),
                format!("{whose}'s {item} falls to the ground (`do {whose} pickup item={item}`)"),
            )
        };
        self.moved.push((key, place.clone()));
        Ok(Some(items::moved(&owner, &item, place, text)))
    }

    /// One instance: roll its damage (Ride: none), then what its option does (GEM-OPT-1..10).
    #[expect(
        clippy::too_many_arguments,
        reason = "the attack's context, one instance and where it lands"
    )]
    pub(super) fn instance(
        &mut self,
        req: AttackRequest<'_, GemState>,
        p: &Prepared,
        inst: Instance,
        t: usize,
        label: &str,
        dice: &mut dyn DiceSource,
        effects: &mut Vec<Effect>,
    ) -> Result<(), RulesError> {
        let target = &req.targets[t];
        let who = Who::Target(u8::try_from(t).unwrap_or(u8::MAX));
        let name = target.view.name;
        let head = format!("{label} ({}, ×{}) → {name}", super::asks::die_no(inst.die), inst.m);
        if p.option == AttackOption::Ride {
            return ride(req, who, name, &head, dice, effects);
        }
        let l = Landed::roll(req, p, inst, t, head, dice)?;
        let (raw, toughness, wounds, raw_wounds) = (l.raw, l.toughness, l.wounds, l.raw_wounds);
        let head = &l.head;
        match p.option {
            AttackOption::Normal if f_flag(req, "tieup") => {
                self.tie_up(req, &l, t, dice, effects)?
            }
            AttackOption::Normal => {
                effects.push(Effect::Log { text: head.clone(), roll: None });
                effects.push(Effect::Hit(l.hit(0, 0)));
                self.hp[t] -= wounds;
                // GEM-ACT-5: the implant falls out, kept as a dropped item (once a set).
                let key = (t, f_value(req, "cutout").unwrap_or_default().to_lowercase());
                if let Some(kind) = f_value(req, "cutout")
                    && wounds >= 1
                    && !self.moved.iter().any(|(k, _)| *k == key)
                {
                    self.moved.push((key, Some(Place::Dropped)));
                    let text =
                        format!("{head}: an implanted {kind} falls out of {name} (GEM-ACT-5)");
                    effects.push(items::moved(target.id, kind, Some(Place::Dropped), text));
                }
            }
            AttackOption::Sunder => self.sunder(req, &l, t, effects),
            AttackOption::Incapacitate => self.incapacitate(req, &l, t, effects),
            AttackOption::Grapple => {
                if raw_wounds >= 1 {
                    effects.push(l.note(format!(
                        "{head}: {raw} ≥ T {toughness}: both are grappled (GEM-OPT-3)"
                    )));
                    effects.push(lasting(
                        who,
                        "Grappled",
                        Some(format!("with {}", req.attacker.name)),
                    ));
                    effects.push(lasting(Who::Actor, "Grappled", Some(format!("with {name}"))));
                } else {
                    effects.push(l.note(format!("{head}: {raw} < T {toughness}: no grapple")));
                }
            }
            AttackOption::Disarm | AttackOption::Pickpocket | AttackOption::ReversePickpocket => {
                let what = match p.option {
                    AttackOption::Disarm => "drops what it holds",
                    AttackOption::Pickpocket => "a loose item falls off it",
                    _ => "an item is stowed on it",
                };
                if l.half {
                    effects.push(l.note(format!("{head}: {raw} ≥ T/2: {name} {what}")));
                    match self.item_for(req, p, t, dice)? {
                        Some(effect) => effects.push(effect),
                        None if p.option == AttackOption::Disarm => {
                            effects.push(lasting(who, "Disarmed", None))
                        }
                        None => {}
                    }
                } else {
                    effects.push(l.note(format!("{head}: {raw} < T/2 ({toughness}): nothing")));
                }
            }
            AttackOption::Shove => effects.push(l.note(match p.uses.pull {
                // GEM-WPN-2: a rope's pull is a Shove towards the attacker (a Self-Retracting
                // Rope's, its own distance).
                Some(x) => format!(
                    "{head}: {name} is pulled {} m towards {} (Rope, GEM-OPT-5)",
                    x.unwrap_or(raw_wounds),
                    req.attacker.name
                ),
                None => format!("{head}: {name} is flung {raw_wounds} m (GEM-OPT-5)"),
            })),
            AttackOption::Trip => self.trip(req, &l, t, effects),
            AttackOption::Strangle => self.strangle(req, &l, t, effects),
            AttackOption::Ride => {}
        }
        Ok(())
    }

    /// GEM-ACT-6: a Tie Up that would wound ties the target, with the knots' DC.
    fn tie_up(
        &mut self,
        req: AttackRequest<'_, GemState>,
        l: &Landed<'_>,
        t: usize,
        dice: &mut dyn DiceSource,
        effects: &mut Vec<Effect>,
    ) -> Result<(), RulesError> {
        let (head, name) = (&l.head, l.name);
        let tied =
            self.tied[t] || req.targets[t].view.conditions.iter().any(|c| c.name == tieup::TIED);
        if l.wounds >= 1 && tied {
            effects.push(l.note(format!("{head}: it would wound: {name} is already tied")));
        } else if l.wounds >= 1 {
            // GEM-ACT-6: the knots' DC, the tier's items check (typed or rolled now).
            let (dc, how, check) = tieup::dc(req, dice)?;
            effects.push(
                l.note(format!("{head}: it would wound: {name} is tied up, {how} (GEM-ACT-6)")),
            );
            if let Some(roll) = check {
                effects.push(Effect::Log {
                    text: format!("{}'s items check for the knots: DC {dc}", req.attacker.name),
                    roll: Some(roll),
                });
            }
            effects.push(lasting(l.who, tieup::TIED, Some(format!("DC {dc}"))));
            self.tied[t] = true;
        } else {
            effects.push(l.note(format!("{head}: no wound: not tied")));
        }
        Ok(())
    }

    /// GEM-OPT-6: a Sunder wounds the named item, counting the wounds it already took.
    fn sunder(
        &mut self,
        req: AttackRequest<'_, GemState>,
        l: &Landed<'_>,
        t: usize,
        effects: &mut Vec<Effect>,
    ) {
        let target = &req.targets[t];
        let (head, name, raw) = (&l.head, l.name, l.raw);
        let item = f_value(req, "item").unwrap_or("the item");
        let magical = target
            .view
            .weapons
            .iter()
            .any(|w| w.name.eq_ignore_ascii_case(item) && w.stats.flag("magical"));
        let (it, ih) = if magical { (8, 2) } else { (5, 1) };
        let w = damage::wounds(raw, it);
        // Wounds an earlier sunder left on the item, in this set or before it.
        let key = (t, item.to_lowercase());
        let before = match self.moved.iter().find(|(k, _)| *k == key) {
            Some((_, place)) => place.clone(),
            None => self.gem.item(target.id, item).cloned(),
        };
        let so_far = match before {
            Some(Place::Damaged(n)) => n,
            Some(Place::Destroyed) => ih,
            _ => 0,
        };
        let total = so_far + w;
        let (verdict, place) = if so_far >= ih {
            ("already destroyed", Some(Place::Destroyed))
        } else if total >= ih {
            ("destroyed", Some(Place::Destroyed))
        } else if total > 0 {
            ("damaged", Some(Place::Damaged(total)))
        } else {
            ("unharmed", None)
        };
        effects.push(l.note(format!(
            "{head}: sunder {item} (T {it}, HP {ih}): {raw} damage, {w} wound(s): {verdict} (GEM-OPT-6)"
        )));
        if w > 0 && so_far < ih {
            self.moved.retain(|(k, _)| *k != key);
            self.moved.push((key, place.clone()));
            effects.push(items::moved(
                target.id,
                item,
                place,
                format!("{name}'s {item} is {verdict} (GEM-OPT-6)"),
            ));
        }
    }

    /// GEM-OPT-2: damage of twice the target's HP makes it skip its move action, then its
    /// standard one too (a regiment: one member at a time, a tally per level).
    fn incapacitate(
        &mut self,
        req: AttackRequest<'_, GemState>,
        l: &Landed<'_>,
        t: usize,
        effects: &mut Vec<Effect>,
    ) {
        let (head, who) = (&l.head, l.who);
        let target = &req.targets[t];
        let s = target.view.stats;
        let vs = if option_of(req, "gem_incap_vs") == "raw" { l.raw } else { l.net };
        let hp_now = if regiment_members(s).is_some() { member_hp(s) } else { self.hp[t] };
        let threshold = 2 * hp_now.max(0);
        let mut text = format!("{head}: incapacitate {vs} vs 2 × HP {hp_now} = {threshold}");
        let replace = option_of(req, "gem_incap_stack") == "replace";
        if vs >= threshold
            && let Some(tally) = self.tallies[t].as_mut()
        {
            // Vs a regiment: one member at a time, a tally per level.
            let before = *tally;
            match tally.add(turns::standing(target.view)) {
                Some(what) => {
                    text.push_str(&format!(
                        ": {what} ({} skipping move only, {} skipping {})",
                        tally.first,
                        tally.second,
                        if replace { "the standard" } else { "both" }
                    ));
                    effects.push(l.note(text));
                    effects.extend(tally.effects(before, who, replace));
                }
                None => {
                    text.push_str(": every member standing already skips both");
                    effects.push(l.note(text));
                }
            }
        } else if vs >= threshold {
            match self.skips[t] {
                0 => {
                    self.skips[t] = 1;
                    text.push_str(": skips its next move action");
                    effects.push(l.note(text));
                    effects.push(lasting(who, turns::SKIP_MOVE, None));
                }
                1 => {
                    self.skips[t] = 2;
                    text.push_str(": skips its next move and standard actions");
                    effects.push(l.note(text));
                    if replace {
                        effects.push(Effect::Condition {
                            who,
                            change: ConditionChange::End {
                                name: "Skip-Move".into(),
                                why: Ending::Removed,
                            },
                        });
                    }
                    effects.push(lasting(who, turns::SKIP_STANDARD, None));
                }
                _ => {
                    text.push_str(": already skipping both, no further effect");
                    effects.push(l.note(text));
                }
            }
        } else {
            text.push_str(": no effect");
            effects.push(l.note(text));
        }
    }

    /// GEM-OPT-7: a trip knocks prone for one wound fewer; a soft trip for no wounds at all.
    fn trip(
        &mut self,
        req: AttackRequest<'_, GemState>,
        l: &Landed<'_>,
        t: usize,
        effects: &mut Vec<Effect>,
    ) {
        let (head, who, raw, wounds) = (&l.head, l.who, l.raw, l.wounds);
        if FieldReader(req.fields).flag("soft") {
            if l.raw_wounds >= 1 {
                effects.push(l.note(format!("{head}: soft trip, {raw} ≥ T: prone, no wounds")));
                effects.push(lasting(who, "Prone", None));
            } else {
                effects.push(l.note(format!("{head}: soft trip, {raw} < T: stays up")));
            }
        } else if wounds >= 1 {
            effects.push(Effect::Log {
                text: format!("{head}: trip, one wound fewer and prone"),
                roll: None,
            });
            effects.push(Effect::Hit(l.hit(l.toughness, 0)));
            effects.push(lasting(who, "Prone", None));
            self.hp[t] -= wounds - 1;
        } else {
            effects.push(l.note(format!("{head}: trip, no wound: stays up")));
        }
    }

    /// GEM-OPT-8: a strangle's first wound stops the target's breath (once a set, by option).
    fn strangle(
        &mut self,
        req: AttackRequest<'_, GemState>,
        l: &Landed<'_>,
        t: usize,
        effects: &mut Vec<Effect>,
    ) {
        let (head, wounds) = (&l.head, l.wounds);
        let per_set = option_of(req, "gem_strangle_per") == "set";
        let spend = wounds >= 1 && !(per_set && self.strangled[t]);
        if spend {
            self.strangled[t] = true;
            effects.push(Effect::Log {
                text: format!("{head}: strangle, the first wound stops its breath"),
                roll: None,
            });
            effects.push(Effect::Hit(l.hit(l.toughness, 0)));
            effects.push(Effect::Condition {
                who: l.who,
                change: ConditionChange::Add {
                    name: "Strangled".into(),
                    rounds: Some(1),
                    detail: None,
                    persistent: true,
                },
            });
            self.hp[t] -= wounds - 1;
        } else {
            effects.push(Effect::Log { text: head.clone(), roll: None });
            effects.push(Effect::Hit(l.hit(0, 0)));
            self.hp[t] -= wounds;
        }
    }
}

/// GEM-OPT-4, GEM-OPT-9: whether an unarmed attacker takes the item its Disarm or Pickpocket
/// loosed: `take` (or `take=off`) as the command says, else asked once the item falls, leaving
/// it on the ground the rules' default.
fn take_it(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    item: &str,
    target: &str,
    dice: &mut dyn DiceSource,
) -> Result<bool, RulesError> {
    if !(p.arms.unarmed || f_flag(req, "unarmed")) {
        return Ok(false);
    }
    if req.fields.iter().any(|(k, _)| k == "take") {
        return Ok(f_flag(req, "take"));
    }
    let attacker = req.attacker.name;
    let rule = if p.option == AttackOption::Disarm { "GEM-OPT-4" } else { "GEM-OPT-9" };
    let decision = Decision::new(
        format!("{target}'s {item} comes loose: does {attacker} take it? ({rule})"),
        "take",
        vec![
            Pick::open(format!("leave the {item} on the ground"), "take=off"),
            Pick::open(format!("{attacker} takes the {item}"), "take"),
        ],
    );
    Ok(dice.decide(&decision)? == 1)
}

/// GEM-OPT-10: a Ride deals no damage; the rider (the attacker, or with `ride=them` the target)
/// mounts the other. Which rides is asked once the hit lands when the command does not say, the
/// attacker riding the rules' default.
fn ride(
    req: AttackRequest<'_, GemState>,
    who: Who,
    name: &str,
    head: &str,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let attacker = req.attacker.name;
    let them = match f_value(req, "ride") {
        Some(side) => side == "them",
        None => {
            let decision = Decision::new(
                format!("{attacker}'s Ride lands on {name}: who rides whom? (GEM-OPT-10)"),
                "ride",
                vec![
                    Pick::open(format!("{attacker} rides {name}"), "ride=me"),
                    Pick::open(format!("{name} rides {attacker}"), "ride=them"),
                ],
            );
            dice.decide(&decision)? == 1
        }
    };
    let rider = if them { who } else { Who::Actor };
    let (rn, mn) = if them { (name, req.attacker.name) } else { (req.attacker.name, name) };
    effects.push(Effect::Log { text: format!("{head}: {rn} rides {mn} (GEM-OPT-10)"), roll: None });
    effects.push(Effect::Condition {
        who: rider,
        change: ConditionChange::Add {
            name: "Riding".into(),
            rounds: None,
            detail: Some(format!("on {mn}")),
            persistent: false,
        },
    });
    Ok(())
}
