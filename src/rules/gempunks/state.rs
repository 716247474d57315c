//! Gempunks' own state: each weapon's user this round (GEM-WPN-1, the multiweapon penalty of
//! GEM-MOD-4), each regiment's attack sets since its turn began (GEM-REG-3), the sets an Assault
//! still owes a regiment (GEM-ACT-1 `gem_reg_assault=per_attack`), a regiment's members held back
//! this turn by Incapacitate (GEM-OPT-2), items dropped, taken, stowed or sundered (GEM-OPT-4,
//! GEM-OPT-6, GEM-OPT-9), the attacks each guard has made as reactions (GEM-ACT-7, GEM-ACT-8), and
//! the group members that spent this round's standard action in another member's set (GEM-INIT-2),
//! and the weapons an Assault named for the round (GEM-ACT-1, GEM-WPN-1).

use serde::{Deserialize, Serialize};

use crate::rules::Named;
use crate::rules::ruleset::{Fact, Line, Roster};
use crate::rules::state::{Bounded, SystemEvent, within};
use crate::rules::types::RulesError;

/// What Gempunks keeps for one encounter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GemState {
    /// (attacker id, weapon name) for each weapon that attacked this round.
    pub wielded: Vec<(String, String)>,
    /// (regiment id, sets rolled since its turn began).
    pub sets: Vec<(String, u8)>,
    /// (id, attacks or sets its Assault still makes this turn without another standard action).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assault_left: Vec<(String, u8)>,
    /// (regiment id, members that lost their standard action this turn to Incapacitate).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub benched: Vec<(String, i64)>,
    /// (owner id, weapon) → who attacked with it this round, when not its owner (GEM-WPN-1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub users: Vec<(String, String, String)>,
    /// Items not in their owner's hands.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Item>,
    /// (guard id, attacks per member it has made as reactions since its guard began).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reactions: Vec<(String, u8)>,
    /// (member id, the leader's name): members of a group that spent this round's standard
    /// action in the leader's set ahead of their own turn (GEM-INIT-2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ahead: Vec<(String, String)>,
    /// (attacker id, the weapons its Assault named for this round with `weapons=`): each counts
    /// toward the multiweapon penalty from the first set on (GEM-ACT-1, GEM-WPN-1, GEM-MOD-4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared: Vec<(String, Vec<String>)>,
    /// (owner id, weapon, weight reloaded so far): Incremental Reload weapons fired and not yet
    /// full again (GEM-WPN-2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reloading: Vec<(String, String, i64)>,
    /// Creatures that used their Lesser Action reload this round (GEM-WPN-2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lesser_reloads: Vec<String>,
}

/// One item that is not where its owner can use it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// The owner's id.
    pub owner: String,
    /// The item's name (a weapon's name for a weapon), lowercase.
    pub name: String,
    pub place: Place,
}

/// Where an item is, or what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// On the ground (Disarm, Pickpocket): `do NAME pickup item=…` takes it back.
    Dropped,
    /// In another creature's hands (an unarmed Disarm or Pickpocket took it, or it was picked up).
    TakenBy(String),
    /// Stowed on another creature by a Reverse Pickpocket.
    StowedOn(String),
    /// Sundered: wounds taken so far, below its HP; it still works.
    Damaged(i64),
    /// Sundered to HP 0: gone.
    Destroyed,
}

impl Place {
    /// How the place reads in a sentence, with names for ids.
    pub fn words(&self, name_of: &dyn Fn(&str) -> String) -> String {
        match self {
            Place::Dropped => "lies dropped".into(),
            Place::TakenBy(id) => format!("is held by {}", name_of(id)),
            Place::StowedOn(id) => format!("is stowed on {}", name_of(id)),
            Place::Damaged(w) => format!("is damaged ({w} wound(s))"),
            Place::Destroyed => "was destroyed".into(),
        }
    }

    /// Whether its owner cannot attack with it.
    pub fn out_of_hand(&self) -> bool {
        !matches!(self, Place::Damaged(_))
    }
}

impl GemState {
    /// The attack sets a regiment has rolled since its turn began.
    pub fn sets_of(&self, id: &str) -> u8 {
        self.sets.iter().find(|(i, _)| i == id).map_or(0, |(_, n)| *n)
    }

    /// The distinct weapons `id` has attacked with this round.
    pub fn wields_of(&self, id: &str) -> Vec<&str> {
        self.wielded.iter().filter(|(i, _)| i == id).map(|(_, w)| w.as_str()).collect()
    }

    /// The weapons `id` named for this round's Assault (`weapons=`), if it named them.
    pub fn declared_of(&self, id: &str) -> &[String] {
        self.declared.iter().find(|(i, _)| i == id).map_or(&[], |(_, w)| w.as_slice())
    }

    /// Sets an Assault still owes `id` this turn.
    pub fn assault_left(&self, id: &str) -> u8 {
        self.assault_left.iter().find(|(i, _)| i == id).map_or(0, |(_, n)| *n)
    }

    /// A regiment's members held back from attacking this turn.
    pub fn benched_of(&self, id: &str) -> i64 {
        self.benched.iter().find(|(i, _)| i == id).map_or(0, |(_, n)| *n)
    }

    /// Attacks per member `id` has made as reactions since its guard began (GEM-ACT-8).
    pub fn reactions_of(&self, id: &str) -> u8 {
        self.reactions.iter().find(|(i, _)| i == id).map_or(0, |(_, n)| *n)
    }

    /// The leader of the set `id` spent this round's standard action in, if it did.
    pub fn ahead_of(&self, id: &str) -> Option<&str> {
        self.ahead.iter().find(|(i, _)| i == id).map(|(_, with)| with.as_str())
    }

    /// `owner`'s `weapon` holds `reloaded` of its weight (`None`: full); `lesser` spent its
    /// Lesser Action reload this round (GEM-WPN-2).
    fn reload(&mut self, owner: &str, weapon: &str, reloaded: Option<i64>, lesser: Option<&str>) {
        let weapon = weapon.to_lowercase();
        self.reloading.retain(|(o, w, _)| !(o == owner && *w == weapon));
        if let Some(n) = reloaded {
            self.reloading.push((owner.to_string(), weapon, n));
        }
        if let Some(id) = lesser
            && !self.lesser_reloads.iter().any(|l| l == id)
        {
            self.lesser_reloads.push(id.to_string());
        }
    }

    /// The weight reloaded so far into `owner`'s `weapon`, if it was fired and is not full.
    pub fn reloaded(&self, owner: &str, weapon: &str) -> Option<i64> {
        let weapon = weapon.to_lowercase();
        self.reloading.iter().find(|(o, w, _)| o == owner && *w == weapon).map(|(_, _, n)| *n)
    }

    /// Where `owner`'s item `name` is, if it is not in its owner's hands.
    pub fn item(&self, owner: &str, name: &str) -> Option<&Place> {
        let name = name.to_lowercase();
        self.items.iter().find(|i| i.owner == owner && i.name == name).map(|i| &i.place)
    }

    /// Who attacked with `owner`'s `weapon` this round, if anyone did.
    pub fn user_of<'a>(&'a self, owner: &'a str, weapon: &str) -> Option<&'a str> {
        let weapon = weapon.to_lowercase();
        self.users
            .iter()
            .find(|(o, w, _)| o == owner && *w == weapon)
            .map(|(_, _, u)| u.as_str())
            .or_else(|| {
                self.wielded
                    .iter()
                    .any(|(i, w)| i == owner && w.to_lowercase() == weapon)
                    .then_some(owner)
            })
    }
}

/// Gempunks' own events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GemEvent {
    /// An attack set was rolled by `id` with `weapon`; `regiment`: it counts toward GEM-REG-3.
    SetRolled { id: String, weapon: String, regiment: bool },
    /// `user` attacked with `owner`'s `weapon` (GEM-WPN-1: nobody else may this round).
    Used { owner: String, weapon: String, user: String },
    /// An Assault spread over the turn has `left` more attacks (a hero) or sets (a regiment,
    /// `gem_reg_assault=per_attack`) this turn, its standard action paid (GEM-ACT-1).
    AssaultSets { id: String, left: u8 },
    /// A regiment's members that lose their standard action this turn (GEM-OPT-2).
    Benched { id: String, members: i64 },
    /// An item moved or was sundered (`None`: back in its owner's hands); `text` says how.
    Item { owner: String, name: String, place: Option<Place>, text: String },
    /// A guard attacked as a reaction: `attacks` per member so far this guard, of at most `limit`
    /// (`None`: no limit) (GEM-ACT-7, GEM-ACT-8).
    Reacted { id: String, attacks: u8, limit: Option<u8> },
    /// A group member attacked in `with`'s set: its standard action this round is spent, and
    /// its turn, still to come, begins without it (GEM-INIT-2).
    Ahead { id: String, with: String },
    /// `id`'s Assault named the round's `weapons`: `attacks` in all, each at `penalty`
    /// (GEM-ACT-1, GEM-WPN-1, GEM-MOD-4).
    Declared { id: String, weapons: Vec<String>, attacks: u8, penalty: i64 },
    /// `owner`'s Incremental Reload `weapon` holds `reloaded` of its weight (`None`: full,
    /// ready to fire); `lesser`: who spent this round's Lesser Action reload on it (GEM-WPN-2).
    Reload {
        owner: String,
        weapon: String,
        reloaded: Option<i64>,
        lesser: Option<String>,
        text: String,
    },
}

/// The tag this system's events and saves carry: `Gempunks(…)`.
pub const TAG: &str = "Gempunks";

pub fn event(e: GemEvent) -> SystemEvent {
    SystemEvent::new(TAG, e)
}

/// Set `id`'s entry in a list of counts (0 removes it).
fn set_count<T: PartialEq + Default>(list: &mut Vec<(String, T)>, id: &str, value: T) {
    list.retain(|(i, _)| i != id);
    if value != T::default() {
        list.push((id.to_string(), value));
    }
}

pub fn apply(st: &mut GemState, e: &GemEvent, roster: &mut dyn Roster) -> Result<Line, RulesError> {
    // Whether the creature the line is about stands for many (a regiment): its words are plural.
    let many = match e {
        GemEvent::SetRolled { id, .. }
        | GemEvent::AssaultSets { id, .. }
        | GemEvent::Used { user: id, .. } => {
            roster.stats_mut(id).is_some_and(|s| super::regiment_members(s).is_some())
        }
        _ => false,
    };
    let name_of = |id: &str| roster.name_of(id).unwrap_or(id).to_string();
    let (text, who) = match e {
        GemEvent::SetRolled { id, weapon, regiment } => {
            if !st.wielded.iter().any(|(i, w)| i == id && w == weapon) {
                st.wielded.push((id.clone(), weapon.clone()));
            }
            let name = name_of(id);
            let who = Named { name: &name, many };
            let text = if *regiment {
                let n = st.sets_of(id).saturating_add(1);
                set_count(&mut st.sets, id, n);
                format!("{} attack set {n} of 3 with {weapon}", who.does("rolls"))
            } else {
                format!("{} with {weapon}", who.does("attacks"))
            };
            (text, id)
        }
        GemEvent::Used { owner, weapon, user } => {
            let weapon = weapon.to_lowercase();
            st.users.retain(|(o, w, _)| !(o == owner && *w == weapon));
            st.users.push((owner.clone(), weapon.clone(), user.clone()));
            let name = name_of(user);
            let who = Named { name: &name, many };
            (format!("{} with {}'s {weapon}", who.does("attacks"), name_of(owner)), user)
        }
        GemEvent::AssaultSets { id, left } => {
            set_count(&mut st.assault_left, id, *left);
            let name = name_of(id);
            let whose = Named { name: &name, many }.possessive();
            let text = if *left > 0 {
                format!("{whose} Assault has {left} more to roll this turn (GEM-ACT-1)")
            } else {
                format!("{whose} Assault is spent")
            };
            (text, id)
        }
        GemEvent::Benched { id, members } => {
            set_count(&mut st.benched, id, *members);
            (
                format!(
                    "{}: {members} member(s) lose their standard action this turn (GEM-OPT-2)",
                    name_of(id)
                ),
                id,
            )
        }
        GemEvent::Item { owner, name, place, text } => {
            let name = name.to_lowercase();
            st.items.retain(|i| !(i.owner == *owner && i.name == name));
            if let Some(place) = place {
                st.items.push(Item { owner: owner.clone(), name, place: place.clone() });
            }
            (text.clone(), owner)
        }
        GemEvent::Reload { owner, weapon, reloaded, lesser, text } => {
            st.reload(owner, weapon, *reloaded, lesser.as_deref());
            (text.clone(), owner)
        }
        GemEvent::Ahead { id, with } => {
            st.ahead.retain(|(i, _)| i != id);
            st.ahead.push((id.clone(), with.clone()));
            let text = format!(
                "{} attacks in {with}'s set: its standard action this round is spent (GEM-INIT-2)",
                name_of(id)
            );
            (text, id)
        }
        GemEvent::Declared { id, weapons, attacks, penalty } => {
            st.declared.retain(|(i, _)| i != id);
            st.declared.push((id.clone(), weapons.clone()));
            let text = format!(
                "{} assaults with {} this round: {attacks} attacks, each wield at least once, all \
                 at {penalty} (multiweapon ×{}, GEM-ACT-1, GEM-WPN-1, GEM-MOD-4)",
                name_of(id),
                weapons.join(" and "),
                weapons.len()
            );
            (text, id)
        }
        GemEvent::Reacted { id, attacks, limit } => {
            set_count(&mut st.reactions, id, *attacks);
            let of = limit.map_or(String::new(), |l| format!(" of {l}"));
            (format!("{} reacts from its guard: attack {attacks}{of}", name_of(id)), id)
        }
    };
    Ok(Line { text, roll: None, who: Some(who.clone()) })
}

/// GEM-INIT-3 (c): a regiment's set count resets as its turn begins; weapon use at the top of
/// each round (GEM-WPN-1). An Assault's sets and the members held back last only for the turn.
pub fn observe(st: &mut GemState, fact: Fact<'_>) {
    match fact {
        Fact::RoundStarted { .. } => {
            st.wielded.clear();
            st.users.clear();
            st.ahead.clear();
            st.declared.clear();
            st.lesser_reloads.clear();
        }
        Fact::TurnStarted { id } => {
            st.sets.retain(|(i, _)| i != id);
            st.assault_left.clear();
            st.benched.clear();
            // GEM-INIT-3 (d): the guard ends as its turn begins, and its count with it.
            st.reactions.retain(|(i, _)| i != id);
        }
        Fact::Acted { .. } => st.assault_left.clear(),
        Fact::Removed { id } => {
            st.sets.retain(|(i, _)| i != id);
            st.wielded.retain(|(i, _)| i != id);
            st.users.retain(|(o, _, u)| o != id && u != id);
            st.assault_left.retain(|(i, _)| i != id);
            st.benched.retain(|(i, _)| i != id);
            st.items.retain(|i| i.owner != id);
            st.reactions.retain(|(i, _)| i != id);
            st.ahead.retain(|(i, _)| i != id);
            st.declared.retain(|(i, _)| i != id);
        }
        _ => {}
    }
}

// The numbers a Gempunks event carries, checked before its fold: members held back.
impl Bounded for GemEvent {
    fn check_bounds(&self) -> Result<(), String> {
        match self {
            GemEvent::Benched { members, .. } => {
                within("members held back", *members, 0, crate::rules::stats::MAX_STAT)
            }
            GemEvent::Declared { penalty, .. } => within("multiweapon penalty", *penalty, -1000, 0),
            GemEvent::Reload { reloaded, .. } => {
                within("weight reloaded", reloaded.unwrap_or(0), 0, crate::rules::stats::MAX_STAT)
            }
            GemEvent::SetRolled { .. }
            | GemEvent::Used { .. }
            | GemEvent::AssaultSets { .. }
            | GemEvent::Item { .. }
            | GemEvent::Reacted { .. }
            | GemEvent::Ahead { .. } => Ok(()),
        }
    }
}
