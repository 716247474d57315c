//! A Gempunks turn as it begins (GEM-INIT-3): pending Incapacitate skips spent and cleared, a
//! regiment's skips counted per member (GEM-OPT-2), immediate-action debts paid (GEM-ACT-9), Cower
//! and the guards ended (GEM-ACT-4, GEM-ACT-7, GEM-ACT-8).

use super::damage;
use super::state::{self, GemEvent};
use super::{member_hp, regiment_members};
use crate::rules::conditions::Condition;
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::effect::{Effect, TurnStartEffect, Who};
use crate::rules::request::CombatantView;

pub const SKIP_MOVE: &str = "Skip-Move";
pub const SKIP_STANDARD: &str = "Skip-Standard";
const OWES: &str = "Owes Action";

/// How many a counted condition holds: absent 0; its detail's leading number (`3 members`), else 1.
pub fn count(conditions: &[Condition], name: &str) -> i64 {
    conditions.iter().find(|c| c.name == name).map_or(0, |c| {
        c.detail
            .as_deref()
            .and_then(|d| d.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
    })
}

/// Immediate actions owed (GEM-ACT-9): the `Owes Action` condition, its count in the detail.
pub fn debts(conditions: &[Condition]) -> u8 {
    u8::try_from(count(conditions, OWES).clamp(0, 2)).unwrap_or(2)
}

/// The members standing: a regiment's (GEM-REG-5), or 1 for a single creature.
pub fn standing(who: CombatantView<'_>) -> i64 {
    match regiment_members(who.stats) {
        Some(_) => damage::regiment_strength(who.health.current, member_hp(who.stats)).0,
        None => 1,
    }
}

/// Which of its next turn's actions a creature loses to Incapacitate (GEM-OPT-2): a regiment
/// loses an action only when every member standing skips it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skips {
    pub moves: bool,
    pub standard: bool,
}

pub fn skips(who: CombatantView<'_>) -> Skips {
    let n = standing(who).max(1);
    Skips {
        moves: count(who.conditions, SKIP_MOVE) >= n,
        standard: count(who.conditions, SKIP_STANDARD) >= n,
    }
}

/// A regiment's Incapacitate tally by level: members skipping only the move action, and those
/// skipping move and standard (under `gem_incap_stack=replace`, the standard only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    pub first: i64,
    pub second: i64,
}

impl Tally {
    /// Read back from the two conditions (Skip-Move counts every member losing its move).
    pub fn read(conditions: &[Condition], replace: bool) -> Tally {
        let (moves, standard) = (count(conditions, SKIP_MOVE), count(conditions, SKIP_STANDARD));
        let first = if replace { moves } else { (moves - standard).max(0) };
        Tally { first, second: standard }
    }

    /// One more member incapacitated, out of `standing` (Reading: the hits go on the same
    /// member until it skips both, as wounds pool on the most recently hurt, GEM-REG-5): what
    /// changed, or `None` when every member already skips both.
    pub fn add(&mut self, standing: i64) -> Option<&'static str> {
        if self.first > 0 {
            self.first -= 1;
            self.second += 1;
            Some("a member already skipping its move now skips its standard action too")
        } else if self.first + self.second < standing {
            self.first += 1;
            Some("one more member skips its next move action")
        } else {
            None
        }
    }

    /// Members skipping (move, standard).
    fn counts(self, replace: bool) -> [(&'static str, i64); 2] {
        let moves = if replace { self.first } else { self.first + self.second };
        [(SKIP_MOVE, moves), (SKIP_STANDARD, self.second)]
    }

    /// The conditions that carry the tally on `who`, changed from `before`.
    pub fn effects(self, before: Tally, who: Who, replace: bool) -> Vec<Effect> {
        let mut out = Vec::new();
        for ((name, n), (_, was)) in self.counts(replace).into_iter().zip(before.counts(replace)) {
            if n == was {
                continue;
            }
            if was > 0 {
                out.push(Effect::Condition {
                    who,
                    change: ConditionChange::End { name: name.into(), why: Ending::Removed },
                });
            }
            if n > 0 {
                out.push(lasting(who, name, Some(format!("{n} member(s)"))));
            }
        }
        out
    }
}

/// GEM-INIT-3 in order: (a) the skips spent and cleared (a regiment's members that lose their
/// standard action are held back from this turn's sets); (b) debts paid (the budget already
/// took them); (d) Cower and a guard end. GEM-INIT-2: `ahead` names the member whose set took
/// this turn's standard action.
pub fn start(who: CombatantView<'_>, id: &str, ahead: Option<&str>) -> Vec<TurnStartEffect> {
    let mut out = Vec::new();
    let log = |text: String| TurnStartEffect::Effect(Effect::Log { text, roll: None });
    let clear = |name: &str| {
        TurnStartEffect::Effect(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name: name.into(), why: Ending::Removed },
        })
    };
    let (moves, standard) =
        (count(who.conditions, SKIP_MOVE), count(who.conditions, SKIP_STANDARD));
    if regiment_members(who.stats).is_some() {
        if moves > 0 {
            out.push(log(format!(
                "{}: {moves} member(s) lose their move action this turn (Incapacitate)",
                who.name
            )));
        }
        if standard > 0 {
            out.push(TurnStartEffect::Effect(Effect::System(state::event(GemEvent::Benched {
                id: id.to_string(),
                members: standard.min(standing(who)),
            }))));
        }
    } else {
        for (n, what) in [(moves, "its move action"), (standard, "its standard action")] {
            if n > 0 {
                out.push(log(format!("{} loses {what} this turn (Incapacitate)", who.name)));
            }
        }
    }
    for (n, name) in [(moves, SKIP_MOVE), (standard, SKIP_STANDARD)] {
        if n > 0 {
            out.push(clear(name));
        }
    }
    let owed = debts(who.conditions);
    if owed > 0 {
        out.push(log(format!(
            "{} pays {owed} immediate action(s) from this turn (GEM-ACT-9)",
            who.name
        )));
        out.push(clear(OWES));
    }
    if let Some(with) = ahead {
        out.push(TurnStartEffect::Effect(Effect::Spend {
            who: Who::Actor,
            amount: 1,
            what: format!("standard action already spent in {with}'s set"),
        }));
    }
    for name in ["Cowering", "Guarding"] {
        if who.conditions.iter().any(|c| c.name == name) {
            out.push(clear(name));
        }
    }
    out
}

/// A condition that lasts until removed, given by an option (Prone, Grappled with whom …).
pub(super) fn lasting(who: Who, name: &str, detail: Option<String>) -> Effect {
    Effect::Condition {
        who,
        change: ConditionChange::Add { name: name.into(), rounds: None, detail, persistent: true },
    }
}
