//! Completion of the word under the cursor from the command table: command names, then what
//! each argument's kind offers (combatants, conditions, weapons, creatures, systems, the system's
//! actions, flags, files' paths).

use super::table::{ArgKind, ROLL, commands, find};
use crate::rules::System;

/// What completion can offer besides command names.
#[derive(Debug, Clone, Default)]
pub struct CompletionContext {
    /// The encounter's system: its commands are offered besides the core ones.
    pub system: Option<System>,
    pub combatants: Vec<String>,
    pub conditions: Vec<String>,
    pub weapons: Vec<String>,
    /// The names in the encounter's system's bestiary, offered after `add`.
    pub creatures: Vec<String>,
    /// Where a file's path is typed (`import FILE`): the paths that begin with the word so far
    /// (the tracker lists its folders; none here, where nothing is read).
    pub paths: Option<fn(&str) -> Vec<String>>,
}

/// Split a line being typed into finished words and the word under the cursor, honouring
/// double quotes the way the tokenizer does.
fn words_so_far(line: &str) -> (Vec<String>, String) {
    let (mut done, mut word) = (Vec::new(), String::new());
    let (mut in_word, mut in_quote, mut escaped) = (false, false, false);
    for c in line.chars() {
        if escaped {
            word.push(c);
            escaped = false;
        } else if in_quote && c == '\\' {
            escaped = true;
        } else if c == '"' {
            in_quote = !in_quote;
            in_word = true;
        } else if c.is_whitespace() && !in_quote {
            if in_word {
                done.push(std::mem::take(&mut word));
                in_word = false;
            }
        } else {
            word.push(c);
            in_word = true;
        }
    }
    (done, word)
}

/// Completions for the word under the cursor at the end of `line`: whole replacement words,
/// quoted as the command language needs, sorted.
pub fn complete(line: &str, ctx: &CompletionContext) -> Vec<String> {
    let (done, partial) = words_so_far(line);
    let prefix = partial.to_lowercase();
    let matching = |items: &mut dyn Iterator<Item = &str>| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for item in items.filter(|i| i.to_lowercase().starts_with(&prefix)) {
            let word = super::display::quote(item);
            if !out.contains(&word) {
                out.push(word);
            }
        }
        out.sort_by_key(|w| w.trim_matches('"').to_lowercase());
        out
    };
    let Some(first) = done.first() else {
        return matching(&mut commands(ctx.system).map(|c| c.name));
    };
    let Some(spec) = find(first, ctx.system) else {
        return Vec::new();
    };
    if std::ptr::eq(spec, &ROLL.spec) {
        let is_for = |w: &String| w.eq_ignore_ascii_case("for");
        let for_at = done.iter().position(is_for);
        return match for_at {
            // `roll for …` has no expression yet; after the name nothing more is taken.
            Some(1) => Vec::new(),
            Some(at) if at + 1 == done.len() => {
                matching(&mut ctx.combatants.iter().map(String::as_str))
            }
            Some(_) => Vec::new(),
            None if done.len() >= 2 => matching(&mut std::iter::once("for")),
            None => Vec::new(),
        };
    }
    let index = done.len() - 1;
    let kind = spec
        .args
        .get(index)
        .map(|a| a.kind)
        .or_else(|| spec.args.last().filter(|a| a.kind == ArgKind::Fields).map(|a| a.kind));
    match kind {
        Some(ArgKind::System) => matching(&mut System::ALL.iter().map(|s| s.key())),
        Some(ArgKind::Combatant) => matching(&mut ctx.combatants.iter().map(String::as_str)),
        Some(ArgKind::Condition) => matching(&mut ctx.conditions.iter().map(String::as_str)),
        Some(ArgKind::Weapon) => matching(&mut ctx.weapons.iter().map(String::as_str)),
        Some(ArgKind::Creature) => matching(&mut ctx.creatures.iter().map(String::as_str)),
        Some(ArgKind::Word(word)) => matching(&mut std::iter::once(word)),
        Some(ArgKind::Path) => match ctx.paths {
            Some(paths) => {
                let found = paths(&partial);
                let mut words = matching(&mut found.iter().map(String::as_str));
                // A folder stays open to go on into: a quoted one is not closed yet.
                for word in &mut words {
                    if word.ends_with("/\"") {
                        word.pop();
                    }
                }
                words
            }
            None => Vec::new(),
        },
        // The system's actions (GURPS: its maneuvers).
        Some(ArgKind::Action) => match ctx.system {
            Some(system) => matching(&mut system.rules().spec().actions.iter().map(|a| a.key)),
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}
