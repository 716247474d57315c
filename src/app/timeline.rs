//! The timeline over a fight's history (`skirmish replay FILE`, the tracker's `t`), as a model of
//! its own: the line of play on screen with each step's round, turn and forks, the step shown,
//! the pace of play, the tree's other lines and a branch's default name. It knows nothing of the
//! app; the keys that move it (`timeline_keys`) show each step as the fold of the events up to
//! there, so nothing is re-rolled. Nothing here writes: a branch is handed to the runtime.

use std::path::PathBuf;

use tui_input::Input;

use crate::encounter::{Event, Session};

/// What one command along the line did to the timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The command's text.
    pub command: String,
    /// The round after it.
    pub round: u32,
    /// It started a turn (`next`, `start`, `act`).
    pub turn: bool,
    /// Other lines of play leave from the point after it.
    pub fork: bool,
    /// Log lines it added.
    pub lines: usize,
    /// When the command was made (milliseconds since 1970), if known.
    pub made: Option<u64>,
}

/// A question the timeline is asking.
#[derive(Debug, Clone)]
pub enum Prompt {
    /// `g`: which round to go to.
    Round(Input),
    /// `b`: the new file's name.
    BranchName(Input),
}

/// A line of play to pick in the history tree (`t` in the timeline): one per end of a branch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineChoice {
    /// The node the line ends at.
    pub end: usize,
    /// Commands along it.
    pub length: usize,
    /// Commands it shares with the line on screen.
    pub shared: usize,
    /// Its last command.
    pub last: String,
}

/// The timeline's state.
#[derive(Debug, Clone)]
pub struct Timeline {
    /// The fight as it is now, kept while the panes show the past (the tracker's `t`); `None` in
    /// `skirmish replay`, which has no present to return to.
    pub present: Option<Box<Session>>,
    /// The source file, for the default name of a branch (`skirmish replay` only).
    pub source: Option<PathBuf>,
    /// The nodes of the line of play on screen, from the first command to its end.
    pub line: Vec<usize>,
    pub steps: Vec<Step>,
    /// Commands applied: 0 is the empty start, `line.len()` the end.
    pub at: usize,
    pub playing: bool,
    /// Milliseconds between steps while playing.
    pub pace_ms: u64,
    /// Play at the pace the fight was played (`replay --pace real`): each wait the time between
    /// the two commands' records, at most [`REAL_CAP_MS`]; `pace_ms` where a time is missing.
    pub real: bool,
    pub prompt: Option<Prompt>,
    /// The history tree's lines, when the list is open, and the one highlighted.
    pub choices: Option<(Vec<LineChoice>, usize)>,
    /// A file name chosen with `b`, waiting for the runtime to check it is free.
    pub branch_to: Option<PathBuf>,
}

/// Slowest and fastest pace of play.
pub const PACE_MS: (u64, u64) = (100, 10_000);

/// The longest wait between two steps played at the fight's own pace: a pause at the table (a
/// rules question, a break) plays as ten seconds.
pub const REAL_CAP_MS: u64 = 10_000;

impl Timeline {
    /// A timeline over `session`'s current line of play and on to its newest end, at the current
    /// point.
    pub fn new(session: &Session, source: Option<PathBuf>, pace_ms: u64) -> Timeline {
        let end = newest_end(session, session.head());
        let mut timeline = Timeline {
            present: None,
            source,
            line: Vec::new(),
            steps: Vec::new(),
            at: 0,
            playing: false,
            pace_ms: pace_ms.clamp(PACE_MS.0, PACE_MS.1),
            real: false,
            prompt: None,
            choices: None,
            branch_to: None,
        };
        timeline.set_line(session, end);
        timeline.at = session.entries().len();
        timeline
    }

    /// Show the line of play ending at `end`.
    pub(super) fn set_line(&mut self, session: &Session, end: Option<usize>) {
        self.line = session.path_to(end);
        let nodes = session.nodes();
        let mut children = vec![0usize; nodes.len()];
        for node in nodes {
            if let Some(p) = node.parent {
                children[p] += 1;
            }
        }
        let mut round = 0;
        self.steps = self
            .line
            .iter()
            .map(|&i| {
                let entry = &nodes[i].entry;
                let mut turn = false;
                for event in &entry.events {
                    match event {
                        Event::RoundStarted { round: r } => round = *r,
                        Event::TurnStarted { .. } | Event::Acted { .. } => turn = true,
                        _ => {}
                    }
                }
                Step {
                    command: entry.command.clone(),
                    round,
                    turn,
                    fork: children[i] > 1,
                    lines: entry.events.len(),
                    made: nodes[i].made,
                }
            })
            .collect();
        self.at = self.at.min(self.line.len());
    }

    /// The wait before the step after step `at` while playing, in milliseconds: the set pace,
    /// or at the fight's own pace the time between the two commands (at most [`REAL_CAP_MS`];
    /// the set pace before the first step and where either has no time).
    pub fn wait_after(&self, at: usize) -> u64 {
        let made = |k: usize| k.checked_sub(1).and_then(|i| self.steps.get(i)).and_then(|s| s.made);
        match (self.real, made(at), made(at.saturating_add(1))) {
            (true, Some(this), Some(next)) => next.saturating_sub(this).min(REAL_CAP_MS),
            _ => self.pace_ms,
        }
    }

    /// The wait before the next step while playing, in milliseconds.
    pub fn wait_ms(&self) -> u64 {
        self.wait_after(self.at)
    }

    /// The node the panes should show (`None`: the start).
    pub fn node(&self) -> Option<usize> {
        self.at.checked_sub(1).and_then(|i| self.line.get(i).copied())
    }

    /// The round at step `at` (0 before the fight).
    pub fn round_at(&self, at: usize) -> u32 {
        at.checked_sub(1).and_then(|i| self.steps.get(i)).map_or(0, |s| s.round)
    }

    /// The last round of the line.
    pub fn last_round(&self) -> u32 {
        self.steps.last().map_or(0, |s| s.round)
    }

    /// The step before the turn at `at`, or the turn before it: where `[` goes.
    pub(super) fn turn_back(&self) -> usize {
        (0..self.at.saturating_sub(1))
            .rev()
            .find(|&k| self.steps.get(k).is_some_and(|s| s.turn))
            .map_or(0, |k| k + 1)
    }

    /// The next step that starts a turn: where `]` goes.
    pub(super) fn turn_forward(&self) -> usize {
        (self.at..self.steps.len())
            .find(|&k| self.steps[k].turn)
            .map_or(self.steps.len(), |k| k + 1)
    }

    /// The first step of round `round` (the step that started it), or the nearest.
    pub fn start_of_round(&self, round: u32) -> usize {
        if round == 0 {
            return 0;
        }
        self.steps.iter().position(|s| s.round >= round).map_or(self.steps.len(), |k| k + 1)
    }

    /// Every line of play in the tree, one per end, newest first.
    pub fn choices(&self, session: &Session) -> Vec<LineChoice> {
        let nodes = session.nodes();
        let mut has_child = vec![false; nodes.len()];
        for node in nodes {
            if let Some(p) = node.parent {
                has_child[p] = true;
            }
        }
        (0..nodes.len())
            .rev()
            .filter(|&i| !has_child[i])
            .map(|end| {
                let path = session.path_to(Some(end));
                let shared = path.iter().zip(&self.line).take_while(|(a, b)| a == b).count();
                LineChoice {
                    end,
                    length: path.len(),
                    shared,
                    last: nodes[end].entry.command.clone(),
                }
            })
            .collect()
    }

    /// The default name of a branch from the step on screen: `NAME-branch-N.ron` beside the
    /// source, N the number of commands kept.
    pub fn branch_name(&self) -> String {
        let stem = self
            .source
            .as_ref()
            .and_then(|p| p.file_stem())
            .and_then(|s| s.to_str())
            .unwrap_or("fight");
        let name = format!("{stem}-branch-{}.ron", self.at);
        match self.source.as_ref().and_then(|p| p.parent()) {
            Some(dir) if !dir.as_os_str().is_empty() => dir.join(name).display().to_string(),
            _ => name,
        }
    }
}

/// The newest end reached from `from` following the newest choice at each fork (what redo would
/// replay).
fn newest_end(session: &Session, from: Option<usize>) -> Option<usize> {
    let nodes = session.nodes();
    // The newest child of each node, and of the start (the last slot).
    let mut newest = vec![None; nodes.len() + 1];
    for (i, node) in nodes.iter().enumerate() {
        newest[node.parent.unwrap_or(nodes.len())] = Some(i);
    }
    let mut at = from;
    while let Some(next) = newest.get(at.unwrap_or(nodes.len())).copied().flatten() {
        at = Some(next);
    }
    at
}

/// The session of a branch: the line of play up to `node`, as a fight of its own.
pub fn branch_session(session: &Session, node: Option<usize>) -> Result<Session, String> {
    let enc = session.encounter();
    // Each command keeps the time it was made.
    let nodes: Vec<crate::encounter::Node> = session
        .path_to(node)
        .into_iter()
        .enumerate()
        .map(|(k, i)| crate::encounter::Node {
            parent: k.checked_sub(1),
            ..session.nodes()[i].clone()
        })
        .collect();
    let head = nodes.len().checked_sub(1);
    let assets = std::sync::Arc::new(session.assets().clone());
    Session::from_tree(enc.system, &enc.name, nodes, head, assets)
        .map_err(|failed| failed.to_string())
}
