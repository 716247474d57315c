//! The history tree's shape: each command's children in the order made, how many there are, and
//! the one redo takes, kept in one flat list of small indices (no list per command).

use crate::encounter::fold::ApplyError;

/// A command's index in the history plus one; 0 for none. Four bytes where `Option<usize>`
/// takes sixteen: a 100k-command history keeps five per command.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Link(u32);

impl Link {
    fn get(self) -> Option<usize> {
        (self.0 as usize).checked_sub(1)
    }

    fn to(node: usize) -> Link {
        // `Tree::hang` refuses a node whose link would not fit, so this never saturates.
        Link(u32::try_from(node.saturating_add(1)).unwrap_or(u32::MAX))
    }
}

/// What the tree keeps for the start (slot 0) and for each command (slot `i + 1`): its first and
/// last child, its next sibling, how many children it has and the child redo takes.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    first: Link,
    last: Link,
    next: Link,
    count: u32,
    newest: Link,
}

/// The shape of the history: who hangs under whom, kept as commands are hung, so that a frame
/// or an undo asks what starts at the current point without looking at every command.
#[derive(Debug, Clone)]
pub(super) struct Tree {
    slots: Vec<Slot>,
}

/// The most commands a history holds: each one's link must fit in a `u32`.
const MOST: usize = u32::MAX as usize - 1;

fn slot(of: Option<usize>) -> usize {
    of.map_or(0, |i| i + 1)
}

impl Tree {
    pub(super) fn new() -> Tree {
        Tree { slots: vec![Slot::default()] }
    }

    /// The tree of commands whose parents are `parents`, in the order made; each becomes its
    /// parent's newest child. On a parent that is not made before its child, that child's index.
    pub(super) fn of_parents(
        parents: impl ExactSizeIterator<Item = Option<usize>>,
    ) -> Result<Tree, (usize, ApplyError)> {
        let mut tree = Tree { slots: Vec::with_capacity(parents.len() + 1) };
        tree.slots.push(Slot::default());
        for (i, parent) in parents.enumerate() {
            tree.hang(parent).map_err(|err| (i, err))?;
        }
        Ok(tree)
    }

    /// How many commands the tree holds.
    pub(super) fn len(&self) -> usize {
        self.slots.len() - 1
    }

    /// Hang the next command under `parent` (`None`: the start), as its newest child; its index.
    /// Refused when the parent is not in the tree yet.
    pub(super) fn hang(&mut self, parent: Option<usize>) -> Result<usize, ApplyError> {
        let index = self.len();
        if parent.is_some_and(|p| p >= index) {
            return Err(ApplyError("a command hangs on one made after it".into()));
        }
        if index >= MOST {
            return Err(ApplyError(format!("the history is full: at most {MOST} commands")));
        }
        let link = Link::to(index);
        let up = &mut self.slots[slot(parent)];
        let before = up.last;
        up.last = link;
        up.newest = link;
        up.count = up.count.saturating_add(1);
        if up.first == Link::default() {
            up.first = link;
        }
        if let Some(sibling) = before.get() {
            self.slots[sibling + 1].next = link;
        }
        self.slots.push(Slot::default());
        Ok(index)
    }

    /// The children of `of` (`None`: the start), oldest first.
    pub(super) fn children(&self, of: Option<usize>) -> impl Iterator<Item = usize> + '_ {
        let first = self.slots.get(slot(of)).and_then(|s| s.first.get());
        std::iter::successors(first, |&i| self.slots.get(i + 1).and_then(|s| s.next.get()))
    }

    /// How many children `of` has.
    pub(super) fn count(&self, of: Option<usize>) -> usize {
        self.slots.get(slot(of)).map_or(0, |s| s.count as usize)
    }

    /// The child redo takes from `of`.
    pub(super) fn newest(&self, of: Option<usize>) -> Option<usize> {
        self.slots.get(slot(of)).and_then(|s| s.newest.get())
    }

    /// Make `child` the one redo takes from `of` (its parent).
    pub(super) fn take(&mut self, of: Option<usize>, child: usize) {
        if let Some(s) = self.slots.get_mut(slot(of)) {
            s.newest = Link::to(child);
        }
    }
}
