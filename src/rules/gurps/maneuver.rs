//! GURPS maneuvers (GURPS-MAN-1..11): the list, what each allows (defenses, attacks, move), and
//! Aim and Evaluate carried across turns. The `maneuver` verb that takes one is in `verbs`.

use serde::{Deserialize, Serialize};

/// Every maneuver and variant, as `maneuver NAME KIND` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Attack,
    AoaDetermined,
    AoaDouble,
    AoaFeint,
    AoaStrong,
    MoveAttack,
    AodDodge,
    AodParry,
    AodBlock,
    AodDouble,
    Aim,
    Evaluate,
    Feint,
    Ready,
    Concentrate,
    Wait,
    Move,
    ChangePosture,
    DoNothing,
}

/// (kind, word, what it allows) in the order the help lists them.
pub const KINDS: &[(Kind, &str, &str)] = &[
    (Kind::Attack, "attack", "Attack: step, one attack, all defenses"),
    (
        Kind::AoaDetermined,
        "aoa-determined",
        "All-Out Attack (Determined): +4 melee/+1 ranged, no defense",
    ),
    (Kind::AoaDouble, "aoa-double", "All-Out Attack (Double): two attacks, no defense"),
    (Kind::AoaFeint, "aoa-feint", "All-Out Attack (Feint): a Feint, then an attack, no defense"),
    (Kind::AoaStrong, "aoa-strong", "All-Out Attack (Strong): +2 damage or +1 per die, no defense"),
    (
        Kind::MoveAttack,
        "move-attack",
        "Move and Attack: full Move, melee −4 (max 9), Dodge or Block",
    ),
    (Kind::AodDodge, "aod-dodge", "All-Out Defense (Increased Dodge): +2 Dodge"),
    (Kind::AodParry, "aod-parry", "All-Out Defense (Increased Parry): +2 Parry"),
    (Kind::AodBlock, "aod-block", "All-Out Defense (Increased Block): +2 Block"),
    (
        Kind::AodDouble,
        "aod-double",
        "All-Out Defense (Double Defense): a second defense after a failure",
    ),
    (Kind::Aim, "aim", "Aim (target=NAME [braced]): +Acc on the next attack, step"),
    (Kind::Evaluate, "evaluate", "Evaluate (target=NAME): +1 per turn (max +3) on the next attack"),
    (Kind::Feint, "feint", "Feint (target=NAME): then `feint` rolls the contest"),
    (Kind::Ready, "ready", "Ready a weapon (weapon=NAME), step"),
    (Kind::Concentrate, "concentrate", "Concentrate: step, all defenses"),
    (Kind::Wait, "wait", "Wait (then=attack|feint|aoa-…|ready): acts when triggered"),
    (Kind::Move, "move", "Move: full Move, no attack, all defenses"),
    (Kind::ChangePosture, "change-posture", "Change Posture (posture=…): all defenses"),
    (Kind::DoNothing, "do-nothing", "Do Nothing: all defenses"),
];

impl Kind {
    pub fn parse(word: &str) -> Option<Kind> {
        let word = word.to_ascii_lowercase().replace('_', "-");
        KINDS.iter().find(|(_, w, _)| *w == word).map(|(k, _, _)| *k)
    }

    pub fn word(self) -> &'static str {
        KINDS.iter().find(|(k, _, _)| *k == self).map_or("?", |(_, w, _)| w)
    }

    /// All-Out Attack in any of its variants: no active defense (GURPS-MAN-7).
    pub fn all_out_attack(self) -> bool {
        matches!(self, Kind::AoaDetermined | Kind::AoaDouble | Kind::AoaFeint | Kind::AoaStrong)
    }

    /// How many attacks it allows (a Rapid Strike counts two).
    pub fn attacks(self) -> u8 {
        match self {
            Kind::Attack | Kind::AoaDetermined | Kind::AoaFeint | Kind::AoaStrong => 1,
            Kind::MoveAttack => 1,
            Kind::AoaDouble => 2,
            _ => 0,
        }
    }

    /// The +2 of All-Out Defense to one defense, by name.
    pub fn increased(self) -> Option<&'static str> {
        match self {
            Kind::AodDodge => Some("dodge"),
            Kind::AodParry => Some("parry"),
            Kind::AodBlock => Some("block"),
            _ => None,
        }
    }
}

/// A maneuver taken, with what it carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Maneuver {
    pub kind: Kind,
    /// The one target of an Aim, Evaluate or Feint (an id).
    pub target: Option<String>,
    pub braced: bool,
    /// Consecutive turns of Aim on this target (GURPS-MAN-3).
    pub aim_turns: i64,
    /// Evaluate's bonus (GURPS-MAN-4).
    pub evaluate: i64,
    /// Wait: the maneuver it becomes when triggered.
    pub then: Option<Kind>,
}

impl Maneuver {
    pub fn new(kind: Kind) -> Maneuver {
        Maneuver { kind, target: None, braced: false, aim_turns: 0, evaluate: 0, then: None }
    }

    /// The log's words for it.
    pub fn describe(&self) -> String {
        let mut text = KINDS
            .iter()
            .find(|(k, _, _)| *k == self.kind)
            .map_or("?", |(_, _, what)| what.split(':').next().unwrap_or("?"))
            .split(" (target")
            .next()
            .unwrap_or("?")
            .to_string();
        if self.aim_turns > 0 {
            text.push_str(&format!(
                ", {} turn(s){}",
                self.aim_turns,
                if self.braced { ", braced" } else { "" }
            ));
        }
        if self.evaluate > 0 {
            text.push_str(&format!(", +{}", self.evaluate));
        }
        if let Some(then) = self.then {
            text.push_str(&format!(", then {}", then.word()));
        }
        text
    }

    /// The defenses it leaves until its next turn (GURPS-MAN-1): (dodge, parry, block, retreat).
    pub fn defenses(&self) -> (bool, bool, bool, bool) {
        match self.kind {
            k if k.all_out_attack() => (false, false, false, false),
            Kind::MoveAttack => (true, false, true, false),
            _ => (true, true, true, true),
        }
    }
}

/// Every maneuver's word, for errors.
pub(super) fn list() -> String {
    KINDS.iter().map(|(_, w, _)| *w).collect::<Vec<_>>().join(", ")
}
