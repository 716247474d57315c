//! The one interface every game system implements ([`Ruleset`]), and the small types it speaks in.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::conditions::{Condition, ConditionSpec, Level};
use super::dice::{DiceError, DiceSource, RollRecord};
use super::initiative::Initiative;
use super::state::{SystemEvent, SystemState};
use super::stats::{FieldSpec, Stats, Weapon};
use super::{gempunks, gurps, savage, woin};

/// A game system: a handle on its [`Ruleset`]. The four built-in systems are constants; a ruleset
/// defined elsewhere (a test's) is wrapped with [`System::custom`]. Two handles are equal when
/// their keys are.
#[derive(Clone, Copy)]
pub struct System(&'static dyn Ruleset);

impl System {
    pub const WOIN: System = System(&woin::Woin);
    pub const GEMPUNKS: System = System(&gempunks::Gempunks);
    pub const SAVAGE: System = System(&savage::Savage);
    pub const GURPS: System = System(&gurps::Gurps);

    /// The built-in systems: the one list the rest of the program consults.
    pub const ALL: [System; 4] = [System::WOIN, System::GEMPUNKS, System::SAVAGE, System::GURPS];

    /// A system whose rules live outside this crate.
    pub const fn custom(rules: &'static dyn Ruleset) -> System {
        System(rules)
    }

    /// The rules of this system.
    pub fn rules(self) -> &'static dyn Ruleset {
        self.0
    }

    /// The word used in commands and file names: `woin`, `gempunks`, `savage`, `gurps`.
    pub fn key(self) -> &'static str {
        self.0.key()
    }

    /// A built-in system by its key or one of its aliases, any case.
    pub fn parse(text: &str) -> Option<System> {
        let text = text.to_ascii_lowercase();
        System::ALL.into_iter().find(|s| s.key() == text || s.0.aliases().contains(&text.as_str()))
    }

    /// A built-in system by the tag its saves use (`Woin`).
    pub fn from_tag(tag: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.0.tag() == tag)
    }
}

impl PartialEq for System {
    fn eq(&self, other: &System) -> bool {
        self.key() == other.key()
    }
}

impl Eq for System {}

impl std::hash::Hash for System {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl fmt::Debug for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.tag())
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }
}

/// Saved as a plain unit variant (`system: Woin`), as before systems became open.
impl Serialize for System {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant("System", 0, self.0.tag())
    }
}

impl<'de> Deserialize<'de> for System {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<System, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = System;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a system: Woin, Gempunks, Savage or Gurps")
            }
            fn visit_str<E: serde::de::Error>(self, tag: &str) -> Result<System, E> {
                System::from_tag(tag).ok_or_else(|| E::unknown_variant(tag, TAGS))
            }
            fn visit_enum<A: serde::de::EnumAccess<'de>>(
                self,
                data: A,
            ) -> Result<System, A::Error> {
                use serde::de::VariantAccess;
                let (Identifier(tag), variant) = data.variant()?;
                variant.unit_variant()?;
                self.visit_str(&tag)
            }
        }
        const TAGS: &[&str] = &["Woin", "Gempunks", "Savage", "Gurps"];
        deserializer.deserialize_enum("System", TAGS, Visit)
    }
}

/// An enum variant's name, read as an identifier (what RON's `deserialize_enum` hands over).
pub struct Identifier(pub String);

impl<'de> Deserialize<'de> for Identifier {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Identifier, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Identifier;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a variant name")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Identifier, E> {
                Ok(Identifier(text.to_string()))
            }
        }
        deserializer.deserialize_identifier(Visit)
    }
}

/// Which side a combatant fights on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Pc,
    Ally,
    Enemy,
    Neutral,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Pc, Side::Ally, Side::Enemy, Side::Neutral];

    pub fn parse(text: &str) -> Option<Side> {
        Some(match text.to_ascii_lowercase().as_str() {
            "pc" | "player" => Side::Pc,
            "ally" | "friend" => Side::Ally,
            "enemy" | "foe" => Side::Enemy,
            "neutral" => Side::Neutral,
            _ => return None,
        })
    }

    pub fn key(self) -> &'static str {
        match self {
            Side::Pc => "pc",
            Side::Ally => "ally",
            Side::Enemy => "enemy",
            Side::Neutral => "neutral",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Health in the system's own unit (WOIN HEALTH, HP, Savage Worlds wound levels left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    pub current: i64,
    pub max: i64,
}

impl Health {
    pub fn full(max: i64) -> Health {
        Health { current: max, max }
    }
}

/// One of a combatant's turns in a round: the count it acts on and how many actions it has there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    pub count: i64,
    pub actions: u8,
    /// The combatant's own count, as opposed to a later extra pass.
    pub main: bool,
}

impl Pass {
    pub fn main(count: i64, actions: u8) -> Pass {
        Pass { count, actions, main: true }
    }

    pub fn extra(count: i64, actions: u8) -> Pass {
        Pass { count, actions, main: false }
    }
}

/// A kind of action a turn allows and how many of it are left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionPool {
    pub name: String,
    pub total: u8,
    pub used: u8,
    /// Why there are fewer than usual (`−1 Dazed`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl ActionPool {
    pub fn new(name: &str, total: u8) -> ActionPool {
        ActionPool { name: name.to_string(), total, used: 0, note: String::new() }
    }

    pub fn left(&self) -> u8 {
        self.total.saturating_sub(self.used)
    }
}

/// Who is rolling initiative.
#[derive(Debug, Clone, Copy)]
pub struct InitRequest<'a> {
    pub stats: &'a Stats,
    pub side: Side,
    /// Conditions that change the roll (WOIN Deaf loses INITIATIVE dice).
    pub conditions: &'a [Condition],
}

/// What initiative rolls share within one encounter: the system's state (the action deck), and
/// rolls made once for several combatants (a Gempunks controller's die), by key.
#[derive(Debug, Clone)]
pub struct InitContext {
    /// A working copy of the system's state, changed as cards are drawn.
    pub state: SystemState,
    pub shared: Vec<(String, RollRecord)>,
    /// Cards in someone's hand that a reshuffle must not return to the deck.
    pub in_hand: Vec<Card>,
    /// System events the draw caused (a reshuffle), to record before the initiative itself.
    pub events: Vec<SystemEvent>,
}

/// How the rules see a combatant.
#[derive(Debug, Clone, Copy)]
pub struct CombatantView<'a> {
    pub name: &'a str,
    pub stats: &'a Stats,
    pub health: Health,
    pub conditions: &'a [Condition],
    pub weapons: &'a [Weapon],
    /// Its initiative this round, if it has one (a Savage Worlds card: a Joker helps its rolls).
    pub initiative: Option<&'a Initiative>,
}

/// An option of a system's rules (a Reading that tables may play either way).
#[derive(Debug, Clone, Copy)]
pub struct OptionSpec {
    pub name: &'static str,
    pub values: &'static [&'static str],
    pub default: &'static str,
    pub help: &'static str,
}

/// The options set in an encounter, by name.
pub type Options = std::collections::BTreeMap<String, String>;

/// The value of an option: as set, or the system's default.
pub fn option<'a>(rules: &dyn Ruleset, options: &'a Options, name: &str) -> &'a str {
    match options.get(name) {
        Some(v) => v.as_str(),
        None => rules.options().iter().find(|o| o.name == name).map_or("", |o| o.default),
    }
}

/// An action a turn can spend, with its cost, for `do` and the action menu.
#[derive(Debug, Clone, Copy)]
pub struct ActionSpec {
    /// The word typed after `do`.
    pub key: &'static str,
    pub label: &'static str,
    /// The budget pool it spends from, and how much; 0 is free.
    pub pool: &'static str,
    pub cost: u8,
    /// Fields it takes besides `force`.
    pub fields: &'static [&'static str],
}

/// A combatant taking part in an attack: its id and how the rules see it.
#[derive(Debug, Clone, Copy)]
pub struct Party<'a> {
    pub id: &'a str,
    pub view: CombatantView<'a>,
}

/// What an attack asks for: an attacker (the first of the members attacking together), one or
/// more targets, the weapon and the system's options.
#[derive(Debug, Clone, Copy)]
pub struct AttackRequest<'a> {
    pub attacker: CombatantView<'a>,
    /// The first target.
    pub target: CombatantView<'a>,
    pub weapon: Option<&'a Weapon>,
    pub fields: &'a [(String, Option<String>)],
    pub options: &'a Options,
    pub attacker_id: &'a str,
    pub target_id: &'a str,
    /// Everyone attacking together (a group or regiment); the attacker alone otherwise.
    pub members: &'a [Party<'a>],
    /// Every target, in the order given; effects name them as `Who::Target(n)`.
    pub targets: &'a [Party<'a>],
    /// It is the attacker's turn.
    pub on_turn: bool,
    /// The system's own state.
    pub state: &'a SystemState,
    /// Actions the attacker has already taken this turn (SW-ACT-1).
    pub actions_taken: u8,
}

/// Reads an attack's `FIELD=VALUE` and flag options (shared by the systems' attacks and verbs).
#[derive(Debug, Clone, Copy)]
pub struct FieldReader<'a>(pub &'a [(String, Option<String>)]);

impl FieldReader<'_> {
    pub fn value(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.as_deref())
    }

    /// A flag written alone or as `on`.
    pub fn flag(&self, key: &str) -> bool {
        self.0.iter().any(|(k, v)| k == key && v.as_deref().is_none_or(|v| v == "on"))
    }

    /// A whole number, if given.
    pub fn int(&self, key: &str) -> Result<Option<i64>, RulesError> {
        self.value(key)
            .map(|v| {
                v.trim_start_matches('+')
                    .parse::<i64>()
                    .map_err(|_| RulesError::Invalid(format!("{key}={v}: expected a whole number")))
            })
            .transpose()
    }

    /// A whole number within bounds, 0 when not given.
    pub fn int_in(&self, key: &str, min: i64, max: i64) -> Result<i64, RulesError> {
        match self.value(key) {
            None => Ok(0),
            Some(v) => v.parse::<i64>().ok().filter(|n| (min..=max).contains(n)).ok_or_else(|| {
                RulesError::Invalid(format!(
                    "{key}={v}: expected a whole number from {min} to {max}"
                ))
            }),
        }
    }
}

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
        });
        effects.extend(self.after.into_iter().map(Effect::System));
        effects.extend(self.cost.into_iter().map(|(pool, amount)| Effect::Pay { pool, amount }));
        effects.extend(self.hits.into_iter().map(Effect::Hit));
        effects.extend(self.table.into_iter().map(|(text, roll)| Effect::Note {
            who: target,
            text,
            roll,
        }));
        effects
            .extend(self.conditions.into_iter().map(|what| Effect::Inflict { who: target, what }));
        effects.extend(
            self.attacker_conditions
                .into_iter()
                .map(|what| Effect::Inflict { who: Who::Actor, what }),
        );
        effects.extend(self.ends.into_iter().map(|(on_target, name)| Effect::RemoveCondition {
            who: if on_target { target } else { Who::Actor },
            name,
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
}

/// A condition an attack inflicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inflicted {
    pub name: String,
    pub source: super::conditions::Source,
    pub needs_six: bool,
}

impl Inflicted {
    pub fn new(name: &str, source: super::conditions::Source) -> Inflicted {
        Inflicted { name: name.to_string(), source, needs_six: false }
    }
}

/// A figure the rules derive for display and JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Derived {
    Int(i64),
    Bool(bool),
    Text(String),
    List(Vec<String>),
    Nothing,
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
    },
    /// Damage landing, through the damage pipeline.
    Hit(Hit),
    /// Actions an attack costs, from the named pool of the actor's turn (checked before anything
    /// is recorded).
    Pay {
        pool: &'static str,
        amount: u8,
    },
    /// A condition given through the system's rules for levels (a second application is severe).
    Inflict {
        who: Who,
        what: Inflicted,
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
    /// A condition ends for a reason the system names (a LUC die cancelling it).
    Cancel {
        who: Who,
        name: String,
    },
    Log {
        text: String,
        roll: Option<RollRecord>,
    },
    AddCondition {
        who: Who,
        name: String,
        rounds: Option<u32>,
        detail: Option<String>,
        persistent: bool,
    },
    RemoveCondition {
        who: Who,
        name: String,
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
}

/// How a hit landed, for what follows it (SW-INC-1, SW-INJ-1).
#[derive(Debug, Clone, Copy, Default)]
pub struct HitKind<'a> {
    pub nonlethal: bool,
    /// The called shot's location (`head`, `limb` …), if it was one.
    pub called: Option<&'a str>,
}

/// Finds a combatant by what a person typed (a field such as `ally=Brom`).
pub trait Lookup {
    /// The id and the rules' view of the combatant `query` names, or why none fits.
    fn find<'s>(&'s self, query: &str) -> Result<(&'s str, CombatantView<'s>), String>;
}

/// What a system verb is asked.
#[derive(Clone, Copy)]
pub struct SpecialRequest<'a> {
    pub verb: &'a str,
    pub actor: Option<CombatantView<'a>>,
    pub target: Option<CombatantView<'a>>,
    /// Words that are not combatants (`smarts`, `terror`).
    pub words: &'a [String],
    pub fields: &'a [(String, Option<String>)],
    pub options: &'a Options,
    pub actor_id: Option<&'a str>,
    pub target_id: Option<&'a str>,
    pub round: u32,
    /// The fight is under way (a round or a surprise turn has begun).
    pub started: bool,
    /// The system's own state.
    pub state: &'a SystemState,
    /// Every combatant, for names given in fields.
    pub lookup: &'a dyn Lookup,
    /// Whose turn it is (the one an `interrupt` contests with).
    pub current: Option<CombatantView<'a>>,
    /// Actions the actor has already taken this turn (SW-ACT-1).
    pub actions_taken: u8,
    /// The actor is holding its action.
    pub held: bool,
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

/// Damage arriving at a combatant, before the system's damage model.
#[derive(Debug, Clone, Copy)]
pub struct DamageRequest<'a> {
    pub stats: &'a Stats,
    pub health: Health,
    pub conditions: &'a [Condition],
    pub amount: i64,
    pub roll: Option<&'a RollRecord>,
    pub kind: Option<&'a str>,
    /// Armor points ignored (Savage Worlds AP).
    pub armor_ignored: i64,
    /// Armor met on top of the target's own (cover, an obstacle).
    pub armor_added: i64,
}

/// What the damage model made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageOutcome {
    /// Health lost, in the system's unit.
    pub loss: i64,
    /// Conditions the damage inflicts (Savage Worlds Shaken).
    pub conditions: Vec<String>,
    /// One line on how the number came about (`9 − SOAK 2`).
    pub explain: String,
}

/// A roll to shake off a condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShakeOutcome {
    pub roll: RollRecord,
    pub success: bool,
    pub explain: String,
}

/// Why the rules refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    Dice(DiceError),
    /// The input made no sense under these rules; the text says what was expected.
    Invalid(String),
    /// A part of the rules this version does not resolve yet.
    NotYet(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Dice(err) => write!(f, "{err}"),
            RulesError::Invalid(msg) | RulesError::NotYet(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<DiceError> for RulesError {
    fn from(err: DiceError) -> Self {
        RulesError::Dice(err)
    }
}

/// What a system's fold may see and change of the encounter: names, the round, and combatants'
/// stats (the system's own fields, such as LUC).
pub trait Roster {
    fn name_of(&self, id: &str) -> Option<&str>;
    fn stats_mut(&mut self, id: &str) -> Option<&mut Stats>;
    fn round(&self) -> u32;
}

/// The log line a system event leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub roll: Option<RollRecord>,
    /// Who the line is about (an id).
    pub who: Option<String>,
}

/// A core event a system may follow in its own state.
#[derive(Debug, Clone, Copy)]
pub enum Fact<'a> {
    RoundStarted {
        round: u32,
    },
    TurnStarted {
        id: &'a str,
    },
    /// A held combatant takes its turn now.
    Acted {
        id: &'a str,
    },
    InitiativeSet {
        drawn: &'a [Card],
    },
    Damaged {
        id: &'a str,
        loss: i64,
        round: u32,
    },
    Healed {
        id: &'a str,
        amount: i64,
        within_hit: bool,
    },
    ConditionAdded {
        id: &'a str,
        condition: &'a Condition,
    },
    Spent {
        id: &'a str,
        what: &'a str,
    },
}

/// Everything that differs between the four systems.
pub trait Ruleset: Sync {
    /// The word used in commands and file names: `woin`.
    fn key(&self) -> &'static str;

    /// Other words accepted for it (`sw` for Savage Worlds).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// The name a GM reads: `Savage Worlds`.
    fn name(&self) -> &'static str;

    /// The tag saves use: `Savage`.
    fn tag(&self) -> &'static str;

    /// The commands only this system has (`soak`, `luck` …), declared once.
    fn commands(&self) -> &'static [super::signature::CommandSpec] {
        &[]
    }

    /// Fields `add` accepts, with their kinds.
    fn fields(&self) -> &'static [FieldSpec];

    /// Starting health from the stats.
    fn health(&self, stats: &Stats) -> Health;

    /// How health is named and shown: `HEALTH`, `HP`, `wounds`.
    fn health_label(&self) -> &'static str;

    /// Health as the GM reads it: `HEALTH 12/30`, `HP 9/12`.
    fn health_text(&self, health: Health) -> String {
        format!("{} {}/{}", self.health_label(), health.current, health.max)
    }

    /// Roll (or deal) initiative for one combatant or group.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError>;

    /// Initiative typed in by the GM (`17`, `6.25`, `QS`, `joker`).
    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError>;

    /// Whether initiative is dealt afresh every round (the Savage Worlds action deck).
    fn deals_each_round(&self) -> bool {
        false
    }

    /// Whether a held action carries into the next round (Savage Worlds) or lapses.
    fn hold_lasts_across_rounds(&self) -> bool {
        false
    }

    /// The turns a combatant takes in a round (WOIN creatures with 3+ actions act more than once).
    fn passes(&self, _stats: &Stats, init: &Initiative) -> Vec<Pass> {
        vec![Pass::main(init.value.rank(), 1)]
    }

    /// What a turn allows.
    fn turn_budget(&self, stats: &Stats, conditions: &[Condition], pass: Pass) -> Vec<ActionPool>;

    /// Out of the fight: listed but skipped.
    fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current <= 0
            || conditions.iter().any(|c| c.name == "Dead" || c.name == "Unconscious")
    }

    /// Apply the system's damage model.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError>;

    /// Immune to a condition (WOIN `immune=poisoned`): it never lands from the rules.
    fn immune_to(&self, _stats: &Stats, _condition: &str) -> bool {
        false
    }

    /// The level a condition takes when applied, given any copy already present.
    fn condition_level(
        &self,
        spec: &ConditionSpec,
        existing: Option<&Condition>,
        severe: bool,
    ) -> Result<Level, RulesError> {
        let _ = existing;
        if severe && spec.severe.is_none() {
            return Err(RulesError::Invalid(format!("{} has no severe level", spec.name)));
        }
        Ok(if severe { Level::Severe } else { Level::First })
    }

    /// Roll to shake off a condition.
    fn shake_off(
        &self,
        stats: &Stats,
        health: Health,
        condition: &Condition,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError>;

    /// What a combatant can do on a turn, with its cost, for `do` and the action menu.
    fn actions(&self) -> &'static [ActionSpec] {
        &[]
    }

    /// Fields a weapon takes (`weapon NAME WEAPON FIELD=VALUE …`).
    fn weapon_fields(&self) -> &'static [FieldSpec] {
        &[]
    }

    /// The rule options this system offers.
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// What trying to shake off a condition costs, as (pool, amount); 0 means no cost and no
    /// once-per-turn limit.
    fn shake_cost(&self) -> (&'static str, u8) {
        ("actions", 0)
    }

    /// Health can be restored (WOIN: not while Poisoned).
    fn can_heal(&self, _conditions: &[Condition]) -> Result<(), RulesError> {
        Ok(())
    }

    /// The highest health can go now (WOIN: halved by severe Fatigued).
    fn max_health(&self, health: Health, _conditions: &[Condition]) -> i64 {
        health.max
    }

    /// Figures the rules derive for a combatant as it stands now (effective DEFENSEs, SOAK …),
    /// as dotted names: `defenses.melee`. Shown in the TUI and in `--json`.
    fn derived(&self, _who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        Vec::new()
    }

    /// What happens as a combatant's turn begins (ongoing damage, a Confused roll).
    fn turn_start(
        &self,
        _who: CombatantView<'_>,
        _options: &Options,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        Ok(Vec::new())
    }

    /// Which dice of a roll deserve attention in the log (sixes, aces, criticals).
    fn notable(&self, roll: &RollRecord) -> Vec<bool> {
        roll.dice.iter().map(|d| d.face == d.sides && d.sides > 1).collect()
    }

    /// What the attack dialog's last text step suggests typing.
    fn attack_hint(&self) -> &'static str {
        "blank, or FIELD=VALUE options"
    }

    /// The attack dialog's choice for an attack without a listed weapon.
    fn bare_attack_hint(&self) -> &'static str {
        "no weapon: give its numbers below (FIELD=VALUE)"
    }

    /// Attack modifiers the dialog offers as switches: (field, label).
    fn attack_toggles(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The odds of an attack before it is rolled, in words (`6d6 vs MELEE 10: hit 72%, …`).
    fn attack_odds(&self, _request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        Ok(None)
    }

    /// The system's own state at the start of an encounter.
    fn new_state(&self) -> SystemState {
        SystemState::none()
    }

    /// Read one of this system's events from a save (see [`super::state::decode`]).
    fn decode_event(
        &self,
        _d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemEvent, erased_serde::Error> {
        Err(serde::de::Error::custom(format!("{} has no events of its own", self.name())))
    }

    /// Apply one of this system's events to its state; the log line it leaves.
    fn apply_event(
        &self,
        _state: &mut SystemState,
        event: &SystemEvent,
        _roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        Err(RulesError::Invalid(format!("{} cannot apply {event:?}", self.name())))
    }

    /// Follow a core event in the system's own state.
    fn observe(&self, _state: &mut SystemState, _fact: Fact<'_>) {}

    /// What the turns before round 1 are called in the log (`Ambush turn`).
    fn surprise_label(&self) -> &'static str {
        "Surprise turn"
    }

    /// What a turn before round 1 allows.
    fn surprise_budget(&self) -> Vec<ActionPool> {
        vec![ActionPool::new("actions", 1)]
    }

    /// What happens as `start` begins the fight, before initiative (WOIN ambushes).
    fn before_start(
        &self,
        _state: &SystemState,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// System events before a new deal of initiative, given the cards kept in hand (SW-INIT-3: a
    /// shuffle after a Joker).
    fn new_deal(&self, _state: &SystemState, _kept: &[Card]) -> Vec<SystemEvent> {
        Vec::new()
    }

    /// The GM deals initiative from a physical deck and types each card.
    fn deals_by_hand(&self, _options: &Options) -> bool {
        false
    }

    /// What the log asks of the GM when initiative is dealt by hand.
    fn deal_by_hand_prompt(&self) -> &'static str {
        "type each initiative: `init NAME VALUE` for each, then `next`"
    }

    /// How to type an initiative by hand, for refusals (`init NAME VALUE`).
    fn typed_init_usage(&self) -> &'static str {
        "`init NAME VALUE`"
    }

    /// Counters the system keeps in its own state that `set NAME N` changes (the GM's benny pool).
    fn settable(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// The event that sets one of [`Ruleset::settable`] to `value`.
    fn set_value(&self, _name: &str, _value: i64) -> Option<SystemEvent> {
        None
    }

    /// Figures of the system's own state for `--json` (`gm_bennies`, `deck_left`).
    fn state_figures(&self, _state: &SystemState) -> Vec<(&'static str, Derived)> {
        Vec::new()
    }

    /// A word for the turn-order pane's title (`deck 40 left`).
    fn order_status(&self, _state: &SystemState) -> Option<String> {
        None
    }

    /// How the log says a condition was cancelled (a WOIN LUC die).
    fn cancel_phrase(&self) -> &'static str {
        "cancelled"
    }

    /// What an action of the `do` list does beyond spending its cost (WOIN suppressive fire).
    fn do_action(
        &self,
        _action: &ActionSpec,
        _request: SpecialRequest<'_>,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// `skirmish odds SYSTEM ARGS…`: a table of odds, or what the words should have been.
    fn odds_report(&self, _args: &[String]) -> Result<String, String> {
        Err(format!("{} has no odds report; woin and savage do", self.name()))
    }

    /// A system verb (`soak`, `trick`, `fear` …). `None` of them by default.
    fn special(
        &self,
        request: SpecialRequest<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Err(RulesError::Invalid(format!("`{}` is not part of {}", request.verb, self.name())))
    }

    /// What the rules do right after a combatant took damage (SW-INC-1: the Incapacitation roll).
    fn after_damage(
        &self,
        _who: CombatantView<'_>,
        _was_down: bool,
        _hit: HitKind<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// What happens to a combatant as a round begins (SW-INC-2: Bleeding Out).
    fn round_start(
        &self,
        _who: CombatantView<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// Resolve an attack. Each system's issue brings its own resolution.
    fn attack(
        &self,
        _request: AttackRequest<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Err(RulesError::NotYet(format!(
            "attack resolution for {} is not built yet; use damage and cond meanwhile",
            self.name()
        )))
    }
}
