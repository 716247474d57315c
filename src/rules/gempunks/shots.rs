//! Shots that do more than land: a grenade's scatter (GEM-WPN-3) and one shot through several
//! creatures in line (GEM-MOD-5).

use super::asks;
use super::damage::{self, DEFAULT_TOUGHNESS};
use super::prepare::{Prepared, option_of};
use super::set::{self, AttackDie};
use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceSource, RollRecord, roll_die};
use crate::rules::effect::{Effect, Hit, Who};
use crate::rules::gempunks::state::GemState;
use crate::rules::request::AttackRequest;
use crate::rules::types::RulesError;

/// GEM-WPN-3: where a missed grenade lands.
pub(super) fn grenade(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    rolled: &[AttackDie],
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    const DIRS: [&str; 8] =
        ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];
    let muscle = req.attacker.stats.int_or("muscle", 0).max(0);
    let scale = 1i64 << (muscle / 2).min(20);
    for (i, d) in rolled.iter().enumerate() {
        if d.hit {
            effects.push(Effect::Log {
                text: format!("the grenade of {} lands on the spot", asks::die_no(i)),
                roll: None,
            });
            continue;
        }
        let k = d.need - set::value(d.face);
        let base = 2 * k;
        let feet = if option_of(req, "gem_grenade_feet") == "scaled" {
            base * scale >= 8
        } else {
            base >= 8
        };
        if feet {
            effects.push(Effect::Log {
                text: format!(
                    "the grenade of {} misses by {k}: {base} m, so it lands at the thrower's feet",
                    asks::die_no(i)
                ),
                roll: None,
            });
            continue;
        }
        dice.before_roll(&RollAsk {
            label: format!(
                "where the grenade of {} lands (1 north, 2 north-east … 8 north-west)",
                asks::die_no(i)
            ),
            dice: "1d8".into(),
            count: 1,
            beat: None,
        })?;
        let face = roll_die(dice, 8)?;
        let dir = DIRS[usize::try_from(face.clamp(1, 8) - 1).unwrap_or(0)];
        let roll = RollRecord {
            expr: "1d8 direction".into(),
            dice: vec![crate::rules::dice::DieRoll { sides: 8, face, kept: true, exploded: false }],
            total: i64::from(face),
        };
        effects.push(Effect::Log {
            text: format!(
                "the grenade of {} misses by {k}: lands {} m {dir} of the spot ({base} m × {scale})",
                asks::die_no(i),
                base * scale
            ),
            roll: Some(roll),
        });
    }
    let _ = p;
    Ok(())
}

/// GEM-MOD-5: one shot through several creatures in line order. It goes on past a creature only
/// if it wounded it at least once and left it at HP ≤ 0; what carries on is the damage less that
/// creature's armor and max(1, its HP before) × its Toughness, taken from the parts in weapon order
/// (Reading `gem_through_parts=in_order`; `proportional` shares it over the parts). Each creature
/// it reaches goes into `landed`, with the die's multiplier.
pub(super) fn through_shot(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    die: usize,
    rolled: &AttackDie,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
    landed: &mut Vec<(usize, u32)>,
) -> Result<(), RulesError> {
    let mult = option_of(req, "gem_mult_stat_bonus") != "off";
    let line: Vec<&str> = req.targets.iter().map(|t| t.view.name).collect();
    let label = format!(
        "{} damage for {}, ×{}, through {}",
        super::asks::roller(req),
        asks::die_no(die),
        rolled.m,
        line.join(", ")
    );
    let (roll, mut parts) =
        damage::roll_instance(&p.arms, rolled.m, req.attacker.stats, mult, label, dice)?;
    let proportional = option_of(req, "gem_through_parts") == "proportional";
    let double = option_of(req, "gem_vuln") == "double";
    for (t, target) in req.targets.iter().enumerate() {
        let who = Who::Target(u8::try_from(t).unwrap_or(u8::MAX));
        let name = target.view.name;
        if t > 0 && !set::meets(rolled.face, p.needs[t]) {
            effects.push(Effect::Log {
                text: format!(
                    "d{} ({}) misses {name} (needs {}): the shot stops",
                    die + 1,
                    rolled.face,
                    p.needs[t]
                ),
                roll: None,
            });
            break;
        }
        let s = target.view.stats;
        let raw: i64 = parts.iter().map(|(_, a)| (*a).max(0)).sum();
        let toughness = s.int_or("toughness", DEFAULT_TOUGHNESS).max(1);
        let (net, _) = damage::net(s, &parts, 0, double);
        let wounds = damage::wounds(net, toughness);
        let before = target.view.health.current;
        effects
            .push(Effect::Log {
                text: format!("d{} ×{} → {name}", die + 1, rolled.m), roll: None
            });
        landed.push((t, rolled.m));
        effects.push(Effect::Hit(Hit {
            target: who,
            amount: raw,
            roll: (t == 0).then(|| roll.clone()),
            kind: parts.iter().find_map(|(k, _)| k.clone()),
            parts: parts.iter().map(|(k, a)| (k.clone().unwrap_or_default(), *a)).collect(),
            ..Hit::default()
        }));
        let passes = wounds >= 1 && before - wounds <= 0;
        if !passes || t + 1 == req.targets.len() {
            break;
        }
        let armor = parts.first().map_or(0, |(k, _)| damage::armor_for(s, k.as_deref()));
        let spent = armor + before.max(1) * toughness;
        let carried = raw - spent;
        effects.push(Effect::Log {
            text: format!("the shot passes through {name}: {raw} − ({armor} + {} × {toughness}) = {carried} carries on", before.max(1)),
            roll: None,
        });
        if carried <= 0 {
            break;
        }
        // Take `spent` off the parts.
        if proportional && raw > 0 {
            for part in &mut parts {
                part.1 = part.1.max(0) * carried / raw;
            }
        } else {
            let mut left = spent;
            for part in &mut parts {
                let take = left.min(part.1.max(0));
                part.1 -= take;
                left -= take;
            }
        }
    }
    Ok(())
}
