//! A session: the encounter's setup, the history tree of every command made with its events (what
//! a save stores; undo walks back, a new command after undo starts a branch, nothing is dropped),
//! and the state and log folded along the current line of play.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

mod clock;
mod lines_from;
mod rebuild;
mod tree;

pub use rebuild::FoldError;
use tree::Tree;

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
pub fn keep(log: &mut Vec<LogEntry>, line: LogEntry) {
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
    /// The alerts waiting in the order, a line each (`alerts`).
    Alerts(Vec<String>),
    /// The caller should write the encounter (to this path, or its own file).
    SaveRequested {
        path: Option<String>,
        overwrite: bool,
    },
}

/// One command in the history tree and where it hangs: its parent's index, or `None` at the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub entry: Entry,
    pub parent: Option<usize>,
    /// When it was made, in milliseconds since 1970, if known: kept beside the fold, never in it.
    pub made: Option<u64>,
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

/// Commands between snapshots along a line of play: undo and jumps fold at most this many.
const SNAPSHOT_EVERY: usize = 256;

/// Log lines a session keeps at least (those of its newest commands; it holds up to twice as
/// many before it lets the oldest go): a long fight's older lines are folded again from the
/// snapshots when something asks for them, so its memory does not grow with its length.
pub const LOG_KEPT: usize = 2048;

/// An encounter being run: the history tree (every command ever made, none dropped), the line of
/// play from the start to the current point, and the state and log folded along that line.
///
/// Snapshots of the state every [`SNAPSHOT_EVERY`] commands along any line played (cheap: they
/// share unchanged combatants) let undo and jumps fold a few commands instead of the whole fight.
#[derive(Debug, Clone)]
pub struct Session {
    encounter: Encounter,
    /// The current line's log from line `log_from` on (older lines are let go: [`LOG_KEPT`]).
    log: Vec<LogEntry>,
    log_from: usize,
    nodes: Vec<Node>,
    /// Who hangs under whom, kept as nodes are hung: each node's children and how many, and the
    /// child `redo` takes from each (the one made last, or the one the line of play last went
    /// through: `branch N`, a jump, a reload).
    tree: Tree,
    /// Indices into `nodes`, from the first command to the current one.
    path: Vec<usize>,
    /// Where each command of `path` starts in the whole log (its length before that command).
    marks: Vec<usize>,
    /// The state after a node, for nodes at a depth that is a multiple of [`SNAPSHOT_EVERY`].
    snapshots: HashMap<usize, Encounter>,
    /// The state before the first command of the tree: a fresh encounter, or a preview's
    /// snapshot (its tree holds only the commands made after it).
    base: Option<Box<Encounter>>,
    assets: Arc<Assets>,
}

impl Session {
    pub fn new(system: System, name: &str, assets: Arc<Assets>) -> Session {
        Session {
            encounter: Encounter::new(system, name),
            log: Vec::new(),
            log_from: 0,
            nodes: Vec::new(),
            tree: Tree::new(),
            path: Vec::new(),
            marks: Vec::new(),
            snapshots: HashMap::new(),
            base: None,
            assets,
        }
    }

    /// A session showing a state without its history (a long journal's snapshot, on screen while
    /// the history is read), with the log's newest lines only: commands made from here hang on
    /// the snapshot (the start of this tree), and undo goes back as far as it.
    pub fn preview(encounter: Encounter, log: Vec<LogEntry>, assets: Arc<Assets>) -> Session {
        let base = Some(Box::new(encounter.clone()));
        Session { encounter, log, base, ..Session::new(System::WOIN, "", assets) }
    }

    /// Add a node to the tree (it becomes its parent's newest child).
    fn hang(&mut self, node: Node) -> Result<usize, ApplyError> {
        let index = self.tree.hang(node.parent)?;
        self.nodes.push(node);
        Ok(index)
    }

    /// The state after the first `depth` commands of the current line, folded from the nearest
    /// snapshot at or before it.
    fn state_at(&self, depth: usize) -> Result<Encounter, ApplyError> {
        let mut from = depth - depth % SNAPSHOT_EVERY;
        let mut state = loop {
            if from == 0 {
                break match &self.base {
                    Some(base) => (**base).clone(),
                    None => Encounter::new(self.encounter.system, &self.encounter.name),
                };
            }
            if let Some(snapshot) = self.snapshots.get(&self.path[from - 1]) {
                break snapshot.clone();
            }
            from -= SNAPSHOT_EVERY;
        };
        for &i in &self.path[from..depth] {
            for event in &self.nodes[i].entry.events {
                state.apply(event)?;
            }
        }
        Ok(state)
    }

    /// Cut the current line back to its first `depth` commands.
    fn truncate(&mut self, depth: usize) -> Result<(), ApplyError> {
        if depth >= self.path.len() {
            return Ok(());
        }
        self.encounter = self.state_at(depth)?;
        let end = self.marks[depth];
        if end >= self.log_from {
            self.log.truncate(end - self.log_from);
        } else {
            // Back past the lines kept: fold the newest ones before this point again.
            let from = self.marks[..depth].partition_point(|&m| m.saturating_add(LOG_KEPT) <= end);
            let from = from.saturating_sub(1);
            self.log = self.lines_of(from, depth)?;
            self.log_from = self.marks[from];
        }
        self.path.truncate(depth);
        self.marks.truncate(depth);
        Ok(())
    }

    /// The log lines of commands `from..to` of the current line, folded again from the snapshot
    /// nearest before them.
    fn lines_of(&self, from: usize, to: usize) -> Result<Vec<LogEntry>, ApplyError> {
        let mut state = self.state_at(from)?;
        let mut log = Vec::new();
        for &i in &self.path[from..to] {
            for event in &self.nodes[i].entry.events {
                keep(&mut log, state.apply(event)?);
            }
        }
        Ok(log)
    }

    /// Let the oldest lines go once more than twice [`LOG_KEPT`] are held, down to the first
    /// line of the command that holds the newest `LOG_KEPT`th one.
    fn trim_log(&mut self) {
        trim(&mut self.log, &mut self.log_from, &self.marks);
    }

    /// Make `node` (`None`: the start) the current point, along its own line: back to where the
    /// two lines part, then forward. Only the commands between the two points are walked: a
    /// command hangs on one made before it, so the current line's indices rise and a search
    /// finds where `node`'s line joins it.
    pub fn jump(&mut self, node: Option<usize>) -> Result<(), ApplyError> {
        let mut line = Vec::new();
        let mut at = node;
        let shared = loop {
            let Some(i) = at else { break 0 };
            if let Ok(depth) = self.path.binary_search(&i) {
                break depth + 1;
            }
            let node =
                self.nodes.get(i).ok_or_else(|| ApplyError(format!("no command {}", i + 1)))?;
            line.push(i);
            at = node.parent;
        };
        self.truncate(shared)?;
        for &i in line.iter().rev() {
            self.step_to(i)?;
        }
        Ok(())
    }

    pub fn encounter(&self) -> &Encounter {
        &self.encounter
    }

    /// The newest lines of the current line's log: every line from [`Session::log_start`] on
    /// (all of them in a fight shorter than a few thousand lines).
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The index in the whole log of the first line [`Session::log`] holds.
    pub fn log_start(&self) -> usize {
        self.log_from
    }

    /// How many lines the current line's whole log has.
    pub fn log_total(&self) -> usize {
        self.log_from + self.log.len()
    }

    /// The whole log of the current line: the lines held, or, in a long fight whose oldest
    /// lines were let go, every line folded again from the start (a report or a script that
    /// prints every line needs them all; [`Session::each_line`] does not hold them).
    pub fn whole_log(&self) -> Result<Cow<'_, [LogEntry]>, ApplyError> {
        if self.log_from == 0 {
            return Ok(Cow::Borrowed(&self.log));
        }
        let mut log = Vec::with_capacity(self.log_total());
        self.each_line(|line| log.push(line.clone()))?;
        Ok(Cow::Owned(log))
    }

    /// Every line of the current line's whole log in order, the ones let go folded again from
    /// the start one command at a time, so that they are never all held at once.
    pub fn each_line(&self, mut visit: impl FnMut(&LogEntry)) -> Result<(), ApplyError> {
        let older = self.marks.partition_point(|&m| m < self.log_from);
        if older > 0 {
            let mut state = self.state_at(0)?;
            let mut lines = Vec::new();
            for &i in &self.path[..older] {
                for event in &self.nodes[i].entry.events {
                    keep(&mut lines, state.apply(event)?);
                }
                lines.drain(..).for_each(|line| visit(&line));
            }
        }
        self.log.iter().for_each(visit);
        Ok(())
    }

    /// Fold and keep about [`LOG_KEPT`] older lines (the log scrolled back); whether any were.
    pub fn extend_log_back(&mut self) -> Result<bool, ApplyError> {
        if self.log_from == 0 {
            return Ok(false);
        }
        let to = self.marks.partition_point(|&m| m < self.log_from);
        let want = self.log_from.saturating_sub(LOG_KEPT);
        let from = self.marks[..to].partition_point(|&m| m <= want).saturating_sub(1);
        let mut older = self.lines_of(from, to)?;
        older.append(&mut self.log);
        self.log = older;
        self.log_from = self.marks.get(from).copied().unwrap_or(0);
        Ok(true)
    }

    /// The current line of play, from the first command to the current one.
    pub fn entries(&self) -> Vec<&Entry> {
        self.path.iter().map(|&i| &self.nodes[i].entry).collect()
    }

    /// How many commands the current line holds.
    pub fn depth(&self) -> usize {
        self.path.len()
    }

    /// The current line as indices into [`Session::nodes`], and where each command's log lines
    /// start in the whole log (subtract [`Session::log_start`] for an index into
    /// [`Session::log`]).
    pub fn line(&self) -> (&[usize], &[usize]) {
        (&self.path, &self.marks)
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

    /// The bestiary and tables, to share with another session.
    pub fn shared_assets(&self) -> Arc<Assets> {
        self.assets.clone()
    }

    pub fn can_undo(&self) -> bool {
        !self.path.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        self.newest_child(self.head()).is_some()
    }

    fn newest_child(&self, of: Option<usize>) -> Option<usize> {
        self.tree.newest(of)
    }

    /// How many lines of play start at the current point (what [`Session::branches`] would
    /// list), without walking them: cheap enough for every frame at any length of history.
    pub fn forks_here(&self) -> usize {
        self.tree.count(self.head())
    }

    /// Run one command, its time unknown. A refused command changes nothing.
    pub fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, EngineError> {
        self.execute_at(command, dice, None)
    }

    /// Run one command made at `made` (milliseconds since 1970, from the caller's clock): a
    /// new command keeps it beside its events. A refused command changes nothing.
    pub fn execute_at(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
        made: Option<u64>,
    ) -> Result<Outcome, EngineError> {
        match command {
            Command::New { system, name } => {
                let name = name.clone().unwrap_or_else(|| format!("{system} encounter"));
                *self = Session::new(*system, &name, self.assets.clone());
                Ok(Outcome::Started)
            }
            Command::Undo => {
                let Some(&i) = self.path.last() else {
                    return Err(EngineError::Refused("nothing to undo: this is the start".into()));
                };
                self.truncate(self.path.len() - 1)?;
                Ok(Outcome::Undone { command: self.nodes[i].entry.command.clone() })
            }
            Command::Redo => {
                let Some(next) = self.newest_child(self.head()) else {
                    return Err(EngineError::Refused("nothing to redo".into()));
                };
                self.step_to(next).map_err(EngineError::Apply)?;
                Ok(Outcome::Redone { command: self.nodes[next].entry.command.clone() })
            }
            Command::Branches => Ok(Outcome::Branches { branches: self.branches() }),
            Command::Alerts => Ok(Outcome::Alerts(self.encounter().alert_lines())),
            Command::Branch { number } => {
                let chosen =
                    number.checked_sub(1).and_then(|k| self.tree.children(self.head()).nth(k));
                let Some(chosen) = chosen else {
                    return Err(EngineError::Refused(match self.forks_here() {
                        0 => "no branch starts here: `redo` and `undo` walk the only line".into(),
                        n => format!("branch {number}: expected 1 to {n} (`branches` lists them)"),
                    }));
                };
                // Onto that branch and along it to its end (the newest choice at later forks).
                let mut at = Some(chosen);
                let mut steps = 0;
                while let Some(i) = at {
                    self.step_to(i).map_err(EngineError::Apply)?;
                    steps += 1;
                    at = self.newest_child(Some(i));
                }
                Ok(Outcome::Branched { number: *number, steps })
            }
            Command::Save { path, overwrite } => {
                Ok(Outcome::SaveRequested { path: path.clone(), overwrite: *overwrite })
            }
            Command::Export { .. } => Err(EngineError::Refused(
                "`export` writes a report from the tracker; in a shell, `skirmish export FILE`"
                    .into(),
            )),
            Command::Verb(verb) => {
                let mut events = plan(&self.encounter, verb, &self.assets, dice)?;
                events.shrink_to_fit();
                let before = self.log_total();
                let entry = Entry { command: command.to_string(), events };
                let node = Node { entry, parent: self.head(), made };
                self.grow(node).map_err(EngineError::Apply)?;
                Ok(Outcome::Applied { lines: self.log_total() - before })
            }
        }
    }

    /// Add a command read from a journal after the session was built (a fight followed as its
    /// writer plays): its recorded events are applied after its parent, nothing planned or
    /// re-rolled, and it becomes the current point — as [`Session::from_tree`] would leave it
    /// with this node last, without folding the history again. Its index in
    /// [`Session::nodes`]; when an event does not fit the node is left out (the current point
    /// may have moved to its parent).
    pub fn add_recorded(&mut self, node: Node) -> Result<usize, ApplyError> {
        if node.parent.is_some_and(|p| p >= self.nodes.len()) {
            return Err(ApplyError("a command hangs on one made after it".into()));
        }
        self.jump(node.parent)?;
        self.grow(node)
    }

    /// Hang a child of the current point and make it current; should its events not fit, nothing
    /// changes. The events go in before the node is hung, so a failure never touches the tree.
    fn grow(&mut self, node: Node) -> Result<usize, ApplyError> {
        let held = self.log.len();
        let fitted = fold_in(&mut self.encounter, &mut self.log, &node.entry.events);
        match fitted.and_then(|()| self.hang(node)) {
            Ok(new) => {
                self.enter(new, self.log_from + held);
                Ok(new)
            }
            Err(err) => {
                self.fold_back(held)?;
                Err(err)
            }
        }
    }

    /// The nodes from the first command to `node`, in order (empty for `None`, the start).
    pub fn path_to(&self, node: Option<usize>) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = node.filter(|&n| n < self.nodes.len());
        while let Some(i) = at {
            path.push(i);
            at = self.nodes[i].parent;
        }
        path.reverse();
        path
    }

    /// Make `node` the current point (`None`: the start), with the state and log folded along
    /// the line to it: a look back at the fight as it stood then, with nothing re-rolled and no
    /// turn-start hook run again (replay and the timeline use it). Folds from the nearest
    /// snapshot, never from the start.
    pub fn jump_to(&mut self, node: Option<usize>) -> Result<(), ApplyError> {
        if node.is_some_and(|n| n >= self.nodes.len()) {
            return Err(ApplyError("no such command in the history".into()));
        }
        self.jump(node)
    }

    /// Apply a child of the current point and make it current. Its events were checked when it
    /// was planned or loaded; should one not fit, the state is folded back and nothing changes.
    fn step_to(&mut self, node: usize) -> Result<(), ApplyError> {
        let held = self.log.len();
        let events = &self.nodes[node].entry.events;
        if let Err(err) = fold_in(&mut self.encounter, &mut self.log, events) {
            self.fold_back(held)?;
            return Err(err);
        }
        self.enter(node, self.log_from + held);
        Ok(())
    }

    /// Undo a partial [`fold_in`] after the current point: the log back to `held` lines, the
    /// state folded again from the nearest snapshot.
    fn fold_back(&mut self, held: usize) -> Result<(), ApplyError> {
        self.log.truncate(held);
        self.encounter = self.state_at(self.path.len())?;
        Ok(())
    }

    /// `node`, whose events are applied and whose log lines start at line `mark` of the whole
    /// log, becomes the current point.
    fn enter(&mut self, node: usize, mark: usize) {
        self.path.push(node);
        self.marks.push(mark);
        self.trim_log();
        self.take_line(node);
        if self.path.len().is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.entry(node).or_insert_with(|| self.encounter.clone());
        }
    }
}

/// Let the oldest lines of `log` (which starts at line `from` of the whole log) go once it holds
/// more than twice [`LOG_KEPT`], keeping whole commands (`marks`: where each starts).
fn trim(log: &mut Vec<LogEntry>, from: &mut usize, marks: &[usize]) {
    if log.len() <= 2 * LOG_KEPT {
        return;
    }
    let keep_from = *from + log.len() - LOG_KEPT;
    let start = marks.partition_point(|&m| m <= keep_from).checked_sub(1).map_or(0, |d| marks[d]);
    if start > *from {
        log.drain(..start - *from);
        *from = start;
        // A log scrolled far back held many more lines for a while: give their room back.
        if log.capacity() > 8 * LOG_KEPT {
            log.shrink_to(4 * LOG_KEPT);
        }
    }
}

/// Apply `events` to `encounter`, their lines onto `log`; stops at the first that does not fit
/// (what was applied before it stays: the caller folds back).
fn fold_in(
    encounter: &mut Encounter,
    log: &mut Vec<LogEntry>,
    events: &[Event],
) -> Result<(), ApplyError> {
    for event in events {
        keep(log, encounter.apply(event)?);
    }
    Ok(())
}
