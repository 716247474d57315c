//! Finding a combatant from what the GM typed: id, exact name, or a unique prefix, ignoring case.

use super::Encounter;
use super::engine::EngineError;
use crate::rules::nearest;

impl Encounter {
    /// The index of the combatant `query` names. Unknown or ambiguous names are errors that list
    /// the nearest candidates.
    pub fn resolve(&self, query: &str) -> Result<usize, EngineError> {
        let wanted = query.trim().to_lowercase();
        let exact =
            self.combatants.iter().position(|c| c.id == wanted || c.name.to_lowercase() == wanted);
        if let Some(i) = exact {
            return Ok(i);
        }
        let matches: Vec<usize> = (0..self.combatants.len())
            .filter(|&i| {
                let c = &self.combatants[i];
                c.id.starts_with(&wanted) || c.name.to_lowercase().starts_with(&wanted)
            })
            .collect();
        match matches.as_slice() {
            [one] => Ok(*one),
            [] => {
                let near = nearest(query, self.combatants.iter().map(|c| c.name.as_str()), 3);
                Err(EngineError::Name(if near.is_empty() {
                    format!("no combatant '{query}': the encounter is empty")
                } else {
                    format!("no combatant '{query}'; nearest: {}", near.join(", "))
                }))
            }
            many => {
                let names: Vec<&str> =
                    many.iter().take(6).map(|&i| self.combatants[i].name.as_str()).collect();
                let more = if many.len() > 6 {
                    format!(" and {} more", many.len() - 6)
                } else {
                    String::new()
                };
                Err(EngineError::Name(format!(
                    "'{query}' could be {}{more}; type more of the name",
                    names.join(", ")
                )))
            }
        }
    }
}
