//! Bennies spent inside an attack, each asked when the rules reach it (issue 24): a Wild Card
//! attacker's reroll of a failed attack roll ([outside] the core rules' benny reroll, keeping the
//! better), and the target's soak right after the damage, once its wounds are known (SW-DMG-4).
//! `reroll=no|benny` and `soak=no|benny` carry the answers; without them a source that plays on
//! takes `no`, as attacks did before these questions existed.

use super::super::wounds::toughness;
use super::super::{Savage, TN, TraitRoll, asked_trait_roll, needs, odds};
use super::{Fields, Prepared, capitalised};
use crate::rules::dice::question::{Decision, Pick};
use crate::rules::dice::{DiceSource, ScriptedDice};
use crate::rules::effect::{ConditionChange, Effect, Ending, Hit, Who};
use crate::rules::request::{AttackRequest, CombatantView, FieldReader};
use crate::rules::savage::state::SavageState;
use crate::rules::stats::TraitDie;
use crate::rules::types::RulesError;

/// An untrained or unstated Vigor.
const D4: TraitDie = TraitDie { sides: 4, bonus: 0 };

/// The answer a field gives: `Some(true)` for `benny`, `Some(false)` for `no`, `None` unsaid.
fn answered(f: &Fields<'_>, key: &str) -> Result<Option<bool>, RulesError> {
    match f.value(key).map(str::to_ascii_lowercase).as_deref() {
        None => Ok(None),
        Some("benny") => Ok(Some(true)),
        Some("no") => Ok(Some(false)),
        Some(other) => Err(RulesError::Invalid(format!("{key}={other}: expected benny or no"))),
    }
}

/// Why `who` cannot spend a benny now, if it cannot: an Extra has none, a Wild Card may have
/// spent them all.
fn no_benny(who: CombatantView<'_>) -> Option<String> {
    if !Savage::is_wild(who.stats) {
        return Some(format!("{} is an Extra: only Wild Cards spend bennies", who.name));
    }
    (who.stats.int_or("bennies", 0) < 1).then(|| format!("{} has no bennies left", who.name))
}

/// Legality before dice: `reroll=benny` and `soak=benny` only from one who can spend a benny,
/// and no reroll of an autofire burst.
pub(super) fn check(req: AttackRequest<'_, SavageState>, f: &Fields<'_>) -> Result<(), RulesError> {
    if answered(f, "reroll")? == Some(true) {
        if let Some(why) = no_benny(req.attacker) {
            return Err(RulesError::Invalid(format!("reroll=benny: {why}")));
        }
        if f.value("autofire").is_some() {
            return Err(RulesError::Invalid(
                "reroll=benny: an autofire burst is not rerolled here; roll it again by hand"
                    .into(),
            ));
        }
    }
    if answered(f, "soak")? == Some(true)
        && let Some(why) = no_benny(req.target)
    {
        return Err(RulesError::Invalid(format!("soak=benny: {why} (SW-DMG-4)")));
    }
    Ok(())
}

/// The odds of a trait roll, as a pick's label shows them: `success 58.3%, raise 20.1%`.
fn odds_text(die: TraitDie, wild: bool, modifier: i64) -> String {
    let need = TN - modifier - die.bonus;
    let success = odds::trait_roll(die.sides, wild, need);
    let raise = odds::trait_roll(die.sides, wild, need + 4);
    format!("success {:.1}%, raise {:.1}%", success.percent(), raise.percent())
}

/// What came of a failed attack roll's reroll decision: the roll kept and, when rerolled, the
/// benny spent and the other roll's record with a note for the attack's line.
pub(super) struct Reroll {
    pub kept: TraitRoll,
    pub spent: Vec<Effect>,
    pub other: Option<(crate::rules::dice::RollRecord, String)>,
}

/// After a failed attack roll of a Wild Card (`lands` false): reroll it with a benny? Asked
/// unless `reroll=` says; the better of the two rolls stands.
pub(super) fn reroll(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    first: TraitRoll,
    lands: bool,
    typed: &mut Option<ScriptedDice>,
    dice: &mut dyn DiceSource,
) -> Result<Reroll, RulesError> {
    let attacker = req.attacker;
    let keep = |kept| Ok(Reroll { kept, spent: Vec::new(), other: None });
    if lands || !Savage::is_wild(attacker.stats) {
        return keep(first);
    }
    let f = FieldReader(req.fields);
    let against = if p.against_parry { "Parry" } else { "TN" };
    let take = match answered(&f, "reroll")? {
        Some(take) => take,
        None => {
            let bennies = attacker.stats.int_or("bennies", 0);
            // The reroll's own odds against the attack's TN.
            let odds = odds_text(p.die, true, p.modifier().saturating_sub(p.tn - TN));
            let label = format!("Reroll with a benny ({bennies} left): {odds}");
            let benny = match (first.critical_failure, no_benny(attacker)) {
                (true, _) => Pick::refused(label, "reroll=benny", "snake eyes: it stands"),
                (false, Some(why)) => Pick::refused(label, "reroll=benny", why),
                (false, None) => Pick::open(label, "reroll=benny"),
            };
            let decision = Decision::new(
                format!(
                    "{} misses ({} vs {against} {}): reroll with a benny?",
                    attacker.name, first.total, p.tn
                ),
                "reroll",
                vec![Pick::open("Keep the roll", "reroll=no"), benny],
            );
            let i = dice.decide(&decision)?;
            decision.options.get(i).is_some_and(|o| o.text == "reroll=benny")
        }
    };
    // Reading: snake eyes stands (a benny does not reroll a critical failure).
    if !take || first.critical_failure {
        return keep(first);
    }
    let source: &mut dyn DiceSource = match typed.as_mut().filter(|t| t.remaining() > 0) {
        Some(t) => t,
        None => dice,
    };
    let label = format!("{}'s {} reroll (benny)", attacker.name, capitalised(&p.skill));
    let beat = Some(needs(p.tn, against, p.modifier() + p.die.bonus));
    let second = asked_trait_roll(label, p.die, true, p.modifier(), beat, source)?;
    let spent = vec![Effect::Stat { who: Who::Actor, field: "bennies", delta: -1 }];
    // The better of the two stands; snake eyes on the reroll is the worse.
    let (first_total, second_total) = (first.total, second.total);
    let second_better = !second.critical_failure && second.total > first.total;
    let (kept, other) = if second_better { (second, first) } else { (first, second) };
    let note =
        format!("rerolled with a benny: {} and {}, kept {}", first_total, second_total, kept.total);
    Ok(Reroll { kept, spent, other: Some((other.record, note)) })
}

/// What the hits of an attack do to its target before any soak: every wound they bring
/// (SW-DMG-2, uncapped), the health they take (as the engine lands them, one past the last
/// wound at most), and whether they Shake a target that was not Shaken.
struct Struck {
    wounds: i64,
    loss: i64,
    shakes: bool,
}

fn struck(target: CombatantView<'_>, hits: &[Hit]) -> Struck {
    let mut shaken = target.conditions.iter().any(|c| c.name == "Shaken");
    let was_shaken = shaken;
    let mut current = target.health.current;
    let (mut wounds, mut loss) = (0i64, 0i64);
    for hit in hits {
        let tough = toughness(target.stats)
            .saturating_add(hit.armor_added)
            .saturating_sub(hit.armor_ignored);
        if hit.amount < tough {
            continue;
        }
        let raises = (hit.amount - tough) / 4;
        let w = if raises > 0 { raises } else { i64::from(shaken) };
        let l = w.min(current.max(0).saturating_add(1));
        shaken = true;
        wounds = wounds.saturating_add(w);
        loss = loss.saturating_add(l);
        current = current.saturating_sub(l);
    }
    Struck { wounds, loss, shakes: shaken && !was_shaken }
}

/// SW-DMG-4: right after the damage, a Wild Card target may spend a benny and roll Vigor; each
/// success and raise cancels a wound of this attack, and cancelling them all its Shaken too.
/// Asked once the wounds are known (never of an Extra, never without a wound); the effects
/// follow the hits, so the Incapacitation roll comes after the soak and sees what is left.
pub fn soak_after(
    req: AttackRequest<'_, SavageState>,
    hits: &[Hit],
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let target = req.target;
    if !Savage::is_wild(target.stats) || target.health.current < 0 || hits.is_empty() {
        return Ok(Vec::new());
    }
    let hit = struck(target, hits);
    if hit.wounds < 1 {
        return Ok(Vec::new());
    }
    let vigor = target.stats.die("vigor").unwrap_or(D4);
    // As the `soak` verb reads it: the penalties of the wounds held before this attack.
    let joker = if Savage::holds_joker(target) { 2 } else { 0 };
    let modifier = Savage::wound_penalty(target.health).saturating_add(joker);
    let f = FieldReader(req.fields);
    let take = match answered(&f, "soak")? {
        Some(take) => take,
        None => {
            let bennies = target.stats.int_or("bennies", 0);
            let label = format!(
                "Soak with a benny ({bennies} left), Vigor {vigor}: {}",
                odds_text(vigor, true, modifier)
            );
            let benny = match no_benny(target) {
                Some(why) => Pick::refused(label, "soak=benny", why),
                None => Pick::open(label, "soak=benny"),
            };
            let decision = Decision::new(
                format!("{} takes {} wound(s): soak?", target.name, hit.wounds),
                "soak",
                vec![Pick::open("Take the wounds", "soak=no"), benny],
            );
            let i = dice.decide(&decision)?;
            decision.options.get(i).is_some_and(|o| o.text == "soak=benny")
        }
    };
    if !take {
        return Ok(Vec::new());
    }
    let label = format!("{}'s soak (Vigor)", target.name);
    let beat = Some(needs(TN, "TN", modifier.saturating_add(vigor.bonus)));
    let roll = asked_trait_roll(label, vigor, true, modifier, beat, dice)?;
    let saved = if roll.total >= TN && !roll.critical_failure { 1 + roll.raises(TN) } else { 0 };
    let cancelled = saved.min(hit.wounds);
    let mut effects = vec![
        Effect::Stat { who: Who::TARGET, field: "bennies", delta: -1 },
        Effect::Note {
            who: Who::TARGET,
            text: format!(
                "{} soaks: Vigor {}, {cancelled} of {} wound(s) cancelled",
                target.name, roll.total, hit.wounds
            ),
            roll: roll.record.clone(),
        },
    ];
    // What is left of the attack, landed as the engine lands wounds (one past the last at most).
    let left = (hit.wounds - cancelled).min(target.health.current.max(0).saturating_add(1));
    let heal = hit.loss.saturating_sub(left);
    if heal > 0 {
        effects.push(Effect::Damage { who: Who::TARGET, loss: -heal, explain: "soaked".into() });
    }
    if cancelled == hit.wounds && hit.shakes {
        effects.push(Effect::Condition {
            who: Who::TARGET,
            change: ConditionChange::End { name: "Shaken".into(), why: Ending::Removed },
        });
    }
    Ok(effects)
}
