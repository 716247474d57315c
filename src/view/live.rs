//! The players' view kept up to date as a followed fight changes (`skirmish watch`): what they
//! have seen is kept command by command along the line of play, so a command added or undone
//! costs that command alone, not a walk over the whole fight.

use super::{PlayerView, PlayersSee, Seen, fight_shown, project_newest};
use crate::encounter::{Encounter, Session};

/// Where what the players had seen stood before one command of the line.
#[derive(Debug, Clone, Copy)]
struct Cut {
    log: usize,
    marks: usize,
    round: u32,
}

/// The players' view of one session as it changes. Give it the same session (the same history,
/// growing) each time; after anything else (another file, a file read again whole) call
/// [`LiveView::reset`].
#[derive(Debug, Default)]
pub struct LiveView {
    /// The commands seen (indices into the session's nodes), from command `base` of the line
    /// on: a view that keeps only its newest lines lets the oldest commands go too.
    line: Vec<usize>,
    /// Where `seen` stood before each command of `line`.
    cuts: Vec<Cut>,
    /// How many commands of the line were let go from the front of `line` and `cuts`.
    base: usize,
    /// The last command let go (its node): a line through it shares every command before it.
    anchor: usize,
    seen: Seen,
    /// The state after `line`, as the walk folded it; `None` when nothing is kept.
    state: Option<Encounter>,
    /// Lines of the players' log let go from the front of `seen.log` (the cuts count lines of
    /// the whole log).
    dropped: usize,
    /// Keep at least this many of the newest lines, up to twice as many (`None`: every line).
    keep: Option<usize>,
}

impl LiveView {
    /// A view that holds only about the newest `lines` lines of the players' log (at least
    /// that many, at most twice as many), so that its memory does not grow with the fight: ask
    /// it for no more than that many ([`LiveView::see_newest`]).
    pub fn keeping(lines: usize) -> LiveView {
        LiveView { keep: Some(lines), ..LiveView::default() }
    }

    /// Forget everything kept: the next view walks the line from the start.
    pub fn reset(&mut self) {
        *self = LiveView { keep: self.keep, ..LiveView::default() };
    }

    /// The players' view of `session` now, equal to [`super::player_view`]: commands added after
    /// the line last seen are walked on from where it ended, an undo cuts back to where the
    /// players stood then, and any other move (a branch switch) walks the line again.
    pub fn view(&mut self, session: &Session) -> PlayerView {
        self.view_newest(session, usize::MAX)
    }

    /// What the players see of `session` now, equal to [`super::players_see`] (with only the
    /// newest `newest` lines of the log): waiting while the GM prepares the fight, else
    /// [`LiveView::view_newest`].
    pub fn see_newest(&mut self, session: &Session, newest: usize) -> PlayersSee {
        let encounter = session.encounter();
        if fight_shown(encounter) {
            PlayersSee::Fight(self.view_newest(session, newest))
        } else {
            // Nothing is walked meanwhile: the line seen so far is walked on when it shows.
            PlayersSee::Waiting { system: encounter.system.rules().spec().name.to_string() }
        }
    }

    /// [`LiveView::view`] with only the newest `newest` lines of the players' log.
    pub fn view_newest(&mut self, session: &Session, newest: usize) -> PlayerView {
        let (path, _) = session.line();
        let shared = self.shared(path);
        let seen = self.base + self.line.len();
        match self.state.take() {
            Some(state) if shared == seen => {
                self.state = Some(state);
                self.walk(session, &path[shared..]);
            }
            Some(_) if shared == path.len() && self.cut_held(shared) => {
                if let Some(&cut) = self.cuts.get(shared - self.base) {
                    self.seen.log.truncate(cut.log - self.dropped);
                    self.seen.marks.truncate(cut.marks);
                    self.seen.round = cut.round;
                }
                self.line.truncate(shared - self.base);
                self.cuts.truncate(shared - self.base);
                self.state = Some(session.encounter().clone());
            }
            _ => {
                let enc = session.encounter();
                *self = LiveView {
                    state: Some(Encounter::new(enc.system, &enc.name)),
                    keep: self.keep,
                    ..LiveView::default()
                };
                self.walk(session, path);
            }
        }
        project_newest(session.encounter(), &self.seen, newest)
    }

    /// How many commands the line seen and `path` share from the start: both are lines of one
    /// tree, so they agree up to a point and differ after it (a binary search finds it). Lines
    /// that part before the commands kept share fewer than `base` (all that matters then).
    fn shared(&self, path: &[usize]) -> usize {
        if self.base > 0 && path.get(self.base - 1) != Some(&self.anchor) {
            return 0;
        }
        let at = |depth: usize| self.line[depth - 1 - self.base];
        let (mut agree, mut differ) =
            (self.base, (self.base + self.line.len()).min(path.len()) + 1);
        while differ - agree > 1 {
            let mid = agree + (differ - agree) / 2;
            if at(mid) == path[mid - 1] {
                agree = mid;
            } else {
                differ = mid;
            }
        }
        agree
    }

    /// Whether the players' log still holds where it stood before command `depth` of the line
    /// (an undo back past the lines or the commands let go walks the line again).
    fn cut_held(&self, depth: usize) -> bool {
        depth >= self.base
            && self.cuts.get(depth - self.base).is_none_or(|cut| cut.log >= self.dropped)
    }

    fn walk(&mut self, session: &Session, commands: &[usize]) {
        let Some(mut state) = self.state.take() else { return };
        for &i in commands {
            let Some(node) = session.nodes().get(i) else { break };
            let seen = &self.seen;
            let log = self.dropped + seen.log.len();
            self.cuts.push(Cut { log, marks: seen.marks.len(), round: seen.round });
            self.line.push(i);
            if !self.seen.add(&mut state, &node.entry) {
                // Cannot happen for a loaded session; start afresh next time.
                return;
            }
            if let Some(keep) = self.keep {
                self.let_go(keep);
            }
        }
        self.state = Some(state);
    }

    /// Let the oldest lines of the players' log go past twice `keep`, and the oldest commands'
    /// cuts past twice [`KEPT_COMMANDS`] (an undo further back than that walks the line again).
    fn let_go(&mut self, keep: usize) {
        if self.seen.log.len() > keep.saturating_mul(2) {
            let gone = self.seen.log.len() - keep;
            self.seen.log.drain(..gone);
            self.dropped += gone;
        }
        if self.line.len() > 2 * KEPT_COMMANDS {
            let gone = self.line.len() - KEPT_COMMANDS;
            self.anchor = self.line[gone - 1];
            self.line.drain(..gone);
            self.cuts.drain(..gone);
            self.base += gone;
        }
    }
}

/// Commands whose cuts a view that keeps only its newest lines holds at least.
const KEPT_COMMANDS: usize = 4096;
