//! DR per hit location from a GCS body (`settings.body_type`): the locations skirmish knows by
//! their GCS ids, each location's computed DR, and what a non-humanoid body has beyond them.

use super::node::Node;
use super::{Reader, computed};
use crate::import::ImportError;

/// The GCS location ids skirmish has a `dr.<id>` for (the same words).
const KNOWN: [&str; 11] =
    ["skull", "eye", "face", "neck", "torso", "vitals", "groin", "arm", "hand", "leg", "foot"];
/// The DR skirmish's skull always adds of its own (GURPS-LOC-1).
const SKULL_OWN: i64 = 2;

/// One location's DR as GCS computed it.
struct Found<'a> {
    id: String,
    name: String,
    dr: i64,
    at: Node<'a>,
}

pub(super) fn read(reader: &mut Reader, root: &Node<'_>) -> Result<(), ImportError> {
    let Some(settings) = root.get("settings") else {
        reader.odd("no body in the file (settings.body_type): no DR read");
        return Ok(());
    };
    let Some(body) = settings.get("body_type").or_else(|| settings.get("hit_locations")) else {
        reader.odd("no body in the file (settings.body_type): no DR read");
        return Ok(());
    };
    let body_name = body.name_of("name")?.unwrap_or_else(|| "unnamed".into());
    let mut found = Vec::new();
    locations(reader, &body, &mut found)?;
    // Bodies without a skull (arachnoid, octopod, squid) have a brain where it would be.
    if !found.iter().any(|f| f.id == "skull")
        && let Some(brain) = found.iter_mut().find(|f| f.id == "brain")
    {
        brain.id = "skull".into();
        reader.odd(format!("body {body_name}: its {} is taken as the skull", brain.name));
    }
    let mut kept: Vec<(&str, i64, Node<'_>)> = Vec::new();
    let mut foreign = Vec::new();
    for f in &found {
        match KNOWN.iter().find(|k| **k == f.id) {
            None => foreign.push(format!("{} (DR {})", f.name, f.dr)),
            Some(known) => match kept.iter_mut().find(|(k, _, _)| k == known) {
                Some((_, dr, _)) if *dr != f.dr => {
                    reader.odd(format!(
                        "{known}: GCS gives DR {} and {} on different {known}s; took the lower",
                        *dr, f.dr
                    ));
                    *dr = (*dr).min(f.dr);
                }
                Some(_) => {}
                None => kept.push((known, f.dr, f.at.clone())),
            },
        }
    }
    let torso = kept.iter().find(|(k, _, _)| *k == "torso").map_or(0, |(_, dr, _)| *dr);
    let face = kept.iter().find(|(k, _, _)| *k == "face").map_or(0, |(_, dr, _)| *dr);
    let mut parts = Vec::new();
    for (key, dr, at) in &kept {
        let mut dr = *dr;
        if *key == "skull" {
            if dr < SKULL_OWN {
                reader.odd(format!(
                    "skull DR {dr} is below the {SKULL_OWN} skirmish's skull always has; it \
                     counts {SKULL_OWN}"
                ));
            }
            dr = dr.saturating_sub(SKULL_OWN).max(0);
        }
        // A location left out falls back on plain `dr` (0), the eye on the face's, the vitals
        // on the torso's: give it when that fallback would be wrong.
        let fallback = match *key {
            "eye" => face,
            "vitals" => torso,
            _ => 0,
        };
        if dr != fallback {
            reader.field(&format!("dr.{key}"), dr.to_string(), at)?;
        }
        parts.push(format!("{key} {}", if *key == "skull" { dr + SKULL_OWN } else { dr }));
    }
    reader.read_line(format!("DR ({body_name}): {}", parts.join(", ")));
    if !foreign.is_empty() {
        reader.odd(format!(
            "body {body_name}: no skirmish location for {}; hits there are the GM's",
            foreign.join(", ")
        ));
    }
    let missing: Vec<&str> =
        KNOWN.into_iter().filter(|known| !kept.iter().any(|(k, _, _)| k == known)).collect();
    if !missing.is_empty() {
        reader.odd(format!(
            "body {body_name} has no {}: DR there is skirmish's fallback (plain DR, 0)",
            missing.join(", ")
        ));
    }
    Ok(())
}

/// Every location of a body, its sub-tables' too, with its computed DR against all attacks.
fn locations<'a>(
    reader: &mut Reader,
    body: &Node<'a>,
    out: &mut Vec<Found<'a>>,
) -> Result<(), ImportError> {
    for loc in body.items("locations")? {
        let id = loc.need("id", "the location's id")?.text()?.to_ascii_lowercase();
        let name = match loc.name_of("table_name")? {
            Some(name) => name,
            None => loc.name_of("choice_name")?.unwrap_or_else(|| id.clone()),
        };
        let calc = computed(&loc)?;
        let at = calc.get("dr").and_then(|d| d.get("all")).unwrap_or_else(|| calc.clone());
        let dr = match calc.get("dr") {
            None => 0,
            Some(map) => {
                let all = map.get("all").map(|n| n.whole()).transpose()?.unwrap_or(0);
                if let Some(object) = map.value.as_object() {
                    for (kind, value) in object.iter().filter(|(k, _)| *k != "all") {
                        reader.odd(format!(
                            "{name}: DR {value} more against {kind} not kept (skirmish has one \
                             DR per location)"
                        ));
                    }
                }
                all
            }
        };
        if let Some(sub) = loc.get("sub_table") {
            locations(reader, &sub, out)?;
        }
        out.push(Found { id, name, dr, at });
    }
    Ok(())
}
