//! GURPS' own state and events: each combatant's maneuver and what it carries (Aim, Evaluate,
//! a Feint owed), the defenses used this turn, shock for its next turn, FP lost, crippled
//! parts, wounds waiting for their knockdown roll and death checks already made.

use serde::{Deserialize, Serialize};

use super::maneuver::{Kind, Maneuver};
use crate::rules::ruleset::{Fact, Line, Roster};
use crate::rules::state::{Bounded, SystemEvent, within};
use crate::rules::types::RulesError;

/// What GURPS keeps for one encounter, by combatant id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GurpsState {
    pub people: Vec<(String, Person)>,
}

/// What GURPS keeps for one combatant.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// The maneuver in force (until its next turn begins).
    pub maneuver: Option<Maneuver>,
    /// The maneuver of its last turn, for Aim and Evaluate carried into this one.
    pub previous: Option<Maneuver>,
    /// It is this combatant's turn now.
    pub in_turn: bool,
    /// Attacks made this turn, and whether a Rapid Strike was among them.
    pub attacks: u8,
    pub rapid_used: bool,
    /// Weapons it attacked with this turn (a `U` weapon cannot parry then).
    pub attacked_with: Vec<String>,
    /// Parries this turn per weapon, the block used, and whom it retreated from.
    pub parries: Vec<(String, u8)>,
    pub blocked: bool,
    pub retreat_from: Option<String>,
    /// Shock in force for this (or its next) turn, and shock taken during its own turn.
    pub shock: i64,
    pub shock_next: i64,
    pub fp_lost: i64,
    pub crippled: Vec<String>,
    /// Wounds waiting for the knockdown roll and the death checks (GURPS-ORDER-1 steps 7–9).
    pub wounds: Vec<Wound>,
    /// The deepest −N×HP line already rolled for (GURPS-HP-3).
    pub death_checks: i64,
    /// A Feint's penalty owed by a foe against its next attack (GURPS-MAN-6).
    pub feint: Option<Feint>,
    /// The GM said it does nothing this turn: no HT roll at 0 HP (GURPS-HP-2).
    pub skip_ht: bool,
    /// A critical hit's effect waiting for the damage it modifies (GURPS-ATK-3).
    pub crit: Option<CritFlags>,
    /// The 0 HP roll was made since its last turn began (GURPS-HP-2, `on_action`).
    pub ht_checked: bool,
    /// A Do Nothing turn spared the 0 HP roll; a defense roll makes it first (GURPS-HP-2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ht_owed: bool,
    /// Weapons not ready (dropped, turned in the hand, broken): `maneuver NAME ready` readies one.
    pub unready: Vec<String>,
    /// Of those, the broken ones: no Ready takes them up again (GURPS-CRIT-1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<String>,
}

/// One hit's injury, for what follows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wound {
    pub injury: i64,
    pub location: String,
    pub major: bool,
    /// Whether the knockdown roll is due, and its modifier.
    pub knockdown: Option<i64>,
    /// A crippled arm or hand: whether it is the off hand's (shield, `offhand` weapons) or the
    /// weapon hand's; what it holds is dropped (GURPS-LOC-3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drops: Option<bool>,
}

/// A Feint's result: the foe and the penalty on its defense.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feint {
    pub foe: String,
    pub penalty: i64,
    /// Made on this turn (AOA Feint) rather than the last.
    pub this_turn: bool,
}

/// What a critical hit adds to the damage that follows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CritFlags {
    pub major: bool,
    pub double_shock: bool,
    pub cripple: bool,
}

/// A change to the GURPS state. Saved inside `System(Gurps(…))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GurpsEvent {
    /// It takes a maneuver for this turn.
    Maneuver {
        id: String,
        maneuver: Maneuver,
    },
    /// It made an attack (with this weapon; a Rapid Strike).
    Attacked {
        id: String,
        weapon: Option<String>,
        rapid: bool,
    },
    /// It rolled an active defense; `retreat` names the attacker it stepped back from.
    Defended {
        id: String,
        kind: String,
        weapon: Option<String>,
        retreat: Option<String>,
    },
    /// Shock from a hit (GURPS-SHOCK-1), capped at `cap`.
    Shock {
        id: String,
        amount: i64,
        cap: i64,
    },
    /// Its turn ended: the shock of that turn clears, shock taken during it takes its place.
    TurnEnded {
        id: String,
    },
    /// Fatigue damage (negative: FP back).
    FpLost {
        id: String,
        amount: i64,
    },
    Crippled {
        id: String,
        location: String,
    },
    Wounded {
        id: String,
        wound: Wound,
    },
    /// Its wounds' knockdown rolls are done.
    WoundsChecked {
        id: String,
    },
    /// A death check at −`level`×HP was rolled.
    DeathChecked {
        id: String,
        level: i64,
    },
    Feinted {
        id: String,
        feint: Feint,
    },
    FeintUsed {
        id: String,
    },
    AimLost {
        id: String,
    },
    SkipHt {
        id: String,
    },
    /// The 0 HP roll of GURPS-HP-2 (`on_action`) was made.
    HtChecked {
        id: String,
    },
    /// Its turn began as Do Nothing (stunned, or `skip_ht`) with no 0 HP roll: a defense roll
    /// before its next turn makes it first (GURPS-HP-2).
    HtOwed {
        id: String,
    },
    /// A weapon is no longer ready (`broken`: for good), or ready again.
    Unready {
        id: String,
        weapon: String,
        broken: bool,
    },
    Readied {
        id: String,
        weapon: String,
    },
    /// GURPS-CRIT-1 15: its weapon arm strained, the weapon in it unusable for the fight.
    Strained {
        id: String,
        weapon: Option<String>,
    },
    Critical {
        id: String,
        flags: CritFlags,
    },
}

/// The tag this system's events and saves carry: `Gurps(…)`.
pub const TAG: &str = "Gurps";

impl GurpsEvent {
    pub fn wrap(self) -> SystemEvent {
        SystemEvent::new(TAG, self)
    }
}

/// One combatant's GURPS state, as it stands (a default when nothing is kept yet).
pub fn person(state: &GurpsState, id: &str) -> Person {
    state.people.iter().find(|(who, _)| who == id).map(|(_, p)| p.clone()).unwrap_or_default()
}

fn entry<'s>(st: &'s mut GurpsState, id: &str) -> &'s mut Person {
    let at = match st.people.iter().position(|(who, _)| who == id) {
        Some(at) => at,
        None => {
            st.people.push((id.to_string(), Person::default()));
            st.people.len() - 1
        }
    };
    &mut st.people[at].1
}

impl Person {
    /// An attack made this turn (two for a Rapid Strike), and the weapon used.
    fn count_attack(&mut self, weapon: Option<&str>, rapid: bool) {
        self.attacks = self.attacks.saturating_add(if rapid { 2 } else { 1 });
        self.rapid_used |= rapid;
        if let Some(w) = weapon {
            push_new(&mut self.attacked_with, w);
        }
    }

    /// A defense rolled: a parry counted per weapon, a block, a retreat from its attacker; any
    /// defense roll ends an Aim (GURPS-MAN-3).
    fn count_defense(&mut self, kind: &str, weapon: Option<&str>, retreat: Option<&str>) {
        match kind {
            "parry" => {
                let w = weapon.unwrap_or_default();
                match self.parries.iter_mut().find(|(k, _)| k == w) {
                    Some((_, n)) => *n = n.saturating_add(1),
                    None => self.parries.push((w.to_string(), 1)),
                }
            }
            "block" => self.blocked = true,
            _ => {}
        }
        if let Some(from) = retreat {
            self.retreat_from = Some(from.to_string());
        }
        if self.maneuver.as_ref().is_some_and(|m| m.kind == Kind::Aim) {
            self.maneuver = self.maneuver.take().map(|m| Maneuver { aim_turns: 0, ..m });
        }
    }

    /// A weapon no longer ready, and for good when `broken` (GURPS-CRIT-1).
    fn lose(&mut self, weapon: &str, broken: bool) {
        push_new(&mut self.unready, weapon);
        if broken {
            push_new(&mut self.broken, weapon);
        }
    }

    /// Shock taken (GURPS-SHOCK-1), up to `cap`: on this turn's pool, or the next's while its
    /// turn goes on; the pool it now holds. A lower cap never takes off shock already held
    /// (a doubled −8, then a plain hit, stays −8).
    fn add_shock(&mut self, amount: i64, cap: i64) -> i64 {
        let pool = if self.in_turn { &mut self.shock_next } else { &mut self.shock };
        *pool = pool.saturating_add(amount).min(cap).max(*pool);
        *pool
    }
}

/// Apply one GURPS event.
/// GURPS-CRIT-1 15 on `id`: the weapon arm strained for the fight, the weapon in it out of the
/// fight too; what the log says.
fn strain(st: &mut GurpsState, id: &str, who: &str, weapon: &Option<String>) -> String {
    let me = entry(st, id);
    push_new(&mut me.crippled, "weapon arm (strained)");
    match weapon {
        Some(weapon) => {
            me.lose(weapon, true);
            format!("{who}'s weapon arm is strained: its {weapon} is unusable for the fight")
        }
        None => format!("{who}'s weapon arm is strained for the fight"),
    }
}

pub fn apply(
    st: &mut GurpsState,
    event: &GurpsEvent,
    roster: &mut dyn Roster,
) -> Result<Line, RulesError> {
    let name = |id: &str| roster.name_of(id).unwrap_or(id).to_string();
    let line = |text: String, id: &str| Line { text, roll: None, who: Some(id.to_string()) };
    Ok(match event {
        GurpsEvent::Maneuver { id, maneuver } => {
            let who = name(id);
            let p = entry(st, id);
            p.maneuver = Some(maneuver.clone());
            line(format!("{who}: {}", maneuver.describe()), id)
        }
        GurpsEvent::Attacked { id, weapon, rapid } => {
            entry(st, id).count_attack(weapon.as_deref(), *rapid);
            quiet(id)
        }
        GurpsEvent::Defended { id, kind, weapon, retreat } => {
            entry(st, id).count_defense(kind, weapon.as_deref(), retreat.as_deref());
            quiet(id)
        }
        GurpsEvent::Shock { id, amount, cap } => {
            let who = name(id);
            let now = entry(st, id).add_shock(*amount, *cap);
            line(format!("{who}: shock −{now} on its next turn"), id)
        }
        GurpsEvent::TurnEnded { id } => {
            let p = entry(st, id);
            p.shock = std::mem::take(&mut p.shock_next);
            p.in_turn = false;
            p.skip_ht = false;
            quiet(id)
        }
        GurpsEvent::FpLost { id, amount } => {
            let who = name(id);
            let p = entry(st, id);
            p.fp_lost = p.fp_lost.saturating_add(*amount).max(0);
            line(format!("{who} loses {amount} FP"), id)
        }
        GurpsEvent::Crippled { id, location } => {
            let who = name(id);
            push_new(&mut entry(st, id).crippled, location);
            line(format!("{who}'s {location} is crippled"), id)
        }
        GurpsEvent::Wounded { id, wound } => {
            entry(st, id).wounds.push(wound.clone());
            quiet(id)
        }
        GurpsEvent::WoundsChecked { id } => {
            entry(st, id).wounds.clear();
            quiet(id)
        }
        GurpsEvent::DeathChecked { id, level } => {
            let p = entry(st, id);
            p.death_checks = p.death_checks.max(*level);
            quiet(id)
        }
        GurpsEvent::Feinted { id, feint } => {
            entry(st, id).feint = Some(feint.clone());
            quiet(id)
        }
        GurpsEvent::FeintUsed { id } => {
            entry(st, id).feint = None;
            quiet(id)
        }
        GurpsEvent::AimLost { id } => {
            let who = name(id);
            let p = entry(st, id);
            for m in [&mut p.maneuver, &mut p.previous].into_iter().flatten() {
                m.aim_turns = 0;
            }
            line(format!("{who} loses its Aim"), id)
        }
        GurpsEvent::SkipHt { id } => {
            let who = name(id);
            entry(st, id).skip_ht = true;
            line(format!("{who} does nothing this turn: no HT roll at 0 HP"), id)
        }
        GurpsEvent::Unready { id, weapon, broken } => {
            entry(st, id).lose(weapon, *broken);
            let what = if *broken { "is broken" } else { "is not ready" };
            line(format!("{}'s {weapon} {what}", name(id)), id)
        }
        GurpsEvent::Readied { id, weapon } => {
            let who = name(id);
            entry(st, id).unready.retain(|w| w != weapon);
            line(format!("{who} readies its {weapon}"), id)
        }
        GurpsEvent::Strained { id, weapon } => line(strain(st, id, &name(id), weapon), id),
        GurpsEvent::HtChecked { id } => {
            entry(st, id).ht_checked = true;
            quiet(id)
        }
        GurpsEvent::HtOwed { id } => {
            entry(st, id).ht_owed = true;
            quiet(id)
        }
        GurpsEvent::Critical { id, flags } => {
            entry(st, id).crit = Some(*flags);
            quiet(id)
        }
    })
}

/// `item` added to `list` unless it is there already.
fn push_new(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_string());
    }
}

/// A bookkeeping event: no line of its own in the log.
fn quiet(id: &str) -> Line {
    Line { text: String::new(), roll: None, who: Some(id.to_string()) }
}

/// Follow the core events: a turn starting resets that combatant's per-turn counts and ends its
/// last maneuver; a removed combatant is forgotten.
pub fn observe(st: &mut GurpsState, fact: Fact<'_>) {
    match fact {
        Fact::TurnStarted { id } | Fact::Acted { id } => {
            for (who, p) in &mut st.people {
                p.in_turn = false;
                let _ = who;
            }
            let p = entry(st, id);
            p.in_turn = true;
            p.previous = p.maneuver.take();
            p.attacks = 0;
            p.rapid_used = false;
            p.attacked_with.clear();
            p.parries.clear();
            p.blocked = false;
            p.retreat_from = None;
            p.ht_checked = false;
            p.ht_owed = false;
            // GURPS-MAN-6: a Feint made last turn counts on this one; an older one is gone.
            match &mut p.feint {
                Some(f) if f.this_turn => f.this_turn = false,
                _ => p.feint = None,
            }
        }
        Fact::Removed { id } => st.people.retain(|(who, _)| who != id),
        _ => {}
    }
}

/// The most injury one hit can do: twice the largest damage, as the core's range checks allow.
const MAX_INJURY: i64 = 1_000_000_000;

// The numbers a GURPS event carries, checked before its fold: shock and its cap (GURPS-SHOCK-1,
// −8 at most with Low Pain Threshold), FP lost, a death check's level (a multiple of −HP).
impl Bounded for GurpsEvent {
    fn check_bounds(&self) -> Result<(), String> {
        match self {
            // Shock is the injury (up to twice the largest damage) before its cap.
            GurpsEvent::Shock { amount, cap, .. } => within("shock", *amount, 0, MAX_INJURY)
                .and_then(|()| within("shock's cap", *cap, 0, 8)),
            GurpsEvent::FpLost { amount, .. } => {
                within("FP lost", *amount, -MAX_INJURY, MAX_INJURY)
            }
            GurpsEvent::DeathChecked { level, .. } => {
                within("death check level", *level, 0, MAX_INJURY)
            }
            GurpsEvent::Maneuver { .. }
            | GurpsEvent::Attacked { .. }
            | GurpsEvent::Defended { .. }
            | GurpsEvent::TurnEnded { .. }
            | GurpsEvent::Crippled { .. }
            | GurpsEvent::Wounded { .. }
            | GurpsEvent::WoundsChecked { .. }
            | GurpsEvent::Feinted { .. }
            | GurpsEvent::FeintUsed { .. }
            | GurpsEvent::AimLost { .. }
            | GurpsEvent::SkipHt { .. }
            | GurpsEvent::HtChecked { .. }
            | GurpsEvent::HtOwed { .. }
            | GurpsEvent::Unready { .. }
            | GurpsEvent::Readied { .. }
            | GurpsEvent::Strained { .. }
            | GurpsEvent::Critical { .. } => Ok(()),
        }
    }
}
