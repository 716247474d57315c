//! The players' view of a fight (`skirmish watch`, `export --players`): a projection built from a
//! whitelist, pure like the encounter it reads. A fight being prepared is not shown at all (only
//! "waiting for the GM") until it starts or the GM shows it; hidden combatants are dropped
//! everywhere (order, counts, log, turn marker); health is shown per side as the GM's
//! `player_health.*` options say now, in the log too; notes, stats, weapons, odds and dice never
//! reach it.

mod live;
mod log;
mod shown;
mod text;

pub use live::LiveView;
pub use log::{Mark, PlayerLine, Said, Seen, Told};
pub use shown::{HealthShown, band_word, health_shown, visible};
pub use text::to_text;

use serde::Serialize;

use crate::encounter::{Combatant, Encounter, Session};
use crate::rules::Side;
use crate::rules::initiative::InitValue;
use crate::rules::types::HealthBand;

/// What the players' screen shows of a followed fight: the fight, or, while the GM prepares it,
/// only that they are waiting (and for which system), not even its name. As JSON, `state` says
/// which (`"waiting"` or `"fight"`, the fight's fields beside it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum PlayersSee {
    Waiting { system: String },
    Fight(PlayerView),
}

impl PlayersSee {
    /// The fight, when the players see one.
    pub fn fight(&self) -> Option<&PlayerView> {
        match self {
            PlayersSee::Fight(view) => Some(view),
            PlayersSee::Waiting { .. } => None,
        }
    }

    /// As plain text (`watch --once`).
    pub fn to_text(&self) -> String {
        match self {
            PlayersSee::Fight(view) => to_text(view),
            PlayersSee::Waiting { system } => format!("{}\n", waiting_text(system)),
        }
    }
}

/// What the players read while the GM prepares a fight.
pub fn waiting_text(system: &str) -> String {
    format!("waiting for the GM ({system})")
}

/// Whether the players may see this fight: once it is under way, or when the GM showed it
/// before (`show`). A fight being prepared (its name, who joins, how it is set up) stays the GM's.
pub fn fight_shown(encounter: &Encounter) -> bool {
    encounter.under_way() || encounter.shown
}

/// What the players see of a session: [`player_view`] once the fight is shown, else waiting.
pub fn players_see(session: &Session) -> PlayersSee {
    let encounter = session.encounter();
    if fight_shown(encounter) {
        PlayersSee::Fight(player_view(session))
    } else {
        PlayersSee::Waiting { system: encounter.system.rules().spec().name.to_string() }
    }
}

/// What the players may see of a fight, as it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The system's name (`Savage Worlds`).
    pub system: String,
    /// The encounter's name.
    pub name: String,
    /// The round of the last turn the players saw begin (0: none yet).
    pub round: u32,
    /// Whose turn it is, as far as the players can tell: the last visible combatant whose turn
    /// began.
    pub turn: Option<String>,
    /// Who acts next among those the players can see.
    pub on_deck: Option<String>,
    /// Visible combatants in acting order (one row per turn), or in the order they joined before
    /// the fight starts.
    pub order: Vec<PlayerCombatant>,
    /// What the visible combatants did, oldest first.
    pub log: Vec<PlayerLine>,
}

/// One row of the players' turn order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerCombatant {
    pub name: String,
    #[serde(serialize_with = "side_key")]
    pub side: Side,
    pub health: PlayerHealth,
    /// Condition names, `(severe)` where that applies.
    pub conditions: Vec<String>,
    /// A Savage Worlds card dealt for this round (players see the deal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// The turn marker is on this row.
    pub current: bool,
    /// This row acts next.
    pub on_deck: bool,
    /// Down or dead: listed, but skipped.
    pub down: bool,
    /// Holding its action.
    pub held: bool,
}

/// A combatant's health as the players see it, by its side's `player_health.*` option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "shown", rename_all = "snake_case")]
pub enum PlayerHealth {
    /// `exact`: as the GM reads it (`HP 9/12`, `wounds 1/3`), with its label.
    Exact { text: String, band: HealthBand },
    /// `label`: unhurt, hurt, badly hurt, barely standing or out of the fight.
    Label { band: HealthBand },
    /// `hidden`: nothing.
    Hidden,
}

/// A combatant's health for the players.
pub fn player_health(encounter: &Encounter, c: &Combatant) -> PlayerHealth {
    let rules = encounter.system.rules();
    let band = rules.vitals(c.health, &c.conditions).band;
    match health_shown(encounter, c.side) {
        HealthShown::Exact => {
            PlayerHealth::Exact { text: rules.spec().health.text(encounter.health_now(c)), band }
        }
        HealthShown::Label => PlayerHealth::Label { band },
        HealthShown::Hidden => PlayerHealth::Hidden,
    }
}

/// The players' view of a session, shown or not: its current state, and the log and turn marker
/// along its current line of play (`export --players`; `watch` asks [`players_see`]).
pub fn player_view(session: &Session) -> PlayerView {
    let encounter = session.encounter();
    let seen = Seen::along(encounter.system, &encounter.name, &session.entries());
    project(encounter, &seen)
}

/// Project a fight for the players: `seen` is what they have been shown along the way (the turn
/// marker and the log, [`Seen::along`]); everything else comes from the encounter through the
/// whitelist below.
pub fn project(encounter: &Encounter, seen: &Seen) -> PlayerView {
    project_newest(encounter, seen, usize::MAX)
}

/// [`project`] with only the newest `newest` lines of the players' log (a screen shows no more):
/// what it costs stays the same however long the fight.
pub fn project_newest(encounter: &Encounter, seen: &Seen, newest: usize) -> PlayerView {
    // The newest visible turn whose combatant the players can still see (one hidden since, or
    // gone, hands the marker back to the one before).
    let mark = seen.marks.iter().rev().find(|m| encounter.get(&m.id).is_some_and(visible));
    let marker = mark.map(|m| (m.id.clone(), m.pass));
    let schedule = encounter.schedule();
    let deck = next_visible(encounter);
    let mut order: Vec<PlayerCombatant> = Vec::new();
    let row = |c: &Combatant, current: bool, on_deck: bool| PlayerCombatant {
        name: c.name.clone(),
        side: c.side,
        health: player_health(encounter, c),
        conditions: c.conditions.iter().map(ToString::to_string).collect(),
        card: c.initiative.as_ref().and_then(|i| match i.value {
            InitValue::Card(card) => Some(card.to_string()),
            _ => None,
        }),
        current,
        on_deck,
        down: encounter.is_down(c),
        held: c.held,
    };
    if schedule.is_empty() {
        order.extend(
            encounter.combatants.iter().filter(|c| visible(c)).map(|c| row(c, false, false)),
        );
    } else {
        for slot in &schedule {
            let c = &encounter.combatants[slot.index];
            if !visible(c) {
                continue;
            }
            let current =
                marker.as_ref().is_some_and(|(id, pass)| c.id == *id && slot.pass == *pass);
            let on_deck = deck.as_ref().is_some_and(|(id, pass)| c.id == *id && slot.pass == *pass);
            order.push(row(c, current, on_deck));
        }
        // Visible combatants without initiative yet (a newcomer waiting for its roll).
        order.extend(
            encounter
                .combatants
                .iter()
                .filter(|c| visible(c) && c.initiative.is_none())
                .map(|c| row(c, false, false)),
        );
    }
    let name_of = |id: &str| encounter.get(id).map(|c| c.name.clone());
    PlayerView {
        system: encounter.system.rules().spec().name.to_string(),
        name: encounter.name.clone(),
        round: mark.map_or(seen.round, |m| m.round),
        turn: marker.as_ref().and_then(|(id, _)| name_of(id)),
        on_deck: deck.as_ref().and_then(|(id, _)| name_of(id)),
        order,
        log: seen
            .log
            .get(seen.log.len().saturating_sub(newest)..)
            .unwrap_or_default()
            .iter()
            .map(|told| told.line(encounter))
            .collect(),
    }
}

/// The next visible turn after the current one (hidden or not): later this round among those
/// able to act and not done, else, when the order carries into the next round (no new deal), the
/// first visible one able to act.
fn next_visible(encounter: &Encounter) -> Option<(String, u8)> {
    let turn = encounter.turn.as_ref()?;
    let schedule = encounter.schedule();
    let at = schedule
        .iter()
        .position(|s| encounter.combatants[s.index].id == turn.id && s.pass == turn.pass)?;
    let ready = |s: &&crate::encounter::Slot| {
        let c = &encounter.combatants[s.index];
        visible(c) && encounter.can_act(c)
    };
    let done = |s: &crate::encounter::Slot| {
        encounter.done.iter().any(|d| d.is(&encounter.combatants[s.index].id, s.pass))
    };
    let later = schedule[at + 1..].iter().filter(ready).find(|s| !done(s));
    let next = match later {
        Some(s) => Some(s),
        None if encounter.system.rules().spec().deals_each_round() => None,
        None => schedule
            .iter()
            .filter(ready)
            .find(|s| !(s.index == schedule[at].index && s.pass == turn.pass)),
    };
    next.map(|s| (encounter.combatants[s.index].id.to_string(), s.pass))
}

fn side_key<S: serde::Serializer>(side: &Side, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(side.key())
}
