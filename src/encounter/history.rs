//! A session: the encounter's setup, the history tree of every command made with its events (what
//! a save stores; undo walks back, a new command after undo starts a branch, nothing is dropped),
//! and the state and log folded along the current line of play.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::engine::{EngineError, plan};
use super::event::Event;
use super::fold::{ApplyError, LogEntry};
use super::{Assets, Encounter};
use crate::command::Command;
use crate::rules::System;
use crate::rules::dice::DiceSource;

/// One command as applied: its canonical text and every event it caused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub command: String,
    pub events: Vec<Event>,
}

/// Fold entries into an encounter and its log. On failure, the 1-based entry that did not fit.
pub fn replay(
    system: System,
    name: &str,
    entries: &[Entry],
) -> Result<(Encounter, Vec<LogEntry>), (usize, ApplyError)> {
    let mut encounter = Encounter::new(system, name);
    let mut log = Vec::with_capacity(entries.iter().map(|e| e.events.len()).sum());
    for (n, entry) in entries.iter().enumerate() {
        for event in &entry.events {
            keep(&mut log, encounter.apply(event).map_err(|err| (n + 1, err))?);
        }
    }
    Ok((encounter, log))
}

/// Add a log line unless the event left none (a system's bookkeeping: an empty text, no roll).
fn keep(log: &mut Vec<LogEntry>, line: LogEntry) {
    if !line.text.is_empty() || line.roll.is_some() {
        log.push(line);
    }
}

/// What executing a command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Events were applied; the number of log lines they added.
    Applied {
        lines: usize,
    },
    Undone {
        command: String,
    },
    Redone {
        command: String,
    },
    /// The branches that start at the current point.
    Branches {
        branches: Vec<Branch>,
    },
    /// Moved onto branch `number` and `steps` commands along it.
    Branched {
        number: usize,
        steps: usize,
    },
    /// A fresh encounter replaced the old one.
    Started,
    /// The caller should write the encounter (to this path, or its own file).
    SaveRequested {
        path: Option<String>,
    },
}

/// One command in the history tree and where it hangs: its parent's index, or `None` at the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub entry: Entry,
    pub parent: Option<usize>,
}

/// A line of play that starts at the current point, as `branches` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// Its number in `branch N`, from 1.
    pub number: usize,
    /// The command that starts it.
    pub first: String,
    /// Commands along it, following the newest choice at each later fork.
    pub length: usize,
    /// Its order among all commands ever made (higher is newer).
    pub made: usize,
}

/// An encounter being run: the history tree (every command ever made, none dropped), the line of
/// play from the start to the current point, and the state and log folded along that line.
#[derive(Debug, Clone)]
pub struct Session {
    encounter: Encounter,
    log: Vec<LogEntry>,
    nodes: Vec<Node>,
    /// Indices into `nodes`, from the first command to the current one.
    path: Vec<usize>,
    assets: Arc<Assets>,
}

impl Session {
    pub fn new(system: System, name: &str, assets: Arc<Assets>) -> Session {
        Session {
            encounter: Encounter::new(system, name),
            log: Vec::new(),
            nodes: Vec::new(),
            path: Vec::new(),
            assets,
        }
    }

    /// Rebuild a session from a linear history and a redo stack (the next command last), as
    /// version 1 and 2 saves store them.
    pub fn from_history(
        system: System,
        name: &str,
        entries: Vec<Entry>,
        redo: Vec<Entry>,
        assets: Arc<Assets>,
    ) -> Result<Session, (usize, ApplyError)> {
        let head = entries.len().checked_sub(1);
        let nodes: Vec<Node> = entries
            .into_iter()
            .chain(redo.into_iter().rev())
            .enumerate()
            .map(|(i, entry)| Node { entry, parent: i.checked_sub(1) })
            .collect();
        Session::from_tree(system, name, nodes, head, assets)
    }

    /// Rebuild a session from its history tree and the current point. Every branch is folded, so
    /// an event that does not fit anywhere is found now; the error names the 1-based node.
    pub fn from_tree(
        system: System,
        name: &str,
        nodes: Vec<Node>,
        head: Option<usize>,
        assets: Arc<Assets>,
    ) -> Result<Session, (usize, ApplyError)> {
        for (i, node) in nodes.iter().enumerate() {
            if node.parent.is_some_and(|p| p >= i) {
                return Err((i + 1, ApplyError("a command hangs on one made after it".into())));
            }
        }
        if head.is_some_and(|h| h >= nodes.len()) {
            return Err((
                nodes.len(),
                ApplyError("the current point is past the last command".into()),
            ));
        }
        let mut session = Session::new(system, name, assets);
        session.nodes = nodes;
        session.verify_branches()?;
        let mut path = Vec::new();
        let mut at = head;
        while let Some(i) = at {
            path.push(i);
            at = session.nodes[i].parent;
        }
        path.reverse();
        session.path = path;
        session.refold()?;
        Ok(session)
    }

    /// Fold every node once, depth first, copying the state only where the tree forks.
    fn verify_branches(&self) -> Result<(), (usize, ApplyError)> {
        let children = self.children_lists();
        let start = Encounter::new(self.encounter.system, &self.encounter.name);
        let mut stack: Vec<(Option<usize>, Encounter)> = vec![(None, start)];
        while let Some((at, state)) = stack.pop() {
            let kids = match at {
                None => &children.0,
                Some(i) => &children.1[i],
            };
            let last = kids.len().saturating_sub(1);
            let mut state = Some(state);
            for (k, &child) in kids.iter().enumerate() {
                let mut next = if k == last {
                    state.take().unwrap_or_else(|| Encounter::new(self.encounter.system, ""))
                } else {
                    state.clone().unwrap_or_else(|| Encounter::new(self.encounter.system, ""))
                };
                for event in &self.nodes[child].entry.events {
                    next.apply(event).map_err(|err| (child + 1, err))?;
                }
                stack.push((Some(child), next));
            }
        }
        Ok(())
    }

    /// The children of the start and of each node, oldest first.
    fn children_lists(&self) -> (Vec<usize>, Vec<Vec<usize>>) {
        let mut roots = Vec::new();
        let mut children = vec![Vec::new(); self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate() {
            match node.parent {
                None => roots.push(i),
                Some(p) => children[p].push(i),
            }
        }
        (roots, children)
    }

    /// Fold the current line of play from an empty encounter.
    fn refold(&mut self) -> Result<(), (usize, ApplyError)> {
        let mut encounter = Encounter::new(self.encounter.system, &self.encounter.name);
        let mut log = Vec::new();
        for &i in &self.path {
            for event in &self.nodes[i].entry.events {
                keep(&mut log, encounter.apply(event).map_err(|err| (i + 1, err))?);
            }
        }
        self.encounter = encounter;
        self.log = log;
        Ok(())
    }

    pub fn encounter(&self) -> &Encounter {
        &self.encounter
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The current line of play, from the first command to the current one.
    pub fn entries(&self) -> Vec<&Entry> {
        self.path.iter().map(|&i| &self.nodes[i].entry).collect()
    }

    /// What `redo` would replay, one step at a time: the newest line onward from here.
    pub fn redo_entries(&self) -> Vec<&Entry> {
        let mut out = Vec::new();
        let mut at = self.newest_child(self.head());
        while let Some(i) = at {
            out.push(&self.nodes[i].entry);
            at = self.newest_child(Some(i));
        }
        out
    }

    /// Every command ever made, in the order made, with where each hangs.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The current command's index in [`Session::nodes`], `None` at the start.
    pub fn head(&self) -> Option<usize> {
        self.path.last().copied()
    }

    pub fn assets(&self) -> &Assets {
        &self.assets
    }

    pub fn can_undo(&self) -> bool {
        !self.path.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        self.newest_child(self.head()).is_some()
    }

    fn children(&self, of: Option<usize>) -> impl Iterator<Item = usize> + '_ {
        self.nodes.iter().enumerate().filter(move |(_, n)| n.parent == of).map(|(i, _)| i)
    }

    fn newest_child(&self, of: Option<usize>) -> Option<usize> {
        self.children(of).last()
    }

    /// The lines of play that start at the current point, oldest first.
    pub fn branches(&self) -> Vec<Branch> {
        self.children(self.head())
            .enumerate()
            .map(|(k, child)| {
                let mut length = 1;
                let mut at = self.newest_child(Some(child));
                while let Some(i) = at {
                    length += 1;
                    at = self.newest_child(Some(i));
                }
                Branch {
                    number: k + 1,
                    first: self.nodes[child].entry.command.clone(),
                    length,
                    made: child + 1,
                }
            })
            .collect()
    }

    /// Run one command. A refused command changes nothing.
    pub fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, EngineError> {
        match command {
            Command::New { system, name } => {
                let name = name.clone().unwrap_or_else(|| format!("{system} encounter"));
                *self = Session::new(*system, &name, self.assets.clone());
                Ok(Outcome::Started)
            }
            Command::Undo => {
                let Some(i) = self.path.pop() else {
                    return Err(EngineError::Refused("nothing to undo: this is the start".into()));
                };
                let command = self.nodes[i].entry.command.clone();
                if let Err((_, err)) = self.refold() {
                    self.path.push(i);
                    return Err(EngineError::Apply(err));
                }
                Ok(Outcome::Undone { command })
            }
            Command::Redo => {
                let Some(next) = self.newest_child(self.head()) else {
                    return Err(EngineError::Refused("nothing to redo".into()));
                };
                self.step_to(next).map_err(EngineError::Apply)?;
                Ok(Outcome::Redone { command: self.nodes[next].entry.command.clone() })
            }
            Command::Branches => Ok(Outcome::Branches { branches: self.branches() }),
            Command::Branch { number } => {
                let branches = self.branches();
                let Some(chosen) = branches.iter().find(|b| b.number == *number) else {
                    return Err(EngineError::Refused(match branches.len() {
                        0 => "no branch starts here: `redo` and `undo` walk the only line".into(),
                        n => format!("branch {number}: expected 1 to {n} (`branches` lists them)"),
                    }));
                };
                // Onto that branch and along it to its end (the newest choice at later forks).
                let mut at = Some(chosen.made - 1);
                let mut steps = 0;
                while let Some(i) = at {
                    self.step_to(i).map_err(EngineError::Apply)?;
                    steps += 1;
                    at = self.newest_child(Some(i));
                }
                Ok(Outcome::Branched { number: *number, steps })
            }
            Command::Save { path } => Ok(Outcome::SaveRequested { path: path.clone() }),
            _ => {
                let events = plan(&self.encounter, command, &self.assets, dice)?;
                let before = self.log.len();
                let entry = Entry { command: command.to_string(), events };
                self.nodes.push(Node { entry, parent: self.head() });
                let new = self.nodes.len() - 1;
                if let Err(err) = self.step_to(new) {
                    self.nodes.pop();
                    return Err(EngineError::Apply(err));
                }
                Ok(Outcome::Applied { lines: self.log.len() - before })
            }
        }
    }

    /// Apply a child of the current point and make it current.
    fn step_to(&mut self, node: usize) -> Result<(), ApplyError> {
        let mut next = self.encounter.clone();
        let entry = &self.nodes[node].entry;
        let mut lines = Vec::with_capacity(entry.events.len());
        for event in &entry.events {
            keep(&mut lines, next.apply(event)?);
        }
        self.encounter = next;
        self.log.extend(lines);
        self.path.push(node);
        Ok(())
    }
}
