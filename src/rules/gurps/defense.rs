//! GURPS active defenses: Dodge, Parry per weapon, Block, with every modifier of
//! GURPS-DEF-2..10 and the limits of the defender's maneuver (GURPS-MAN-1), and the best one
//! chosen unless the GM names it (GURPS-DEF-8).

use super::maneuver::Kind;
use super::state::Person;
use super::tables;
use super::{DEFAULT_ATTRIBUTE, Gurps};
use crate::rules::request::CombatantView;
use crate::rules::stats::Weapon;
use crate::rules::types::RulesError;

/// What the attack is, as far as a defense cares.
#[derive(Debug, Clone, Default)]
pub struct Incoming {
    /// The attacker's id (a retreat from it holds until the defender's next turn).
    pub attacker: String,
    pub melee: bool,
    pub thrown: bool,
    pub small: bool,
    pub firearm: bool,
    pub deceptive: i64,
    pub feint: i64,
    /// It comes at the defender's back side, past its weapon or shield: Parry and Block −2
    /// (GURPS-DEF-3, GURPS-DEF-4).
    pub backside: bool,
}

/// How the GM asked it to defend.
#[derive(Debug, Clone, Default)]
pub struct Asked {
    /// `dodge`, `parry`, `parry:WEAPON`, `block`, `none`; `None` for the best.
    pub named: Option<String>,
    pub retreat: bool,
    pub drop: bool,
    /// The Acrobatics result already rolled: +2 or −2 (GURPS-DEF-10).
    pub acrobatic: i64,
}

/// One defense it could roll, with its effective score and each modifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub kind: &'static str,
    pub weapon: Option<String>,
    pub value: i64,
    pub parts: Vec<(String, i64)>,
    pub retreat: bool,
}

impl Choice {
    /// `Parry (broadsword)`: the defense and what it is made with.
    pub fn name(&self) -> String {
        let name = match self.kind {
            "dodge" => "Dodge",
            "parry" => "Parry",
            _ => "Block",
        };
        match &self.weapon {
            Some(w) => format!("{name} ({w})"),
            None => name.to_string(),
        }
    }

    /// `Parry (broadsword) 10 [base 10, retreat +1]`.
    pub fn label(&self) -> String {
        let name = self.name();
        let parts: Vec<String> = self
            .parts
            .iter()
            .skip(1)
            .map(|(why, n)| format!("{why} {}", super::weapon::signed(*n)))
            .collect();
        if parts.is_empty() {
            format!("{name} {}", self.value)
        } else {
            format!("{name} {} ({})", self.value, parts.join(", "))
        }
    }
}

/// Halved, rounded up (reeling, Very Tired).
fn half_up(n: i64) -> i64 {
    (n + 1) / 2
}

/// GURPS-DEF-2: Dodge, given or floor(Basic Speed) + 3; halved (round up) when reeling or very
/// tired (GURPS-HP-1, GURPS-FP-1).
pub fn base_dodge(who: CombatantView<'_>) -> (i64, bool) {
    let dodge = who.stats.int("dodge").unwrap_or_else(|| Gurps::basic_speed(who.stats) / 100 + 3);
    let reeling = who.health.current.saturating_mul(3) < who.health.max;
    let tired = who.conditions.iter().any(|c| c.name == "Very-Tired");
    if reeling || tired { (half_up(dodge), true) } else { (dodge, false) }
}

/// A weapon's Parry modifier in GURPS notation: (modifier, fencing, unbalanced), or `None` for No.
pub fn parry_modifier(weapon: &Weapon) -> Option<(i64, bool, bool)> {
    let text = weapon.stats.text("parry").unwrap_or("0").trim().to_ascii_uppercase();
    if text == "NO" || text == "-" {
        return None;
    }
    let fencing = text.ends_with('F');
    let unbalanced = text.ends_with('U');
    let number = text.trim_end_matches(['F', 'U']);
    // A modifier past any a weapon has (a hostile bestiary's) reads as no parry, never wraps.
    let modifier = if number.is_empty() {
        0
    } else {
        number
            .trim_start_matches('+')
            .parse::<i64>()
            .ok()
            .filter(|n| n.abs() <= crate::rules::stats::MAX_STAT)?
    };
    Some((modifier, fencing, unbalanced))
}

/// Whether a weapon is for melee (neither ranged nor a shield).
fn melee_weapon(w: &Weapon) -> bool {
    !w.stats.flag("ranged") && !w.stats.flag("shield")
}

/// Every defense the defender may use against this attack now, with its effective score
/// (GURPS-DEF-1..10, GURPS-MAN-1, GURPS-MAN-9, GURPS-STUN-1, GURPS-POST-2).
pub fn choices(
    who: CombatantView<'_>,
    me: &Person,
    incoming: &Incoming,
    asked: &Asked,
    strict_retreat: bool,
) -> Result<Vec<Choice>, RulesError> {
    let has = |n: &str| who.conditions.iter().any(|c| c.name == n);
    if has("Unconscious") || has("Dead") || has("Mortally-Wounded") {
        return Ok(Vec::new());
    }
    let maneuver = me.maneuver.as_ref();
    let (may_dodge, may_parry, may_block, may_retreat) =
        maneuver.map_or((true, true, true, true), |m| m.defenses());
    let posture = tables::POSTURES
        .iter()
        .find(|p| p.condition.is_some_and(&has))
        .copied()
        .unwrap_or(tables::POSTURES[0]);
    let retreat = retreats(who, me, incoming, asked, may_retreat, strict_retreat)?;
    if asked.drop && incoming.melee {
        return Err(RulesError::Invalid("Dodge and Drop is against ranged attacks only".into()));
    }
    let db = who.stats.int("db").unwrap_or_else(|| {
        who.weapons
            .iter()
            // A shield made unready (a critical Block) adds no DB until it is readied.
            .filter(|w| w.stats.flag("shield") && !w.stats.flag("unready"))
            .filter(|w| !me.unready.contains(&w.name))
            .filter_map(|w| w.stats.int("db"))
            .max()
            .unwrap_or(0)
    });
    let increased = maneuver.and_then(|m| m.kind.increased());
    let common = |parts: &mut Vec<(String, i64)>, kind: &str| {
        if db != 0 {
            parts.push(("DB".into(), db));
        }
        if increased == Some(kind) {
            parts.push(("All-Out Defense".into(), 2));
        }
        if posture.defense != 0 {
            parts.push((posture.key.into(), posture.defense));
        }
        if incoming.deceptive > 0 {
            parts.push(("deceptive".into(), -incoming.deceptive));
        }
        if incoming.feint > 0 {
            parts.push(("feint".into(), -incoming.feint));
        }
        if has("Stunned") {
            parts.push(("stunned".into(), -4));
        }
        if has("Lost-Balance") {
            parts.push(("lost balance".into(), -2));
        }
        if asked.acrobatic != 0 && kind == "dodge" {
            parts.push(("acrobatic".into(), asked.acrobatic));
        }
    };
    let finish = |kind: &'static str, weapon: Option<String>, mut parts: Vec<(String, i64)>| {
        common(&mut parts, kind);
        let value = parts.iter().map(|(_, n)| n).sum();
        Choice { kind, weapon, value, parts, retreat }
    };
    let mut out = Vec::new();
    if may_dodge {
        let (dodge, halved) = base_dodge(who);
        let mut parts = vec![(if halved { "Dodge halved" } else { "Dodge" }.to_string(), dodge)];
        if retreat {
            parts.push(("retreat".into(), 3));
        }
        if asked.drop && !incoming.melee {
            parts.push(("drop".into(), 3));
        }
        out.push(finish("dodge", None, parts));
    }
    // GURPS-DEF-3: Parry only against melee and thrown attacks.
    if may_parry && (incoming.melee || incoming.thrown) {
        out.extend(parries(who, me, incoming, retreat, &finish));
    }
    // GURPS-DEF-4: Block once per turn, not against firearms.
    if may_block && !me.blocked && !incoming.firearm {
        let shield =
            who.weapons.iter().find(|w| w.stats.flag("shield") && !me.unready.contains(&w.name));
        let base = who
            .stats
            .int("block")
            .or_else(|| shield.and_then(|s| s.stats.int("skill")).map(|skill| skill / 2 + 3));
        if let Some(base) = base {
            let mut parts = vec![("Block".to_string(), base)];
            if retreat {
                parts.push(("retreat".into(), 1));
            }
            if incoming.backside {
                parts.push(("back side".into(), -2));
            }
            out.push(finish("block", shield.map(|s| s.name.clone()), parts));
        }
    }
    Ok(out)
}

/// GURPS-DEF-5, GURPS-DEF-9: whether the defense gets a retreat's bonus, refusing a retreat the
/// rules do not allow.
fn retreats(
    who: CombatantView<'_>,
    me: &Person,
    incoming: &Incoming,
    asked: &Asked,
    may_retreat: bool,
    strict_retreat: bool,
) -> Result<bool, RulesError> {
    let has = |n: &str| who.conditions.iter().any(|c| c.name == n);
    // Once per turn, melee only, not while stunned, sitting or kneeling; the bonus holds against
    // the same attacker until its next turn.
    let retreat_held = me.retreat_from.as_deref() == Some(incoming.attacker.as_str());
    let retreat = asked.retreat || retreat_held;
    if asked.retreat && !retreat_held {
        if !incoming.melee {
            return Err(RulesError::Invalid(
                "retreat is against melee attacks only; `drop` is Dodge and Drop against ranged"
                    .into(),
            ));
        }
        if !may_retreat {
            return Err(RulesError::Invalid(
                "no retreat after Move and Attack or an All-Out Attack (GURPS-MAN-1)".into(),
            ));
        }
        if me.retreat_from.is_some() {
            return Err(RulesError::Invalid(
                "it already retreated this turn; once per turn (GURPS-DEF-5)".into(),
            ));
        }
        if strict_retreat && (has("Stunned") || has("Sitting") || has("Kneeling")) {
            return Err(RulesError::Invalid(
                "no retreat while stunned, sitting or kneeling (GURPS-DEF-9)".into(),
            ));
        }
    }
    Ok(retreat && incoming.melee)
}

/// GURPS-DEF-3: a Parry with each ready melee weapon (or the `parry=N` given when none is).
fn parries(
    who: CombatantView<'_>,
    me: &Person,
    incoming: &Incoming,
    retreat: bool,
    finish: &dyn Fn(&'static str, Option<String>, Vec<(String, i64)>) -> Choice,
) -> Vec<Choice> {
    let mut out = Vec::new();
    let melee: Vec<&Weapon> = who.weapons.iter().filter(|w| melee_weapon(w)).collect();
    let given = who.stats.int("parry");
    let mut any = false;
    for w in &melee {
        let Some((modifier, fencing, unbalanced)) = parry_modifier(w) else { continue };
        if (unbalanced && me.attacked_with.contains(&w.name)) || me.unready.contains(&w.name) {
            continue;
        }
        let base = match given {
            Some(p) => p,
            None => match w.stats.int("skill") {
                Some(skill) => (skill / 2).saturating_add(3).saturating_add(modifier),
                None => continue,
            },
        };
        any = true;
        out.push(finish(
            "parry",
            Some(w.name.clone()),
            parry_parts(w, base, fencing, me, incoming, retreat),
        ));
    }
    if !any && let Some(p) = given {
        let bare = Weapon { name: String::new(), stats: Default::default() };
        let mut choice = finish("parry", None, parry_parts(&bare, p, false, me, incoming, retreat));
        choice.weapon = None;
        out.push(choice);
    }
    out
}

fn parry_parts(
    w: &Weapon,
    base: i64,
    fencing: bool,
    me: &Person,
    incoming: &Incoming,
    retreat: bool,
) -> Vec<(String, i64)> {
    let mut parts = vec![("Parry".to_string(), base)];
    let used = me.parries.iter().find(|(k, _)| *k == w.name).map_or(0, |(_, n)| i64::from(*n));
    if used > 0 {
        parts.push((format!("parry #{}", used + 1), used * if fencing { -2 } else { -4 }));
    }
    if w.stats.flag("offhand") {
        parts.push(("off hand".into(), -2));
    }
    if incoming.thrown {
        parts.push((
            if incoming.small { "small thrown" } else { "thrown" }.into(),
            if incoming.small { -2 } else { -1 },
        ));
    }
    if retreat {
        parts.push(("retreat".into(), if fencing { 3 } else { 1 }));
    }
    if incoming.backside {
        parts.push(("back side".into(), -2));
    }
    parts
}

/// The defense to roll: the one named, or the best (ties go Dodge, Parry, Block).
pub fn pick(choices: &[Choice], named: Option<&str>) -> Result<Option<Choice>, RulesError> {
    match named.filter(|n| *n != "best") {
        None => Ok(choices
            .iter()
            .fold(None::<&Choice>, |best, c| match best {
                Some(b) if b.value >= c.value => Some(b),
                _ => Some(c),
            })
            .cloned()),
        Some("none") => Ok(None),
        Some(word) => {
            let (kind, weapon) = match word.split_once(':') {
                Some((k, w)) => (k, Some(w.to_ascii_lowercase())),
                None => (word, None),
            };
            // A weapon named whole is that weapon, before any other whose name begins so.
            let exact = choices.iter().find(|c| {
                c.kind == kind
                    && weapon.as_ref().is_some_and(|w| {
                        c.weapon.as_ref().is_some_and(|cw| cw.to_ascii_lowercase() == *w)
                    })
            });
            let found = exact.or_else(|| {
                choices.iter().find(|c| {
                    c.kind == kind
                        && weapon.as_ref().is_none_or(|w| {
                            c.weapon
                                .as_ref()
                                .is_some_and(|cw| cw.to_ascii_lowercase().starts_with(w.as_str()))
                        })
                })
            });
            match found {
                Some(c) => Ok(Some(c.clone())),
                None => {
                    let open: Vec<String> = choices.iter().map(Choice::label).collect();
                    Err(RulesError::Invalid(format!(
                        "defense={word} is not open to it now; it may use {}",
                        if open.is_empty() { "none".to_string() } else { open.join(", ") }
                    )))
                }
            }
        }
    }
}

/// The defenses shown for a combatant now, against a standard melee attack: (dodge, parry, block).
pub fn standing(who: CombatantView<'_>, me: &Person) -> (Option<i64>, Option<i64>, Option<i64>) {
    let incoming = Incoming { melee: true, ..Incoming::default() };
    let list = choices(who, me, &incoming, &Asked::default(), true).unwrap_or_default();
    let best = |kind: &str| list.iter().filter(|c| c.kind == kind).map(|c| c.value).max();
    (best("dodge"), best("parry"), best("block"))
}

/// Whether a maneuver is one that lets it defend at all (for the pane).
pub fn any_defense(kind: Option<Kind>) -> bool {
    !kind.is_some_and(Kind::all_out_attack)
}

/// HT, for rolls.
pub fn ht(who: CombatantView<'_>) -> i64 {
    who.stats.int_or("ht", DEFAULT_ATTRIBUTE)
}
