//! A system's constant half: who it is, the words it uses, its tables, and the small choices that
//! set how the engine runs it (initiative rolled or dealt, health counted left or taken …). The
//! engine, the parser and the screens read these; behaviour lives in the rules trait.

use super::dice::RollRecord;
use super::signature::FieldArg;
use super::stats::FieldSpec;
use super::types::{AttackChoice, OptionSpec, Options};
use super::verb::ActionSpec;
use super::verb::Verb;

/// Everything constant about one system, declared once as a `static`.
#[derive(Debug)]
pub struct Spec {
    /// The word used in commands and file names: `woin`.
    pub key: &'static str,
    /// Other words accepted for it (`sw` for Savage Worlds).
    pub aliases: &'static [&'static str],
    /// The name a GM reads: `Savage Worlds`.
    pub name: &'static str,
    /// The tag saves use: `Savage`.
    pub tag: &'static str,
    /// The commands only this system has (`soak`, `luck` …), each with its function.
    pub commands: &'static [Verb],
    /// Fields `add` accepts, with their kinds.
    pub fields: &'static [FieldSpec],
    /// Fields a weapon takes (`weapon NAME WEAPON FIELD=VALUE …`).
    pub weapon_fields: &'static [FieldSpec],
    /// The rule options this system offers.
    pub options: &'static [OptionSpec],
    /// Counters the system keeps in its own state that `set NAME N` changes (the GM's benny pool).
    pub settable: &'static [OptionSpec],
    /// What a combatant can do on a turn, with its cost, for `do` and the action menu.
    pub actions: &'static [ActionSpec],
    /// Further costs of some actions, as (action, pool, amount): a Gempunks Melee Guard costs the
    /// move action besides the standard one.
    pub more_costs: &'static [(&'static str, &'static str, u8)],
    /// Every action pool a turn can have (`actions`, `free`, `reaction`); costs name only these.
    pub pools: &'static [&'static str],
    /// Words `next` takes for the turn it begins (GURPS `skip_ht`).
    pub next_flags: &'static [&'static str],
    /// What trying to shake off a condition costs, as (pool, amount); 0 means no cost and no
    /// once-per-turn limit.
    pub shake_cost: (&'static str, u8),
    pub initiative: InitiativeSpec,
    pub health: HealthSpec,
    pub attack: AttackSpec,
    pub words: Words,
    /// Which dice of a roll deserve attention in the log (sixes, aces, criticals).
    pub notable: fn(&RollRecord) -> Vec<bool>,
    /// A damage type as the log names it (WOIN: the canonical name of an alias).
    pub damage_kind: fn(&str) -> String,
    /// `skirmish odds SYSTEM ARGS…`, if the system has a report.
    pub odds: Option<OddsSpec>,
}

/// How initiative comes and goes.
#[derive(Debug, Clone, Copy)]
pub struct InitiativeSpec {
    pub order: Order,
    /// Whether a held action carries into the next round or lapses when it ends.
    pub holds: Holds,
    /// How ties left after the tie-breakers are settled.
    pub ties: Ties,
    /// What a typed initiative looks like, for the initiative dialog's hint.
    pub typed_hint: &'static str,
    /// How to type one, for refusals (`init NAME VALUE`).
    pub typed_usage: &'static str,
    /// What the log asks of the GM when initiative is dealt by hand.
    pub by_hand_prompt: &'static str,
    /// What the turns before round 1 are called in the log (`Ambush turn`).
    pub surprise_label: &'static str,
}

/// Whether initiative is rolled once or dealt afresh every round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Rolled (or typed) once, kept for the fight.
    Rolled,
    /// Dealt from a deck every round (the Savage Worlds action deck); by the GM's hand from a
    /// physical deck while the option `by_hand` holds.
    DealtEachRound { by_hand: OptionIs },
}

/// An option holding one value: `deck=physical`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionIs {
    pub option: &'static str,
    pub value: &'static str,
}

/// Whether a held action lasts across rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    LapseAtRoundEnd,
    LastAcrossRounds,
}

/// How ties left after the tie-breakers are settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ties {
    /// By d6 roll-offs.
    RollOff,
    /// By d6 roll-offs, except while the option holds: then in the order they were added
    /// (Gempunks `gem_init_tie=list`).
    RollOffUnless(OptionIs),
}

/// How health is named and counted.
#[derive(Debug, Clone, Copy)]
pub struct HealthSpec {
    /// `HEALTH`, `HP`, `wounds`.
    pub label: &'static str,
    pub counts: Counts,
}

/// Whether health is read as what is left or as damage taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counts {
    /// `HP 9/12`: the bar and a group's total count what is left.
    Left,
    /// Savage Worlds wounds: the bar and a group's total count what was taken.
    Taken,
}

/// The constant half of an attack: its fields, the dialog's words and picks.
#[derive(Debug, Clone, Copy)]
pub struct AttackSpec {
    /// Every field `attack` takes, each once with its kind, besides the engine's own (`force`,
    /// `weapon=none`). Any other is refused before the attack is prepared.
    pub fields: &'static [FieldArg],
    /// Modifiers the dialog offers as switches: (field, label).
    pub toggles: &'static [(&'static str, &'static str)],
    /// Picks the attack dialog walks after the weapon (GURPS: location, defense).
    pub choices: &'static [AttackChoice],
    /// What the attack dialog's last text step suggests typing.
    pub hint: &'static str,
    /// The dialog's choice for an attack without a listed weapon.
    pub bare_hint: &'static str,
    pub targets: Targets,
}

/// How many targets one attack may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Targets {
    One,
    /// Several (a Gempunks set), so the attack dialog offers more.
    Many,
}

/// How the log words some outcomes.
#[derive(Debug, Clone, Copy)]
pub struct Words {
    /// A condition ended by the roll to shake it off.
    pub shaken: &'static str,
    /// A condition cancelled (a WOIN LUC die).
    pub cancelled: &'static str,
}

/// `skirmish odds SYSTEM …`.
#[derive(Debug, Clone, Copy)]
pub struct OddsSpec {
    /// What it takes (`gurps SKILL [vs=DEFENSE]`), for `--help`, the man page and completion.
    pub usage: &'static str,
    /// What it shows.
    pub about: &'static str,
    /// The table of odds, or what the words should have been.
    pub report: fn(&[String]) -> Result<String, String>,
}

impl Spec {
    /// Whether initiative is dealt afresh every round.
    pub fn deals_each_round(&self) -> bool {
        matches!(self.initiative.order, Order::DealtEachRound { .. })
    }

    /// Whether the GM deals initiative by hand under these options.
    pub fn deals_by_hand(&self, options: &Options) -> bool {
        match self.initiative.order {
            Order::Rolled => false,
            Order::DealtEachRound { by_hand } => by_hand.holds(self, options),
        }
    }

    /// Whether ties left after the tie-breakers are settled by d6 roll-offs under these options.
    pub fn rolls_off_ties(&self, options: &Options) -> bool {
        match self.initiative.ties {
            Ties::RollOff => true,
            Ties::RollOffUnless(listed) => !listed.holds(self, options),
        }
    }

    /// Every (pool, amount) an action of the `do` list costs.
    pub fn action_costs(&self, action: &ActionSpec) -> Vec<(&'static str, u8)> {
        std::iter::once((action.pool, action.cost))
            .chain(
                self.more_costs
                    .iter()
                    .filter(|(key, _, _)| *key == action.key)
                    .map(|&(_, pool, amount)| (pool, amount)),
            )
            .collect()
    }

    /// Every option an encounter of this system takes: the core ones, then the system's own.
    pub fn all_options(&self) -> impl Iterator<Item = &'static OptionSpec> + use<> {
        super::types::CORE_OPTIONS.iter().chain(self.options)
    }

    /// The value of an option: as set, or the default.
    pub fn option<'a>(&self, options: &'a Options, name: &str) -> &'a str {
        match options.get(name) {
            Some(v) => v.as_str(),
            None => self.all_options().find(|o| o.name == name).map_or("", |o| o.default),
        }
    }
}

impl OptionIs {
    fn holds(self, spec: &Spec, options: &Options) -> bool {
        spec.option(options, self.option) == self.value
    }
}

/// The log's default: a die showing its highest face.
pub fn highest_faces(roll: &RollRecord) -> Vec<bool> {
    roll.dice.iter().map(|d| d.face == d.sides && d.sides > 1).collect()
}

/// The log's default: a damage type as typed.
pub fn kind_as_typed(kind: &str) -> String {
    kind.to_string()
}

/// How to type an initiative by hand, for a system with nothing else to say.
pub const TYPED_USAGE: &str = "`init NAME VALUE`";
/// What the log asks when initiative is typed by hand, for a system with nothing else to say.
pub const BY_HAND_PROMPT: &str = "type each initiative: `init NAME VALUE` for each, then `next`";
/// The turns before round 1, for a system with no word of its own.
pub const SURPRISE: &str = "Surprise turn";
/// A condition ended by the roll to shake it off.
pub const SHAKEN: &str = "shaken off";
/// A condition cancelled.
pub const CANCELLED: &str = "cancelled";
/// The attack dialog's last step, for a system with nothing else to say.
pub const ATTACK_HINT: &str = "blank, or FIELD=VALUE options";
/// The attack dialog's bare-handed choice, for a system with nothing else to say.
pub const BARE_HINT: &str = "no weapon: give its numbers below (FIELD=VALUE)";

impl HealthSpec {
    /// Health as the GM reads it: `HEALTH 12/30`, `HP 9/12`, `wounds 1/3`.
    pub fn text(&self, health: super::types::Health) -> String {
        match self.counts {
            Counts::Left => format!("{} {}/{}", self.label, health.current, health.max),
            Counts::Taken => {
                let taken = health.max.saturating_sub(health.current);
                match (health.max, health.current) {
                    (0, c) if c >= 0 => "unhurt".to_string(),
                    (0, _) => "out".to_string(),
                    (_, c) if c < 0 => format!("{} {taken} (incapacitated)", self.label),
                    _ => format!("{} {taken}/{}", self.label, health.max),
                }
            }
        }
    }
}

impl Spec {
    /// What a turn before round 1 allows: one of the first pool.
    pub fn surprise_budget(&self) -> Vec<super::types::ActionPool> {
        vec![super::types::ActionPool::new(self.pools.first().copied().unwrap_or("actions"), 1)]
    }
}

impl Spec {
    /// `skirmish odds SYSTEM ARGS…`: a table of odds, or what the words should have been.
    pub fn odds_report(&self, args: &[String]) -> Result<String, String> {
        match self.odds {
            Some(odds) => (odds.report)(args),
            None => Err(format!("{} has no odds report", self.name)),
        }
    }

    /// What `skirmish odds` takes for this system and what it shows, if it has a report.
    pub fn odds_usage(&self) -> Option<(&'static str, &'static str)> {
        self.odds.map(|o| (o.usage, o.about))
    }
}

impl Spec {
    /// A system with these names and nothing else yet: no fields, options or commands of its own,
    /// initiative rolled once, health counted as left. Fill in the rest with `..Spec::new(…)`.
    pub const fn new(key: &'static str, name: &'static str, tag: &'static str) -> Spec {
        Spec {
            key,
            aliases: &[],
            name,
            tag,
            commands: &[],
            fields: &[],
            weapon_fields: &[],
            options: &[],
            settable: &[],
            actions: &[],
            more_costs: &[],
            pools: &["actions"],
            next_flags: &[],
            shake_cost: ("actions", 0),
            initiative: InitiativeSpec {
                order: Order::Rolled,
                holds: Holds::LapseAtRoundEnd,
                ties: Ties::RollOff,
                typed_hint: "the total rolled at the table, such as 17",
                typed_usage: TYPED_USAGE,
                by_hand_prompt: BY_HAND_PROMPT,
                surprise_label: SURPRISE,
            },
            health: HealthSpec { label: "health", counts: Counts::Left },
            attack: AttackSpec {
                fields: &[],
                toggles: &[],
                choices: &[],
                hint: ATTACK_HINT,
                bare_hint: BARE_HINT,
                targets: Targets::One,
            },
            words: Words { shaken: SHAKEN, cancelled: CANCELLED },
            notable: highest_faces,
            damage_kind: kind_as_typed,
            odds: None,
        }
    }
}
