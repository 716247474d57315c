//! Finding a combatant from what the GM typed: id, exact name, a unique prefix, or prefixes of
//! each word (`gob 2` for Goblin 2), ignoring case; a group by its name where a group is meant.

use super::engine::EngineError;
use super::{Combatant, Encounter};
use crate::rules::{Named, nearest};

/// Whether the words of `query` begin the words of `name` in turn, ignoring case (`gob 2` for
/// Goblin 2, `b cap` for Bandit Captain). A query of one word is a plain prefix of the first.
pub fn words_start_with(name: &str, query: &str) -> bool {
    let name = name.to_lowercase();
    let words: Vec<&str> = name.split_whitespace().collect();
    let query = query.to_lowercase();
    let wanted: Vec<&str> = query.split_whitespace().collect();
    words.len() >= wanted.len() && wanted.iter().zip(&words).all(|(q, w)| w.starts_with(q))
}

impl Encounter {
    /// A combatant's name for the log's possessives and verbs: plural when it stands for many
    /// (a unit with a strength of members, such as a Gempunks regiment: `Bandits' turn`).
    pub fn named<'a>(&self, c: &'a Combatant) -> Named<'a> {
        Named { name: &c.name, many: self.system.rules().unit(c.view()).strength.is_some() }
    }

    /// The index of the combatant `query` names. Unknown or ambiguous names are errors that list
    /// the nearest candidates.
    pub fn resolve(&self, query: &str) -> Result<usize, EngineError> {
        let wanted = query.trim().to_lowercase();
        let exact =
            self.combatants.iter().position(|c| c.id == wanted || c.name.to_lowercase() == wanted);
        if let Some(i) = exact {
            return Ok(i);
        }
        let mut matches: Vec<usize> = (0..self.combatants.len())
            .filter(|&i| {
                let c = &self.combatants[i];
                c.id.starts_with(&wanted) || c.name.to_lowercase().starts_with(&wanted)
            })
            .collect();
        if matches.is_empty() {
            matches = self.word_prefixes(&wanted);
        }
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

    /// Combatants whose words start with the query's words in turn (`gob 2`, `b cap`). Among
    /// several, a number typed whole picks the one numbered so (`gob 2` is Goblin 2, not 20).
    fn word_prefixes(&self, wanted: &str) -> Vec<usize> {
        let query: Vec<&str> = wanted.split_whitespace().collect();
        if query.len() < 2 {
            return Vec::new();
        }
        // Numbers typed whole: each must be the whole word in its place.
        let numbers_whole = |name: &str| {
            query
                .iter()
                .zip(name.split_whitespace())
                .all(|(q, w)| !q.chars().all(|c| c.is_ascii_digit()) || w == *q)
        };
        let names: Vec<String> = self.combatants.iter().map(|c| c.name.to_lowercase()).collect();
        let loose: Vec<usize> =
            (0..names.len()).filter(|&i| words_start_with(&names[i], wanted)).collect();
        let strict: Vec<usize> =
            loose.iter().copied().filter(|&i| numbers_whole(&names[i])).collect();
        if strict.len() == 1 { strict } else { loose }
    }

    /// The members of the group `query` names by its name, id or a beginning of them (`Bandit`
    /// or `ban` for Bandit 1..4), when it names a group of several and no combatant is called so.
    pub fn group_named(&self, query: &str) -> Option<Vec<usize>> {
        let wanted = crate::encounter::slug(query);
        if self
            .combatants
            .iter()
            .any(|c| c.id == wanted || c.name.eq_ignore_ascii_case(query.trim()))
        {
            return None;
        }
        let in_group = |group: &str| -> Vec<usize> {
            (0..self.combatants.len())
                .filter(|&i| self.combatants[i].group.as_deref() == Some(group))
                .collect()
        };
        let members = in_group(&wanted);
        if members.len() > 1 {
            return Some(members);
        }
        // A beginning of the group's name (`gob` for Goblin 1..4) when everyone it begins is in
        // that one group; one it begins alone is that combatant, not a group.
        let typed = query.trim().to_lowercase();
        let begun: Vec<usize> = (0..self.combatants.len())
            .filter(|&i| {
                let c = &self.combatants[i];
                !typed.is_empty()
                    && (c.id.starts_with(&typed) || c.name.to_lowercase().starts_with(&typed))
            })
            .collect();
        let group = begun.first().and_then(|&i| self.combatants[i].group.as_deref())?;
        let one_group = begun.iter().all(|&i| self.combatants[i].group.as_deref() == Some(group));
        let members = in_group(group);
        (one_group && begun.len() > 1 && members.len() > 1).then_some(members)
    }
}
