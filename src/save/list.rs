//! The fights in a saves folder (`skirmish list`, the picker of `skirmish open`), each read
//! cheaply: the journal's header for its name and system, and its round from the last snapshot or
//! from the current line's own events, with no command planned or folded again.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use super::journal::{self, Header};
use super::peek;
use crate::encounter::{Assets, Event};
use crate::rules::System;

/// One fight as a listing shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fight {
    pub path: PathBuf,
    /// The encounter's name as its file gives it (empty when unreadable).
    pub name: String,
    pub system: Option<System>,
    /// The round it stands at on its current line of play.
    pub round: Option<u32>,
    /// When its file was last written, in seconds since 1970.
    pub modified: Option<u64>,
    /// Why it could not be read, when it could not.
    pub problem: Option<String>,
}

/// The `.ron` fights in `dir`, newest first (`.bak` copies, hidden temporary files and the
/// pointer to the last fight are not fights). A folder not made yet holds none.
pub fn fights(dir: &Path, assets: &Arc<Assets>) -> io::Result<Vec<Fight>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(err),
    };
    let mut found: Vec<Fight> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.ends_with(".ron") && !name.starts_with('.')
        })
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| {
            let modified = e
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map(|d| d.as_secs());
            read(&e.path(), modified, assets)
        })
        .collect();
    found.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| a.path.cmp(&b.path)));
    Ok(found)
}

/// One fight's listing. A journal is read without planning or folding anything; an older file
/// (one RON value) is loaded whole, as it must be converted anyway.
pub fn read(path: &Path, modified: Option<u64>, assets: &Arc<Assets>) -> Fight {
    let mut fight = Fight {
        path: path.to_path_buf(),
        name: String::new(),
        system: None,
        round: None,
        modified,
        problem: None,
    };
    let text = match super::read_text(path) {
        Ok(text) => text,
        Err(err) => {
            fight.problem = Some(err.to_string());
            return fight;
        }
    };
    if !journal::is_journal(&text) {
        match super::from_ron(&text, path, assets.clone()) {
            Ok(session) => {
                let enc = session.encounter();
                (fight.name, fight.system, fight.round) =
                    (enc.name.clone(), Some(enc.system), Some(enc.round));
            }
            Err(err) => fight.problem = Some(err.to_string()),
        }
        return fight;
    }
    if let Some(header) = text.lines().next().and_then(|l| ron::from_str::<Header>(l).ok()) {
        fight.name = header.name;
        fight.system = Some(header.system);
    }
    if let Some(glance) = peek::glance(&text) {
        fight.round = Some(glance.encounter.round);
        return fight;
    }
    match journal::read(&text) {
        Ok(read) => fight.round = Some(round_at(&read.nodes, read.head)),
        Err(damage) => {
            fight.problem = Some(format!("line {}: {}", damage.line, damage.message));
        }
    }
    fight
}

/// The round a line of play stands at: the last round begun along it (0 before the first).
fn round_at(nodes: &[crate::encounter::Node], head: Option<usize>) -> u32 {
    let mut at = head;
    while let Some(i) = at {
        let Some(node) = nodes.get(i) else { break };
        let begun = node.entry.events.iter().rev().find_map(|e| match e {
            Event::RoundStarted { round, .. } => Some(*round),
            _ => None,
        });
        if let Some(round) = begun {
            return round;
        }
        at = node.parent;
    }
    0
}
