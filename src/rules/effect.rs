//! What a system answers with: the effects of verbs, hooks and attacks (hits, conditions, rolls,
//! costs, changes to its own state) that the engine turns into events.

use super::dice::RollRecord;
use super::state::SystemEvent;

/// What an attack did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AttackOutcome {
    /// Every roll, in the order made.
    pub rolls: Vec<RollRecord>,
    /// One line for the log: the pool and its modifiers, faces, hit or miss and by how much.
    pub summary: String,
    pub hit: bool,
    pub critical: bool,
    /// Hits on the target, in order, each to go through the damage pipeline.
    pub hits: Vec<Hit>,
    /// Table rolls after the damage (a WOIN crit's condition die), with the line each leaves.
    pub table: Vec<(String, RollRecord)>,
    /// Conditions to give the target (a crit's condition table, a weapon trait, a called shot).
    pub conditions: Vec<Inflicted>,
    /// Conditions the attacker takes on (a Savage Worlds Wild Attack's −2 Parry).
    pub attacker_conditions: Vec<Inflicted>,
    /// Conditions the attack used up: (on the target?, name) — an Outwilled bonus, Adrenaline.
    pub ends: Vec<(bool, String)>,
    /// System events recorded before the attack's verdict (an overwatch shot).
    pub before: Vec<SystemEvent>,
    /// System events recorded right after the verdict (LUC dice spent).
    pub after: Vec<SystemEvent>,
    /// Actions it costs: (pool, amount).
    pub cost: Vec<(&'static str, u8)>,
}

impl AttackOutcome {
    /// One attacker against its first target, as the ordered effects the engine applies: system
    /// events before the verdict, the verdict, system events after it, the cost, the hits, the
    /// table rolls, the conditions on each side, and what the attack used up.
    pub fn into_effects(self) -> Vec<Effect> {
        let target = Who::Target(0);
        let mut effects: Vec<Effect> = self.before.into_iter().map(Effect::System).collect();
        effects.push(Effect::Attacked {
            target,
            summary: self.summary,
            rolls: self.rolls,
            hit: self.hit,
            critical: self.critical,
            defended: false,
        });
        effects.extend(self.after.into_iter().map(Effect::System));
        effects.extend(self.cost.into_iter().map(|(pool, amount)| Effect::Pay { pool, amount }));
        effects.extend(self.hits.into_iter().map(Effect::Hit));
        effects.extend(self.table.into_iter().map(|(text, roll)| Effect::Note {
            who: target,
            text,
            roll,
        }));
        effects.extend(
            self.conditions.into_iter().map(|what| Effect::Condition {
                who: target,
                change: ConditionChange::Inflict(what),
            }),
        );
        effects.extend(self.attacker_conditions.into_iter().map(|what| Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::Inflict(what),
        }));
        effects.extend(self.ends.into_iter().map(|(on_target, name)| Effect::Condition {
            who: if on_target { target } else { Who::Actor },
            change: ConditionChange::End { name, why: Ending::Removed },
        }));
        effects
    }
}

/// One hit an attack (or a blast) lands: the engine sends it through the system's damage model,
/// then the conditions that brings, then (once the attack is done) the after-damage hooks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Hit {
    pub target: Who,
    pub amount: i64,
    /// The damage roll, labelled by its expression.
    pub roll: Option<RollRecord>,
    /// The damage type the model weighs (WOIN immunity).
    pub kind: Option<String>,
    /// Where it landed (a called shot's location).
    pub location: Option<String>,
    pub nonlethal: bool,
    /// Armor points the hit ignores (Savage Worlds AP), already capped by the target's armor.
    pub armor_ignored: i64,
    /// Armor the hit meets on top of the target's own (cover, an obstacle).
    pub armor_added: i64,
    /// The damage as typed parts, when it has several (a Gempunks `1d6+2:cutting,1d6:fire`):
    /// (type, amount), each weighed against armor for its own type.
    pub parts: Vec<(String, i64)>,
}

/// A condition an attack inflicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inflicted {
    pub name: String,
    pub source: super::conditions::Source,
    pub needs_six: bool,
    /// Lasts until this edge of its bearer's next turn (Savage Worlds' Defend: its start), as
    /// a duration anchored to turns.
    pub until: Option<super::conditions::Edge>,
}

impl Inflicted {
    pub fn new(name: &str, source: super::conditions::Source) -> Inflicted {
        Inflicted { name: name.to_string(), source, needs_six: false, until: None }
    }

    /// The same, lasting until `edge` of its bearer's next turn.
    pub fn until(self, edge: super::conditions::Edge) -> Inflicted {
        Inflicted { until: Some(edge), ..self }
    }
}

/// How a condition changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConditionChange {
    /// Given through the system's rules for levels (a second application is severe): an
    /// attack's or a hook's condition.
    Inflict(Inflicted),
    /// Given as it is, lasting `rounds` (none: until it ends), with a detail for the pane.
    Add { name: String, rounds: Option<u32>, detail: Option<String>, persistent: bool },
    /// Ends, and why.
    End { name: String, why: Ending },
}

/// Why a condition ends by an effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The rules remove it (recovered, shaken off at a turn's start, a posture changed).
    Removed,
    /// The system cancels it as it lands (a WOIN LUC die).
    Cancelled,
}

/// Who an effect lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Who {
    #[default]
    Actor,
    /// One of the targets, counted from 0 (a verb's second combatant is `Target(0)`).
    Target(u8),
}

impl Who {
    /// The first (or only) target.
    pub const TARGET: Who = Who::Target(0);
}

/// A change a system verb (or a rules hook) asks for; the engine turns each into events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// A change to the system's own state.
    System(SystemEvent),
    /// An attack's roll and verdict against a target.
    Attacked {
        target: Who,
        summary: String,
        rolls: Vec<RollRecord>,
        hit: bool,
        critical: bool,
        /// The roll hit but the target's defense stopped it (`hit` is false).
        defended: bool,
    },
    /// Damage landing, through the damage pipeline.
    Hit(Hit),
    /// Actions an attack costs, from the named pool of the actor's turn (checked before anything
    /// is recorded).
    Pay {
        pool: &'static str,
        amount: u8,
    },
    /// A line about someone, with the roll behind it (a crit's condition die).
    Note {
        who: Who,
        text: String,
        roll: RollRecord,
    },
    /// These combatants take one turn each before round 1 (a won ambush).
    Surprise {
        ids: Vec<String>,
    },
    Log {
        text: String,
        roll: Option<RollRecord>,
    },
    /// A condition changes on someone: given (through the rules' levels, or as it is) or ended.
    Condition {
        who: Who,
        change: ConditionChange,
    },
    /// Health lost (negative: restored), in the system's unit.
    Damage {
        who: Who,
        loss: i64,
        explain: String,
    },
    /// Health given back as part of the hit just taken (Savage Worlds' "only stunned"): that hit
    /// can still be soaked.
    Restore {
        who: Who,
        amount: i64,
    },
    /// Change a whole-number stat (bennies).
    Stat {
        who: Who,
        field: &'static str,
        delta: i64,
    },
    /// The actions spent this turn come back (a benny after a failed roll to recover).
    Refund {
        who: Who,
        why: String,
    },
    /// No more actions this turn (free actions only).
    SpendAll {
        who: Who,
        why: String,
    },
    /// A held combatant takes its turn now (`act`).
    ActNow {
        who: Who,
    },
    /// Actions spent on the verb (from the turn's first pool, if it is this combatant's turn).
    Spend {
        who: Who,
        amount: u8,
        what: String,
    },
    /// Faces typed in the attack's own `field` (`dmgroll=`), of which its rolls used the first
    /// `used`: the rest are for the rolls its cost brings right after (WOIN Pain's d6). A face
    /// still left then refuses the command, as does a roll that finds none.
    TypedAfter {
        field: &'static str,
        faces: Vec<u32>,
        used: usize,
    },
    /// The attack goes on with another strike (a GURPS Rapid Strike's second, All-Out Attack
    /// Double's other attack): once the effects before it and their after-damage hooks are
    /// applied, the system is asked for the attack again, with this weapon and these fields, on
    /// the same sides or (`targets`: ids) on these. Last in an attack's effects; anywhere else it
    /// is a bug.
    Continue {
        weapon: Option<String>,
        fields: Vec<(String, Option<String>)>,
        targets: Option<Vec<String>>,
    },
}

/// How a hit landed, for what follows it (SW-INC-1, SW-INJ-1).
#[derive(Debug)]
pub struct HitKind<'a, S = super::state::SystemState> {
    pub nonlethal: bool,
    /// The called shot's location (`head`, `limb` …), if it was one.
    pub called: Option<&'a str>,
    /// The one hit, its id, and the system's own state as the hit left it (GURPS knockdown and
    /// death checks read the wounds it recorded).
    pub id: &'a str,
    pub state: Option<&'a S>,
    pub options: Option<&'a super::types::Options>,
}

impl<S> Clone for HitKind<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for HitKind<'_, S> {}

impl<S> Default for HitKind<'_, S> {
    fn default() -> Self {
        HitKind { nonlethal: false, called: None, id: "", state: None, options: None }
    }
}

impl<'a> HitKind<'a> {
    /// The same hit, the state read as the system's own type.
    pub fn with_state<T>(self, state: Option<&'a T>) -> HitKind<'a, T> {
        let HitKind { nonlethal, called, id, state: _, options } = self;
        HitKind { nonlethal, called, id, state, options }
    }
}

/// Something that happens as a combatant's turn begins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnStartEffect {
    /// Damage not reduced by SOAK (WOIN-COND-8).
    Damage { amount: i64, roll: RollRecord, kind: Option<String>, explain: String },
    /// A roll that decides something for this turn (WOIN-COND-10), with what it decided; when it
    /// was this turn's attempt to shake off a condition (SW-SHAKEN-1), that condition's name.
    Roll { roll: RollRecord, text: String, attempt: Option<String> },
    /// A condition's first-level effect for this turn only (WOIN-COND-10).
    Condition { name: String },
    /// Anything else, as a generic effect on the combatant (Who::Actor).
    Effect(Effect),
}

/// A set's hits rolled ahead of their damage, so the GM can share them out before damage (the
/// Gempunks attack dialog): the faces the attack used, the proposed `split=` text and a line
/// saying what each hit is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub faces: Vec<u32>,
    pub split: String,
    pub about: String,
}
