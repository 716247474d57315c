//! GURPS maneuvers (GURPS-MAN-1..11): the list, what each allows (defenses, attacks, move),
//! Aim and Evaluate carried across turns, and the `maneuver` verb that takes one.

use serde::{Deserialize, Serialize};

use super::state::{self, GurpsEvent};
use crate::rules::effect::{Effect, Who};
use crate::rules::request::{FieldReader, SpecialRequest};
use crate::rules::types::RulesError;

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

/// `maneuver NAME KIND [target=NAME] [braced] [then=KIND] [weapon=WEAPON]`.
pub fn take(request: SpecialRequest<'_>) -> Result<Vec<Effect>, RulesError> {
    let Some(word) = request.words.first() else {
        let name = request.actor.map_or("NAME", |a| a.name);
        return Err(RulesError::Invalid(format!("maneuver {name}: which one? {}", list())));
    };
    choose(request, word, true)
}

/// Take the maneuver `word`; `spend` when the verb (not `do`, which pays itself) pays for it.
pub fn choose(
    request: SpecialRequest<'_>,
    word: &str,
    spend: bool,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(actor), Some(id)) = (request.actor, request.actor_id) else {
        return Err(RulesError::Invalid("maneuver NAME KIND: name who takes it".into()));
    };
    let Some(kind) = Kind::parse(word) else {
        return Err(RulesError::Invalid(format!("unknown maneuver '{word}'; expected {}", list())));
    };
    let me = state::person(request.state, id);
    if me.maneuver.is_some() && me.in_turn {
        return Err(RulesError::Invalid(format!(
            "{} already took {} this turn; one maneuver a turn (GURPS-MAN-1)",
            actor.name,
            me.maneuver.as_ref().map_or(String::new(), Maneuver::describe)
        )));
    }
    // GURPS-STUN-1, GURPS-MAN-11: stunned, it may only Do Nothing.
    let stunned = actor.conditions.iter().any(|c| c.name == "Stunned");
    if stunned && kind != Kind::DoNothing {
        return Err(RulesError::Invalid(format!(
            "{} is stunned: Do Nothing only (GURPS-STUN-1)",
            actor.name
        )));
    }
    let f = FieldReader(request.fields);
    let target = match f.value("target") {
        Some(name) => Some(
            request
                .lookup
                .find(name)
                .map_err(|e| RulesError::Invalid(format!("target={name}: {e}")))?
                .0
                .to_string(),
        ),
        None => None,
    };
    // Each field is checked whatever the maneuver: one that belongs to another is refused
    // rather than ignored (design rule 5).
    let belongs = |field: &str, to: Kind, rule: &str| match f.0.iter().any(|(k, _)| k == field) {
        true if kind != to => Err(RulesError::Invalid(format!(
            "`{field}` is for {} ({rule}), not {}",
            to.word(),
            kind.word()
        ))),
        _ => Ok(()),
    };
    belongs("braced", Kind::Aim, "GURPS-MAN-3")?;
    belongs("then", Kind::Wait, "GURPS-MAN-11")?;
    belongs("weapon", Kind::Ready, "GURPS-MAN-10")?;
    if matches!(kind, Kind::Aim | Kind::Evaluate | Kind::Feint) && target.is_none() {
        return Err(RulesError::Invalid(format!(
            "{} needs one target: target=NAME (GURPS-MAN-3, MAN-4, MAN-6)",
            kind.word()
        )));
    }
    let mut maneuver = Maneuver::new(kind);
    maneuver.target = target.clone();
    maneuver.braced = f.flag("braced");
    let prev = me.previous.as_ref().filter(|p| p.kind == kind && p.target == target);
    let mut extra = Vec::new();
    match kind {
        // GURPS-MAN-3: consecutive turns of Aim on the same target count up.
        Kind::Aim => maneuver.aim_turns = prev.map_or(0, |p| p.aim_turns).saturating_add(1),
        // GURPS-MAN-4: +1 per consecutive turn, at most +3.
        Kind::Evaluate => maneuver.evaluate = (prev.map_or(0, |p| p.evaluate) + 1).min(3),
        // GURPS-MAN-10: Ready takes up an unready weapon (weapon=NAME, else the first).
        Kind::Ready => {
            let weapon = match f.value("weapon") {
                Some(w) => Some(
                    me.unready.iter().find(|u| u.eq_ignore_ascii_case(w)).cloned().ok_or_else(
                        || {
                            let unready = match me.unready.is_empty() {
                                true => "none".to_string(),
                                false => me.unready.join(", "),
                            };
                            RulesError::Invalid(format!(
                                "weapon={w}: {} has no unready weapon of that name (unready: \
                                 {unready})",
                                actor.name
                            ))
                        },
                    )?,
                ),
                None => me.unready.first().cloned(),
            };
            if let Some(weapon) = weapon {
                let event = GurpsEvent::Readied { id: id.to_string(), weapon };
                extra.push(Effect::System(event.wrap()));
            }
        }
        Kind::Wait => {
            let then = f.value("then").unwrap_or("attack");
            let then = Kind::parse(then)
                .filter(|k| k.attacks() > 0 || matches!(k, Kind::Feint | Kind::Ready))
                .ok_or_else(|| {
                    RulesError::Invalid(format!(
                        "then={then}: expected attack, feint, aoa-determined, aoa-double, \
                         aoa-feint, aoa-strong, move-attack or ready (GURPS-MAN-11)"
                    ))
                })?;
            maneuver.then = Some(then);
        }
        _ => {}
    }
    let mut effects =
        vec![Effect::System(GurpsEvent::Maneuver { id: id.to_string(), maneuver }.wrap())];
    effects.extend(extra);
    if spend {
        effects.push(Effect::Spend { who: Who::Actor, amount: 1, what: kind.word().to_string() });
    }
    Ok(effects)
}

fn list() -> String {
    KINDS.iter().map(|(_, w, _)| *w).collect::<Vec<_>>().join(", ")
}
