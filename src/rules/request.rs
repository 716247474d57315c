//! What the engine hands a system: the views of combatants and the requests for initiative, an
//! attack, a verb or damage, with the fields a person typed.

use super::conditions::Condition;
use super::dice::cards::Card;
use super::dice::{MAX_NUMBER, RollRecord};
use super::initiative::Initiative;
use super::signature::{ArgKind, FieldArg};
use super::state::{SystemEvent, SystemState};
use super::stats::{MAX_STAT, Stats, Weapon};
use super::types::*;

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
pub struct InitContext<S = SystemState> {
    /// A working copy of the system's state, changed as cards are drawn.
    pub state: S,
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

/// One combatant with the encounter around it: what most of the rules' questions are about.
#[derive(Debug)]
pub struct Subject<'a, S = SystemState> {
    pub id: &'a str,
    pub view: CombatantView<'a>,
    /// The system's own state.
    pub state: &'a S,
    pub options: &'a Options,
}

/// A moment of the fight at which a system may act, with what its rules read there. Each
/// answers with effects the engine applies as it applies an attack's.
#[derive(Debug)]
pub enum Moment<'a, S = SystemState> {
    /// `start` begins the fight, before initiative (WOIN ambushes).
    BeforeStart { state: &'a S },
    /// Initiative is about to be dealt afresh; the cards kept in hand (SW-INIT-3: a shuffle
    /// after a Joker). Decided before the round begins, applied after it.
    NewDeal { state: &'a S, kept: &'a [Card] },
    /// A round begins, for each combatant (SW-INC-2: Bleeding Out).
    RoundStart { who: CombatantView<'a> },
    /// A combatant's own turn ends, before the next begins (GURPS-STUN-2); effects land on it
    /// (`Who::Actor`).
    TurnEnd { who: Subject<'a, S> },
    /// A combatant just took damage (SW-INC-1: the Incapacitation roll).
    AfterDamage { who: CombatantView<'a>, was_down: bool, hit: super::effect::HitKind<'a, S> },
    /// One of the words `next` took, for the combatant whose turn it begins, before its
    /// turn-start rolls (GURPS `skip_ht`).
    NextFlag { flag: &'a str, id: &'a str },
    /// `set NAME N` for one of the spec's settable counters (the GM's benny pool): the system
    /// event that sets it; none when the system keeps no such counter.
    Set { name: &'a str, value: i64 },
}

/// A newcomer about to join the fight, its stats still open to the system.
#[derive(Debug)]
pub struct Newcomer<'a> {
    pub name: &'a str,
    /// `add NAME xN`.
    pub count: Option<u32>,
    pub side: Side,
    pub stats: &'a mut Stats,
    pub options: &'a Options,
}

/// Where a field whose names are checked was set.
#[derive(Debug, Clone, Copy)]
pub enum FieldOf<'a> {
    /// A combatant's own stats (`add`, `edit`, a bestiary entry), with the conditions known.
    Stats { catalogue: &'a super::conditions::Catalogue },
    /// A weapon's (`weapon`, a bestiary weapon).
    Weapon,
}

/// A condition about to land on a combatant.
#[derive(Debug, Clone, Copy)]
pub struct Arrival<'a> {
    pub stats: &'a Stats,
    pub spec: &'a super::conditions::ConditionSpec,
    /// The copy it already has, if any.
    pub existing: Option<&'a Condition>,
    pub severe: bool,
}

/// What becomes of a condition about to land.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Landing {
    /// It never lands from the rules (WOIN `immune=poisoned`).
    Immune,
    /// It lands at this level, ending these conditions as it does (GURPS postures: one at a time).
    Lands { level: super::conditions::Level, ends: Vec<&'static str> },
}

/// How far healing may go now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Healing {
    /// The highest health can go (WOIN: halved by severe Fatigued).
    pub max: i64,
    /// Why it cannot be restored at all now, if so (WOIN: Poisoned).
    pub refused: Option<String>,
}

/// How a combatant's health stands now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vitals {
    /// How hurt it looks; [`HealthBand::Down`] is out of the fight.
    pub band: HealthBand,
    pub healing: Healing,
}

/// The band most systems use: down at 0 or less, Dead or Unconscious, else by the share of
/// health left.
pub fn default_band(health: Health, conditions: &[Condition]) -> HealthBand {
    let down = health.current <= 0
        || conditions.iter().any(|c| c.name == "Dead" || c.name == "Unconscious");
    if down { HealthBand::Down } else { HealthBand::from_share(health.current, health.max) }
}

/// What the attack dialog shows of an attack written so far, each part when the system can tell.
#[derive(Debug)]
pub struct AttackGuide {
    /// The hint for the dialog's free field, naming only the options that apply to the weapon
    /// chosen; `None` keeps the spec's.
    pub hint: Option<String>,
    /// The switches that apply (Savage Worlds: only the modifiers for the roll the weapon
    /// makes); `None` offers them all.
    pub toggles: Option<Vec<(&'static str, &'static str)>>,
    /// The rolls it asks for, in the order the rules make them, for a GM typing the faces
    /// rolled at the table (`attack 5d6, then damage 2d6 if it hits, …`).
    pub dice_order: Result<Option<String>, RulesError>,
    /// The odds before it is rolled, in words (`6d6 vs MELEE 10: hit 72%, …`).
    pub odds: Result<Option<String>, RulesError>,
}

impl Default for AttackGuide {
    fn default() -> AttackGuide {
        AttackGuide { hint: None, toggles: None, dice_order: Ok(None), odds: Ok(None) }
    }
}

/// What the rules show of one combatant: the figures at a glance, the derived figures and the
/// status lines, for the screens and `--json` to lay out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sheet {
    /// The same labels in the same order for everyone of the system, so the pane shows each in
    /// a fixed cell and a selection move redraws only values. Every stat as set is on it.
    pub glance: Vec<(&'static str, String)>,
    /// Figures as the rules use them now, as dotted names (`defenses.melee`).
    pub derived: Vec<(&'static str, Derived)>,
    /// Extra lines (GURPS: maneuver, posture, shock, weapons not ready).
    pub status: Vec<String>,
}

/// What the rules show of the encounter as a whole.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Board {
    /// Figures of the system's own state for `--json` (`gm_bennies`, `deck_left`).
    pub figures: Vec<(&'static str, Derived)>,
    /// A word for the turn-order pane's title (`deck 40 left`).
    pub order_status: Option<String>,
}

/// What kind of combatant the stats make, and a unit's strength.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Unit {
    /// For the `add` echo (`Wild Card`, `regiment`).
    pub kind: Option<&'static str>,
    /// A combatant standing for several members (a Gempunks regiment): its strength now.
    pub strength: Option<Strength>,
}

/// A combatant taking part in an attack: its id and how the rules see it.
#[derive(Debug, Clone, Copy)]
pub struct Party<'a> {
    pub id: &'a str,
    pub view: CombatantView<'a>,
    /// Its turn this round is over (taken or passed, and not held): a member of a group attack
    /// that has nothing left to act with this round (GEM-INIT-2).
    pub turn_over: bool,
}

/// What an attack asks for: an attacker (the first of the members attacking together), one or
/// more targets, the weapon and the system's options.
#[derive(Debug)]
pub struct AttackRequest<'a, S = SystemState> {
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
    pub state: &'a S,
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
        self.0
            .iter()
            .any(|(k, v)| k == key && v.as_deref().is_none_or(|v| v.eq_ignore_ascii_case("on")))
    }

    /// Refuse a value of a field of `table` that its kind does not take, naming the field and
    /// what it takes, before the system reads any: a switch given anything but `on` or `off`
    /// (anything else would read as off), a number outside its range (±[`MAX_STAT`] unless
    /// declared narrower), dice holding a number past [`MAX_NUMBER`]. Numbers are held here,
    /// where they enter, so the rules' sums of them cannot overflow.
    pub fn check_values(&self, table: &[FieldArg]) -> Result<(), RulesError> {
        for (k, v) in self.0 {
            let (Some(field), Some(v)) = (table.iter().find(|f| f.name == *k), v.as_deref()) else {
                continue;
            };
            let refused = match field.kind {
                ArgKind::Switch => {
                    let known = v.eq_ignore_ascii_case("on") || v.eq_ignore_ascii_case("off");
                    (!known).then(|| {
                        format!("{k} is a switch; write {k} alone (or {k}=on), or {k}=off")
                    })
                }
                ArgKind::Number => whole_within(v, -MAX_STAT, MAX_STAT).err(),
                ArgKind::Int { min, max } => whole_within(v, min, max).err(),
                ArgKind::Dice => dice_numbers(v),
                _ => None,
            };
            if let Some(why) = refused {
                return Err(RulesError::Invalid(format!("{k}={v}: {why}")));
            }
        }
        Ok(())
    }

    /// The first field typed that none of `tables` declares. The tracker's own fields (`@strike`,
    /// never typed) are not asked about.
    pub fn undeclared(&self, tables: &[&[FieldArg]]) -> Option<&str> {
        self.0
            .iter()
            .map(|(k, _)| k.as_str())
            .find(|k| !k.starts_with('@') && !tables.iter().any(|t| t.iter().any(|f| f.name == *k)))
    }

    /// A whole number, if given, within ±[`MAX_STAT`] like every number a field holds.
    pub fn int(&self, key: &str) -> Result<Option<i64>, RulesError> {
        self.value(key)
            .map(|v| {
                whole_within(v, -MAX_STAT, MAX_STAT)
                    .map_err(|why| RulesError::Invalid(format!("{key}={v}: {why}")))
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

/// `text` as a whole number from `min` to `max` (a `+` may come before it), or why it is not.
fn whole_within(text: &str, min: i64, max: i64) -> Result<i64, String> {
    let n = text.trim_start_matches('+').parse::<i64>().ok();
    n.filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("expected a whole number from {min} to {max}"))
}

/// Why dice written `text` hold a number too large for any roll, if one is: each run of digits
/// must be at most [`MAX_NUMBER`], as in any dice expression.
fn dice_numbers(text: &str) -> Option<String> {
    let too_large = text
        .split(|c: char| !c.is_ascii_digit())
        .find(|run| run.parse::<i64>().map_or(!run.is_empty(), |n| n > MAX_NUMBER))?;
    Some(format!("expected dice whose numbers are at most {MAX_NUMBER}, found {too_large}"))
}

/// Finds a combatant by what a person typed (a field such as `ally=Brom`).
pub trait Lookup {
    /// The id and the rules' view of the combatant `query` names, or why none fits.
    fn find<'s>(&'s self, query: &str) -> Result<(&'s str, CombatantView<'s>), String>;
}

/// What a system verb is asked.
pub struct SpecialRequest<'a, S = SystemState> {
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
    pub state: &'a S,
    /// Every combatant, for names given in fields.
    pub lookup: &'a dyn Lookup,
    /// Whose turn it is (the one an `interrupt` contests with).
    pub current: Option<CombatantView<'a>>,
    /// What the actor has tried to shake off this turn, if it is the actor's turn.
    pub tried: &'a [String],
    /// Actions the actor has already taken this turn (SW-ACT-1).
    pub actions_taken: u8,
    /// The actor is holding its action.
    pub held: bool,
}

/// Damage arriving at a combatant, before the system's damage model.
#[derive(Debug)]
pub struct DamageRequest<'a, S = SystemState> {
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
    /// Where it landed (a hit location), if the hit says.
    pub location: Option<&'a str>,
    /// The combatant's id and the system's own state (GURPS FP and crippled parts).
    pub id: &'a str,
    pub state: &'a S,
    /// The damage as typed parts, when the hit has several (see [`super::effect::Hit::parts`]).
    pub parts: &'a [(String, i64)],
    /// The encounter's rule options (a Gempunks regiment's overflow reading).
    pub options: &'a Options,
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
    /// Changes to the system's own state the hit brings (GURPS fatigue off FP, a crippled
    /// limb), recorded right after the damage.
    pub events: Vec<SystemEvent>,
}

/// A roll to shake off a condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShakeOutcome {
    pub roll: RollRecord,
    pub success: bool,
    pub explain: String,
}

/// `Clone` and `Copy` for a request whatever its state type: it holds the state by reference.
macro_rules! copy_whatever_the_state {
    ($($name:ident),*) => {$(
        impl<S> Clone for $name<'_, S> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<S> Copy for $name<'_, S> {}
    )*};
}

copy_whatever_the_state!(Subject, Moment, AttackRequest, SpecialRequest, DamageRequest);

impl<'a> Subject<'a> {
    /// The same question, the state read as the system's own type.
    pub fn with_state<T>(self, state: &'a T) -> Subject<'a, T> {
        let Subject { id, view, state: _, options } = self;
        Subject { id, view, state, options }
    }
}

impl<'a> AttackRequest<'a> {
    /// The same request, the state read as the system's own type.
    pub fn with_state<T>(self, state: &'a T) -> AttackRequest<'a, T> {
        let AttackRequest {
            attacker,
            target,
            weapon,
            fields,
            options,
            attacker_id,
            target_id,
            members,
            targets,
            on_turn,
            state: _,
            actions_taken,
        } = self;
        AttackRequest {
            attacker,
            target,
            weapon,
            fields,
            options,
            attacker_id,
            target_id,
            members,
            targets,
            on_turn,
            state,
            actions_taken,
        }
    }
}

impl<'a> SpecialRequest<'a> {
    /// The same request, the state read as the system's own type.
    pub fn with_state<T>(self, state: &'a T) -> SpecialRequest<'a, T> {
        let SpecialRequest {
            verb,
            actor,
            target,
            words,
            fields,
            options,
            actor_id,
            target_id,
            round,
            started,
            state: _,
            lookup,
            current,
            tried,
            actions_taken,
            held,
        } = self;
        SpecialRequest {
            verb,
            actor,
            target,
            words,
            fields,
            options,
            actor_id,
            target_id,
            round,
            started,
            state,
            lookup,
            current,
            tried,
            actions_taken,
            held,
        }
    }
}

impl<'a> DamageRequest<'a> {
    /// The same request, the state read as the system's own type.
    pub fn with_state<T>(self, state: &'a T) -> DamageRequest<'a, T> {
        let DamageRequest {
            stats,
            health,
            conditions,
            amount,
            roll,
            kind,
            armor_ignored,
            armor_added,
            location,
            id,
            state: _,
            parts,
            options,
        } = self;
        DamageRequest {
            stats,
            health,
            conditions,
            amount,
            roll,
            kind,
            armor_ignored,
            armor_added,
            location,
            id,
            state,
            parts,
            options,
        }
    }
}
