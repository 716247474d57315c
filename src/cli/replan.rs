//! `skirmish check --replan`: each command of a save planned again against the state before it,
//! with the dice faces its own events recorded, and compared with the events stored. Rules and
//! bestiaries change between versions, so this is a check to ask for, never done on open.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::command::{Command, Invocation, parse_in, table};
use crate::encounter::engine::plan;
use crate::encounter::{Encounter, Event, Session};
use crate::rules::dice::{DiceError, DiceSource, ScriptedDice, TypedFirst};
use crate::save::import::sheets_from_events;

/// What re-planning a save found.
#[derive(Debug, Default)]
pub struct Replanned {
    /// Commands planned again to the very same events.
    pub same: usize,
    /// Commands whose events now differ: (command number, text, what differs).
    pub differ: Vec<(usize, String, String)>,
    /// Commands that could not be planned again from their events alone (a card drawn from a
    /// shuffled deck asks for a die no event records): (command number, text, why).
    pub skipped: Vec<(usize, String, String)>,
}

/// The faces a command's events recorded, by the sides of their dice, in the order they appear;
/// the faces of each tie roll-off apart, by the holder that rolled them.
struct Recorded {
    faces: HashMap<u32, VecDeque<u32>>,
    rolloffs: HashMap<String, VecDeque<u32>>,
    missing: Option<u32>,
}

impl Recorded {
    fn from(events: &[Event], before: &Encounter) -> Recorded {
        let mut faces: HashMap<u32, VecDeque<u32>> = HashMap::new();
        let mut rolloffs: HashMap<String, VecDeque<u32>> = HashMap::new();
        // An initiative shared with others already rolled (a Gempunks side, one roll for all)
        // repeats that roll's record without rolling again.
        let mut shared: HashSet<String> = before
            .combatants
            .iter()
            .filter_map(|c| c.initiative.as_ref())
            .filter(|i| i.roll.is_some())
            .filter_map(|i| i.shared.clone())
            .collect();
        for event in events {
            if let Event::InitiativeSet { initiative, .. } = event
                && let Some(key) = &initiative.shared
                && !shared.insert(key.clone())
            {
                continue;
            }
            // The engine asks for roll-off dice cluster by cluster, a newcomer first rolling up
            // to the others' count: no single order of d6 faces fits every fight, so each
            // holder's faces go back to that holder (`DiceSource::roll_off`).
            if let Event::RolledOff { ids, faces: rolled } = event {
                let holder = ids.first().map_or("", |id| id.as_str());
                rolloffs.entry(holder.to_string()).or_default().extend(rolled.iter().copied());
                continue;
            }
            let value = serde_json::to_value(event).unwrap_or_default();
            collect(&value, &mut faces);
        }
        Recorded { faces, rolloffs, missing: None }
    }
}

/// Every die in a value: objects with `sides` and `face` (a rolled die).
fn collect(value: &serde_json::Value, out: &mut HashMap<u32, VecDeque<u32>>) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let number = |key: &str| {
                map.get(key).and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok())
            };
            if let (Some(sides), Some(face)) = (number("sides"), number("face")) {
                out.entry(sides).or_default().push_back(face);
                return;
            }
            map.values().for_each(|v| collect(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
        _ => {}
    }
}

impl DiceSource for Recorded {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match self.faces.get_mut(&sides).and_then(VecDeque::pop_front) {
            Some(face) => Ok(face),
            None => {
                self.missing = Some(sides);
                Err(DiceError::ScriptExhausted { used: 0, sides })
            }
        }
    }

    /// The next face this holder's own roll-off recorded; none left, and the plan differs.
    fn roll_off(&mut self, holder: &str) -> Result<u32, DiceError> {
        match self.rolloffs.get_mut(holder).and_then(VecDeque::pop_front) {
            Some(face) => Ok(face),
            None => Err(DiceError::ScriptExhausted { used: 0, sides: 6 }),
        }
    }
}

/// Faces handed out in the order they were recorded, whatever die asks.
struct InOrder<'a> {
    faces: VecDeque<u32>,
    missing: &'a mut Option<u32>,
}

impl DiceSource for InOrder<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match self.faces.pop_front() {
            Some(face) if (1..=sides).contains(&face) => Ok(face),
            Some(face) => Err(DiceError::FaceOutOfRange { face, sides, position: 0 }),
            None => {
                *self.missing = Some(sides);
                Err(DiceError::ScriptExhausted { used: 0, sides })
            }
        }
    }

    /// No event records the die behind a card: the command is skipped, as without typed faces.
    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        *self.missing = Some(cards);
        Err(DiceError::ScriptExhausted { used: 0, sides: cards })
    }
}

/// Plan every command of the session again (every branch) and compare.
pub fn replan(session: &Session) -> Replanned {
    let mut found = Replanned::default();
    let system = session.encounter().system;
    let _ = session.walk::<()>(|index, node, before| {
        let n = index + 1;
        let text = node.entry.command.clone();
        let command = match parse_in(&text, Some(system)) {
            Ok(Some(Command::Verb(command))) => command,
            Ok(Some(_)) => {
                found.differ.push((n, text, "the session's own command is no verb".into()));
                return Ok(());
            }
            Ok(None) => {
                found.differ.push((n, text, "the command text is empty".into()));
                return Ok(());
            }
            Err(err) => {
                found.differ.push((n, text, format!("the command no longer parses: {err}")));
                return Ok(());
            }
        };
        // An import's file is not read again: its sheets are what its events carry.
        let command = if table::reads_files(&command) {
            let sheets = sheets_from_events(&node.entry.events, system);
            Invocation { spec: command.spec, args: command.args.with_sheets(sheets) }
        } else {
            command
        };
        let mut dice = Recorded::from(&node.entry.events, before);
        // Faces typed at the table were recorded in the order the dice asked for them: played
        // back in that order, typed first, so the same split is logged again.
        let typed = node.entry.events.iter().find_map(|e| match e {
            Event::FacesTyped { typed, rolled, marks } => {
                Some((typed.clone(), rolled.clone(), marks.clone()))
            }
            _ => None,
        });
        let mut in_order;
        let mut typed_first;
        let source: &mut dyn DiceSource = match typed {
            None => &mut dice,
            // Answered roll by roll: every face is in the marks, in the order asked.
            Some((_, _, marks)) if !marks.is_empty() => {
                in_order = InOrder { faces: VecDeque::new(), missing: &mut dice.missing };
                let faces =
                    marks.iter().flat_map(|m| m.faces.iter().map(move |&f| (f, m.typed))).collect();
                typed_first = TypedFirst::marked(faces, &mut in_order);
                &mut typed_first
            }
            Some((typed, rolled, _)) => {
                in_order = InOrder { faces: rolled.into(), missing: &mut dice.missing };
                // `next roll=…` types its own faces: only the rolled ones come from outside.
                if command.is(&table::NEXT.spec) && !command.args.faces(0).is_empty() {
                    &mut in_order
                } else {
                    typed_first = TypedFirst::new(ScriptedDice::new(typed), &mut in_order);
                    &mut typed_first
                }
            }
        };
        let planned = plan(before, &command, session.assets(), source);
        match planned {
            Ok(events) if events == node.entry.events => found.same += 1,
            Ok(events) => {
                found.differ.push((n, text, first_difference(&node.entry.events, &events)))
            }
            Err(_) if dice.missing.is_some() => {
                let sides = dice.missing.unwrap_or_default();
                let why =
                    format!("it asks for a d{sides} that its events do not record (a card draw)");
                found.skipped.push((n, text, why));
            }
            Err(err) => found.differ.push((n, text, format!("it is refused now: {err}"))),
        }
        Ok(())
    });
    found.differ.sort_by_key(|d| d.0);
    found.skipped.sort_by_key(|d| d.0);
    found
}

/// Where two lists of events part, in words.
fn first_difference(stored: &[Event], now: &[Event]) -> String {
    let show = |e: Option<&Event>| match e {
        Some(event) => ron::to_string(event).unwrap_or_else(|_| format!("{event:?}")),
        None => "nothing".to_string(),
    };
    let at = stored.iter().zip(now).take_while(|(a, b)| a == b).count();
    format!("event {} was {} and is now {}", at + 1, show(stored.get(at)), show(now.get(at)))
}
