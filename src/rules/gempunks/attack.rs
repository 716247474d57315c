//! One Gempunks attack command is one set (GEM-ATK-5): prepared before any die (`prepare`), then
//! the dice (GEM-ROLL-1, `set`), the hits shared among the targets (GEM-ATK-3/6/7/8, `split`) or an
//! area's own dice (GEM-ATK-4), then each hit instance's damage and effect (`options`), grenades
//! and shots through creatures (`shots`).

use super::asks;
pub use super::attack_option::AttackOption;
use super::options::Tracker;
use super::prepare::{Automatic, Prepared, invalid, names, option_of, prepare};
use super::proposal;
use super::regiment_members;
use super::set::{self, AttackDie};
use super::set::{Instance, hit_instances, typed};
use super::shots::{grenade, through_shot};
use super::split;
use super::state;
use crate::rules::dice::DiceSource;
use crate::rules::effect::{Effect, Who};
use crate::rules::gempunks::state::GemState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;
use crate::rules::words::count;

/// Resolve a set into effects, dice in the spec's order (GEM-ROLL-1).
pub fn resolve(
    req: AttackRequest<'_, GemState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let p = prepare(req)?;
    super::reload::check(req, &p)?;
    let f = FieldReader(req.fields);
    let mut typed_roll = typed(f, "roll")?;
    let rolled = {
        let source: &mut dyn DiceSource = match typed_roll.as_mut() {
            Some(t) => t,
            None => &mut *dice,
        };
        let (who, targets) = asks::set_names(req);
        set::roll_set(&p.dice, p.heavy, (&who, &targets), source)?
    };
    let mut effects = first_effects(req, &p);
    let hits = rolled.iter().filter(|d| d.hit).count();
    let gem = req.state;
    // The set's verdict, on its first target until each target's share is known (`verdicts`).
    let verdict_at = effects.len();
    effects.push(Effect::Attacked {
        target: Who::TARGET,
        summary: summary(req, &p, &rolled, hits, gem),
        rolls: set::records(&rolled),
        hit: hits > 0,
        critical: rolled.iter().any(|d| d.m > 1),
        defended: false,
    });
    // GEM-INIT-2: a group's members left out, and those that spend their standard action.
    effects.extend(super::group::effects(&req, gem));
    for line in set::chains_text(&rolled) {
        effects.push(Effect::Log { text: format!("crit chain: {line}"), roll: None });
    }
    // GEM-WPN-3: a grenade that misses lands elsewhere; its direction die comes next.
    if p.arms.grenade {
        let source: &mut dyn DiceSource = match typed_roll.as_mut() {
            Some(t) => t,
            None => &mut *dice,
        };
        grenade(req, &p, &rolled, source, &mut effects)?;
    }
    if let Some(t) = &typed_roll
        && t.remaining() > 0
    {
        return Err(invalid(format!(
            "roll= gave {} face(s) more than the set needs ({} used)",
            t.remaining(),
            t.used()
        )));
    }
    // Each hit that reaches a target: (target, its multiplier).
    let mut landed: Vec<(usize, u32)> = Vec::new();
    if f.value("through").is_some() {
        let mut typed_damage = typed(f, "dmgroll")?;
        for (i, die) in rolled.iter().enumerate() {
            if !die.hit {
                continue;
            }
            let source: &mut dyn DiceSource = match typed_damage.as_mut() {
                Some(s) => s,
                None => &mut *dice,
            };
            through_shot(req, &p, i, die, source, &mut effects, &mut landed)?;
        }
        verdicts(req, verdict_at, &landed, &mut effects);
        return Ok(effects);
    }
    let instances = placed(req, &p, &rolled, dice, &mut effects)?;
    // Labels h1.. in the split order; damage in attack-die order (GEM-ROLL-1).
    let labels: Vec<(usize, String)> =
        instances.iter().enumerate().map(|(k, i)| (i.die, format!("h{}", k + 1))).collect();
    let mut order = instances.clone();
    order.sort_by_key(|i| i.die);
    if option_of(req, "gem_damage_order") == "multiplier_desc" {
        order.sort_by_key(|i| std::cmp::Reverse(i.m));
    }
    let mut typed_damage = typed(f, "dmgroll")?;
    let mut tracker = Tracker::new(req);
    for inst in order {
        let label = labels.iter().find(|(d, _)| *d == inst.die).map_or("h?", |(_, l)| l);
        let Some(t) = reaches(req, &p, &rolled, inst, label, &mut effects) else {
            continue;
        };
        // Typed damage faces still leave the decisions among them to the session's dice.
        match typed_damage.as_mut() {
            Some(faces) => {
                let mut source = set::Typed { faces, behind: &mut *dice };
                tracker.instance(req, &p, inst, t, label, &mut source, &mut effects)?
            }
            None => tracker.instance(req, &p, inst, t, label, &mut *dice, &mut effects)?,
        }
        landed.push((t, inst.m));
    }
    if let Some(t) = &typed_damage
        && t.remaining() > 0
    {
        return Err(invalid(format!(
            "dmgroll= gave {} face(s) more than the damage needs",
            t.remaining()
        )));
    }
    verdicts(req, verdict_at, &landed, &mut effects);
    Ok(effects)
}

/// The set's first effects: it was rolled (GEM-REG-3 counts a regiment's), then what it does to
/// its weapon (GEM-WPN-2): a thrown one leaves the hand, an Incremental Reload one is empty (or
/// reloaded as part of the attack).
fn first_effects(req: AttackRequest<'_, GemState>, p: &Prepared) -> Vec<Effect> {
    let regiment = req.members.iter().any(|m| regiment_members(m.view.stats).is_some());
    let rolled = Effect::System(state::event(state::GemEvent::SetRolled {
        id: req.attacker_id.to_string(),
        weapon: p.arms.name.clone(),
        regiment,
    }));
    std::iter::once(rolled)
        .chain(super::prepare::thrown_away(req, p.uses))
        .chain(super::reload::fired(req))
        .collect()
}

/// The hit instances, in attack-die order, each given its target: an area's by the creature its
/// die caught, a set's by the GM's `split=` or, asked of `dice` when it is not given, the
/// proposal or what the GM picks instead (GEM-ATK-6, GEM-ATK-7), logged when it has several
/// targets.
fn placed(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    rolled: &[AttackDie],
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<Vec<Instance>, RulesError> {
    let f = FieldReader(req.fields);
    if let Some(owner) = &p.area_of {
        let mut instances = hit_instances(rolled);
        if f.value("split").is_some() {
            return Err(invalid("an area attack's hits are not shared out: no split= (GEM-ATK-4)"));
        }
        for inst in &mut instances {
            inst.target = Some(owner[inst.die]);
        }
        return Ok(instances);
    }
    // GEM-ATK-6: the split order, then the GM's split, or the proposal asked of the GM.
    let share = proposal::sharing(req, p, rolled);
    let places = match f.value("split") {
        Some(text) => {
            let find = |w: &str| req.targets.iter().position(|t| names(t.id, &t.view, w));
            let name = |t: usize| req.targets[t].view.name.to_string();
            split::parse(text, share.instances.len(), &p.plan, &find, &name)?
        }
        None => proposal::ask_split(req, p, &share, dice)?,
    };
    let mut instances = share.instances;
    for (inst, place) in instances.iter_mut().zip(places) {
        inst.target = place;
    }
    if req.targets.len() > 1 && !instances.is_empty() {
        effects.push(Effect::Log { text: distribution(req, &instances), roll: None });
    }
    Ok(instances)
}

/// The target an instance reaches, or `None` with the line saying why it is lost: no legal
/// target (GEM-ATK-8), or (`gem_common_hit=own_need`) a target its die would miss alone.
fn reaches(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    rolled: &[AttackDie],
    inst: Instance,
    label: &str,
    effects: &mut Vec<Effect>,
) -> Option<usize> {
    let Some(t) = inst.target else {
        effects.push(Effect::Log {
            text: format!(
                "{label} ({}): no legal target, the hit is lost (GEM-ATK-8)",
                asks::die_no(inst.die)
            ),
            roll: None,
        });
        return None;
    };
    let face = rolled[inst.die].face;
    if option_of(req, "gem_common_hit") == "own_need"
        && !p.dice[inst.die].auto
        && !set::meets(face, p.needs[t])
    {
        effects.push(Effect::Log {
            text: format!(
                "{label} ({}, a {face}) would miss {} alone (needs {}): lost (gem_common_hit=own_need)",
                asks::die_no(inst.die),
                req.targets[t].view.name,
                p.needs[t]
            ),
            roll: None,
        });
        return None;
    }
    Some(t)
}

/// A set on several targets is an attack on each (GEM-ATK-3): the verdict at `at` becomes the
/// first target's, and each other target gets its own right after it, with no line of its own
/// (the set's line says it all): a hit when a share of the hits reached it, a crit when one of
/// them was multiplied (GEM-ROLL-1), so the crit is credited to the target that took it.
fn verdicts(
    req: AttackRequest<'_, GemState>,
    at: usize,
    landed: &[(usize, u32)],
    effects: &mut Vec<Effect>,
) {
    let verdict = |t: usize| {
        let mut reached = landed.iter().filter(|(to, _)| *to == t).peekable();
        let hit = reached.peek().is_some();
        (hit, reached.any(|(_, m)| *m > 1))
    };
    if let Some(Effect::Attacked { hit, critical, .. }) = effects.get_mut(at) {
        (*hit, *critical) = verdict(0);
    }
    for t in 1..req.targets.len() {
        let (hit, critical) = verdict(t);
        effects.insert(
            at + t,
            Effect::Attacked {
                target: Who::Target(u8::try_from(t).unwrap_or(u8::MAX)),
                summary: String::new(),
                rolls: Vec::new(),
                hit,
                critical,
                defended: false,
            },
        );
    }
}

/// The set's line: who (each member of a group by name), how many dice, the need(s), the hits.
fn summary(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    rolled: &[AttackDie],
    hits: usize,
    gem: &state::GemState,
) -> String {
    let defense = if p.option.against_ad() { "AD" } else { "GD" };
    let targets: Vec<String> = req
        .targets
        .iter()
        .zip(&p.needs)
        .enumerate()
        .map(|(k, (t, n))| {
            let mut said = format!(
                "{} {} {n}",
                t.view.name,
                if p.option.against_ad() { "needs" } else { "needs (GD)" }
            );
            // GEM-CHOOSE-1: say when `lower=` dropped its defense, and when there was nothing
            // to drop.
            if let Some((_, was)) = p.lowered.iter().find(|(l, _)| *l == k) {
                said.push_str(&if *was > 2 {
                    format!(" (lowers its {defense} from {was} to 2, GEM-CHOOSE-1)")
                } else {
                    format!(" (lower=: its {defense} is {was} already)")
                });
            }
            said
        })
        .collect();
    let mods: Vec<String> = p.mods.iter().map(|(n, v)| format!("{n} {v:+}")).collect();
    let (part, _) = super::group::taking_part(&req, gem);
    let group = part.len() > 1;
    let attackers = if group {
        part.iter().map(|m| m.view.name).collect::<Vec<_>>().join(", ")
    } else {
        req.attacker.name.to_string()
    };
    let who = match (group, p.attacks_each) {
        (true, 1) => String::new(),
        (true, each) => format!(" ({each} attacks each)"),
        (false, _) if p.members > 1 || p.attacks_each > 1 => {
            format!(" ({} × {} attack(s))", p.members, p.attacks_each)
        }
        (false, _) => String::new(),
    };
    // A group's names, or a regiment's plural name, take the plural verb.
    let many = group || regiment_members(req.attacker.stats).is_some();
    let named = crate::rules::Named { name: &attackers, many };
    let verb = match p.option == AttackOption::Normal {
        true => named.verb("attacks"),
        false => format!("{} {}", named.verb("tries"), p.option.word()),
    };
    let mut text = format!(
        "{attackers}{who} {verb} {}: {}d6, acc {:+}{}",
        targets.join(", "),
        rolled.len(),
        p.acc,
        if mods.is_empty() { String::new() } else { format!(" ({})", mods.join(", ")) },
    );
    if p.area_of.is_some() {
        text.push_str(", area: each die against its own need");
    } else if !p.plan.hardest.is_empty() {
        let hardest: Vec<&str> = p.plan.hardest.iter().map(|&t| req.targets[t].view.name).collect();
        text.push_str(&format!(
            ", common need {} (hardest {}: at most {} hits)",
            p.plan.common,
            hardest.join(", "),
            split::cap(hits)
        ));
    }
    if p.heavy {
        text.push_str(", Heavy");
    }
    // GEM-CRIT-4, GEM-CHOOSE-1: why every die hits.
    match p.automatic {
        Some(Automatic::Effect) => {
            text.push_str(", every die an automatic hit (auto: an effect, GEM-CRIT-4)");
        }
        Some(Automatic::Willing { target, modsum }) => text.push_str(&format!(
            ", every die hits: {} chooses to be hit (modifiers {modsum:+} ≥ 0, GEM-CHOOSE-1)",
            req.targets.get(target).map_or("the target", |t| t.view.name)
        )),
        None => {}
    }
    let sixes = rolled.iter().filter(|d| d.hit && !d.chain.is_empty()).count();
    text.push_str(&format!(": {}", count(hits, "hit", "hits")));
    if sixes > 0 {
        let crits = rolled.iter().filter(|d| d.m > 1).count();
        text.push_str(&format!(
            ", {}, {}",
            count(sixes, "crit die", "crit dice"),
            count(crits, "crit", "crits")
        ));
    }
    text
}

/// `h1 d5 ×1 → Ogre, …`: the distribution of a multi-target set.
fn distribution(req: AttackRequest<'_, GemState>, instances: &[Instance]) -> String {
    let words: Vec<String> = instances
        .iter()
        .enumerate()
        .map(|(k, i)| {
            let to = i.target.map_or("lost", |t| req.targets[t].view.name);
            format!("{} → {to}", asks::instance(k, i.die, i.m))
        })
        .collect();
    format!("hits shared: {}", words.join("; "))
}
