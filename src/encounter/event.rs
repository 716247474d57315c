//! Events: every change to an encounter, carrying every random outcome (faces, cards) so that
//! folding them again reproduces the fight exactly.

use serde::{Deserialize, Serialize};

use super::combatant::{Combatant, CombatantId};
use crate::rules::conditions::Condition;
use crate::rules::dice::RollRecord;
use crate::rules::initiative::Initiative;
use crate::rules::state::SystemEvent;
use crate::rules::stats::{Stats, Weapon};
use crate::rules::{Health, Side};

/// Why a condition ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ended {
    Removed,
    ShakenOff,
    Expired,
    /// A system's resource cancelled it as it was applied (WOIN-COND-6: a LUC die).
    Cancelled,
    /// The combatant whose turns its duration counted left the fight.
    AnchorLeft,
}

/// One change to the encounter. Saved files hold these, grouped by the command that made them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Added {
        combatant: Box<Combatant>,
    },
    Removed {
        id: CombatantId,
    },
    /// Initiative rolled, dealt or typed for one combatant or a whole group.
    InitiativeSet {
        ids: Vec<CombatantId>,
        initiative: Box<Initiative>,
    },
    /// No initiative this round (an incapacitated Savage Worlds character gets no card).
    InitiativeCleared {
        ids: Vec<CombatantId>,
    },
    /// d6 roll-off faces appended to break a tie.
    RolledOff {
        ids: Vec<CombatantId>,
        faces: Vec<u32>,
    },
    /// Two tied holders trade places.
    Swapped {
        first: Vec<CombatantId>,
        second: Vec<CombatantId>,
    },
    RoundStarted {
        round: u32,
    },
    /// `pass` numbers a combatant's turns within a round (0 is its own count).
    TurnStarted {
        id: CombatantId,
        pass: u8,
    },
    Held {
        id: CombatantId,
    },
    /// A held combatant takes its turn now; play resumes with `interrupted` afterwards.
    Acted {
        id: CombatantId,
        interrupted: Option<(CombatantId, u8)>,
    },
    /// A turn that will not be taken this round (a newcomer who joined after its count).
    TurnPassed {
        id: CombatantId,
        pass: u8,
    },
    /// Play returns to the turn an `act` interrupted, exactly as it was left.
    TurnResumed,
    HoldLapsed {
        id: CombatantId,
    },
    Damaged {
        id: CombatantId,
        amount: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Box<RollRecord>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<String>,
        loss: i64,
        explain: String,
    },
    Healed {
        id: CombatantId,
        amount: i64,
        /// Part of the hit just taken (only stunned), which stays open to a soak.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        within_hit: bool,
    },
    ConditionAdded {
        id: CombatantId,
        condition: Condition,
    },
    ConditionEnded {
        id: CombatantId,
        name: String,
        why: Ended,
    },
    ShakeRolled {
        id: CombatantId,
        name: String,
        roll: Box<RollRecord>,
        success: bool,
        explain: String,
    },
    Rolled {
        roll: Box<RollRecord>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<CombatantId>,
    },
    Noted {
        id: CombatantId,
        text: String,
    },
    /// Kept off the players' view (`hide`): not shown, not counted.
    Hidden {
        ids: Vec<CombatantId>,
    },
    /// Shown on the players' view again (`reveal`).
    Revealed {
        ids: Vec<CombatantId>,
    },
    /// The fight put on the players' view before it starts (`show`), or taken back off until it
    /// starts (`show off`).
    Shown {
        on: bool,
    },
    /// `edit`: the combatant's stats, side and health as they are now, the weapons dropped, and
    /// the changes as the GM typed them (for the log).
    Edited {
        id: CombatantId,
        side: Side,
        stats: Stats,
        health: Health,
        dropped: Vec<String>,
        changes: Vec<String>,
    },
    WeaponSet {
        id: CombatantId,
        weapon: Weapon,
    },
    OptionSet {
        name: String,
        value: String,
    },
    /// Actions spent from the current turn (`what` names the action).
    Spent {
        id: CombatantId,
        pool: String,
        amount: u8,
        what: String,
    },
    /// Actions spent this turn come back, from the turn's first pool.
    Refunded {
        id: CombatantId,
        amount: u8,
        why: String,
    },
    /// An attack's roll and verdict; damage and conditions follow as their own events.
    Attacked {
        attacker: CombatantId,
        target: CombatantId,
        summary: String,
        rolls: Vec<RollRecord>,
        hit: bool,
        critical: bool,
        /// The roll hit but a defense stopped it (a GURPS parry, block or dodge): no hit, and
        /// no miss either.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        defended: bool,
    },
    /// Before round 1, these take one turn each (a won ambush).
    SurpriseTurn {
        ids: Vec<CombatantId>,
    },
    /// A whole-number stat set to a new value (bennies spent).
    StatChanged {
        id: CombatantId,
        field: String,
        value: i64,
    },
    /// A change to the system's own state: `System(Woin(…))`.
    System(SystemEvent),
    /// The fight ended: one side has no one standing, or the GM ended it (`end`). The text is
    /// the summary for the log.
    FightOver {
        text: String,
    },
    /// Which of the command's faces were typed at the table and which the tracker rolled after
    /// them, in the order the dice asked for them (only when some were typed).
    FacesTyped {
        typed: Vec<u32>,
        rolled: Vec<u32>,
        /// Roll by roll, in the order the dice asked, when the command was answered one roll
        /// at a time (issue 24): what each roll was and whether it was typed or rolled.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        marks: Vec<crate::rules::dice::question::RollMark>,
    },
    /// A line for the log with the roll behind it (a crit's condition die, a Confused roll).
    Logged {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Box<RollRecord>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        who: Option<CombatantId>,
        /// The roll was `who`'s attempt this turn to shake off this condition.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attempt: Option<String>,
    },
    /// A turn ended that a duration counts (recorded only when a condition is anchored to
    /// the end of `id`'s turns): play moved on, play resumed after an `act`, or a hold lapsed.
    TurnEnded {
        id: CombatantId,
    },
    /// A scheduled alert set in the turn order (`alert TEXT round=N …`).
    AlertSet {
        alert: Box<super::alerts::Alert>,
    },
    /// An alert fired as play reached it: the text shown, and whether the players see it.
    AlertFired {
        number: u32,
        text: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        players: bool,
    },
    /// An alert taken off the order (`alert drop N`).
    AlertDropped {
        number: u32,
    },
}
