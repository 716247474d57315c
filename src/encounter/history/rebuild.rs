//! A session rebuilt from a saved history tree: every branch folded once (an event that does not
//! fit is named with its command), the line redo takes traced again, and walks over every command.

use std::sync::Arc;

use super::{Branch, LOG_KEPT, Node, SNAPSHOT_EVERY, Session, Tree, keep, trim};
use crate::encounter::fold::ApplyError;
use crate::encounter::{Assets, Encounter, Entry};
use crate::rules::System;

/// A saved history that does not fold: the 1-based command that did not fit, its text and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoldError {
    pub entry: usize,
    pub command: String,
    pub error: ApplyError,
}

impl std::fmt::Display for FoldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "command {}: {}", self.entry, self.error)
    }
}

impl Session {
    /// The lines of play that start at the current point, oldest first. Each one's length walks
    /// it to its end: for the `branches` command, not for every frame ([`Session::forks_here`]).
    pub fn branches(&self) -> Vec<Branch> {
        self.tree
            .children(self.head())
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

    /// Rebuild a session from a linear history and a redo stack (the next command last), as
    /// version 1 and 2 saves store them.
    pub fn from_history(
        system: System,
        name: &str,
        entries: Vec<Entry>,
        redo: Vec<Entry>,
        assets: Arc<Assets>,
    ) -> Result<Session, FoldError> {
        let head = entries.len().checked_sub(1);
        let nodes: Vec<Node> = entries
            .into_iter()
            .chain(redo.into_iter().rev())
            .enumerate()
            .map(|(i, entry)| Node { entry, parent: i.checked_sub(1), made: None })
            .collect();
        Session::from_tree(system, name, nodes, head, assets)
    }

    /// Rebuild a session from its history tree and the current point. Every branch is folded
    /// once, so an event that does not fit anywhere is found now (the error names the 1-based
    /// node); the same fold leaves the current line's state, log and snapshots.
    pub fn from_tree(
        system: System,
        name: &str,
        nodes: Vec<Node>,
        head: Option<usize>,
        assets: Arc<Assets>,
    ) -> Result<Session, FoldError> {
        let mut session = Session::new(system, name, assets);
        // The nodes are kept as they came: pushing them one by one would hold two copies.
        session.nodes = nodes;
        let fail = |session: &Session, entry: usize, error: ApplyError| FoldError {
            entry,
            command: session.command_of(entry).unwrap_or_default().to_string(),
            error,
        };
        match Tree::of_parents(session.nodes.iter().map(|n| n.parent)) {
            Ok(tree) => session.tree = tree,
            Err((i, error)) => return Err(fail(&session, i + 1, error)),
        }
        if head.is_some_and(|h| h >= session.nodes.len()) {
            let error = ApplyError("the current point is past the last command".into());
            return Err(fail(&session, session.nodes.len(), error));
        }
        let mut path = Vec::new();
        let mut at = head;
        while let Some(i) = at {
            path.push(i);
            at = session.nodes[i].parent;
        }
        path.reverse();
        // Redo goes on along the line the file was left on.
        for &i in &path {
            session.take_line(i);
        }
        session.fold_tree(&path).map_err(|(entry, error)| fail(&session, entry, error))?;
        Ok(session)
    }

    /// Mark the children `redo` takes as a session moving through `visits` (each current point
    /// in turn, as a journal records them) would have: every command stepped onto on the way
    /// becomes its parent's. Only the steps between one point and the next are walked, as
    /// [`Session::jump`] walks them; nothing is folded.
    pub fn retrace(&mut self, visits: &[Option<usize>]) {
        let mut line: Vec<usize> = Vec::new();
        for &visit in visits {
            let mut below = Vec::new();
            let mut at = visit;
            let shared = loop {
                let Some(i) = at else { break 0 };
                if let Ok(depth) = line.binary_search(&i) {
                    break depth + 1;
                }
                let Some(node) = self.nodes.get(i) else { return };
                below.push(i);
                at = node.parent;
            };
            line.truncate(shared);
            for &i in below.iter().rev() {
                line.push(i);
                self.take_line(i);
            }
        }
    }

    /// Make `node` the child `redo` takes from its parent: the line of play now goes through it.
    pub(super) fn take_line(&mut self, node: usize) {
        if let Some(n) = self.nodes.get(node) {
            self.tree.take(n.parent, node);
        }
    }

    /// The text of command `entry` (from 1, in the order made).
    fn command_of(&self, entry: usize) -> Option<&str> {
        let node = self.nodes.get(entry.checked_sub(1)?)?;
        Some(&node.entry.command)
    }

    /// Fold every node once, depth first, copying the state only where the tree forks (cheap:
    /// copies share combatants), keeping snapshots along every line, and the log and state of
    /// `path`, which becomes the current line.
    fn fold_tree(&mut self, path: &[usize]) -> Result<(), (usize, ApplyError)> {
        let mut on_path = vec![false; self.nodes.len()];
        for &n in path {
            if let Some(flag) = on_path.get_mut(n) {
                *flag = true;
            }
        }
        // A command on the path is folded after the one before it on the path (its parent), so
        // the path's lines arrive in order and go straight into one log.
        let lines: usize =
            path.iter().filter_map(|&n| self.nodes.get(n)).map(|n| n.entry.events.len()).sum();
        let mut log = Vec::with_capacity(lines.min(2 * LOG_KEPT + 64));
        let mut log_from = 0;
        let mut marks = Vec::with_capacity(path.len());
        let start = Encounter::new(self.encounter.system, &self.encounter.name);
        let mut current = if path.is_empty() { Some(start.clone()) } else { None };
        // (node, depth of its children, state after it)
        let mut stack: Vec<(Option<usize>, usize, Encounter)> = vec![(None, 1, start)];
        while let Some((at, depth, state)) = stack.pop() {
            let kids = self.tree.count(at);
            let mut state = Some(state);
            for (k, child) in self.tree.children(at).enumerate() {
                let mut next = if k + 1 == kids {
                    state.take().unwrap_or_else(|| Encounter::new(self.encounter.system, ""))
                } else {
                    state.clone().unwrap_or_else(|| Encounter::new(self.encounter.system, ""))
                };
                let keep = on_path.get(child).copied().unwrap_or(false);
                if keep {
                    marks.push(log_from + log.len());
                }
                for event in &self.nodes[child].entry.events {
                    let line = next.apply(event).map_err(|err| (child + 1, err))?;
                    if keep {
                        self::keep(&mut log, line);
                    }
                }
                if keep {
                    trim(&mut log, &mut log_from, &marks);
                }
                if depth.is_multiple_of(SNAPSHOT_EVERY) {
                    self.snapshots.insert(child, next.clone());
                }
                if path.last() == Some(&child) {
                    current = Some(next.clone());
                }
                stack.push((Some(child), depth + 1, next));
            }
        }
        self.path = path.to_vec();
        log.shrink_to_fit();
        self.log = log;
        self.log_from = log_from;
        self.marks = marks;
        if let Some(encounter) = current {
            self.encounter = encounter;
        }
        Ok(())
    }

    /// Visit every command ever made with the state just before it (its parent's), depth first,
    /// copying the state only where the tree forks; a visit returning an error stops the walk.
    pub fn walk<E>(
        &self,
        mut visit: impl FnMut(usize, &Node, &Encounter) -> Result<(), E>,
    ) -> Result<(), E> {
        let start = Encounter::new(self.encounter.system, &self.encounter.name);
        let mut stack: Vec<(Option<usize>, Encounter)> = vec![(None, start)];
        while let Some((at, state)) = stack.pop() {
            for child in self.tree.children(at) {
                let node = &self.nodes[child];
                visit(child, node, &state)?;
                let mut next = state.clone();
                // Every node folded when the session was built; one that does not fit ends here.
                if node.entry.events.iter().all(|e| next.apply(e).is_ok()) {
                    stack.push((Some(child), next));
                }
            }
        }
        Ok(())
    }
}
