//! What starts at the current point, kept as the history grows (issue 28 item 1): the header's
//! fork count (`Session::forks_here`) and `branches` agree with a scan of every command made,
//! after undo and a new command, a command whose events do not fit, a reload, and any mix.

use std::collections::HashMap;
use std::path::Path;

use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use skirmish::app::keymap::KeyMap;
use skirmish::app::{App, NewFiles, branches_answer};
use skirmish::command::{Command, parse};
use skirmish::encounter::{Entry, Event, Node, Session};
use skirmish::rules::System;
use skirmish::rules::dice::ScriptedDice;
use skirmish::save;

use crate::harness::assets;

fn run(session: &mut Session, line: &str) {
    let command = parse(line).expect("parses").expect("a command");
    let mut dice = ScriptedDice::new([]);
    if let Err(err) = session.execute(&command, &mut dice) {
        panic!("{line}: {err}");
    }
}

fn played(lines: &[&str]) -> Session {
    let mut s = Session::new(System::WOIN, "forks", assets());
    for line in lines {
        run(&mut s, line);
    }
    s
}

/// The children of the current point, found the slow way: every command made, scanned.
fn scanned(s: &Session) -> Vec<usize> {
    let head = s.head();
    (0..s.nodes().len()).filter(|&i| s.nodes()[i].parent == head).collect()
}

/// Each branch here as `(first command, length)`.
fn listed(s: &Session) -> Vec<(String, usize)> {
    s.branches().into_iter().map(|b| (b.first, b.length)).collect()
}

/// A command whose events do not fit: it adds `Zed`, then removes someone who is not there.
fn misfit(parent: Option<usize>) -> Node {
    let donor = played(&["add Zed"]);
    let mut events = donor.entries()[0].events.clone();
    events.push(Event::Removed { id: "nobody".into() });
    Node { entry: Entry { command: "add Zed".into(), events }, parent, made: None }
}

/// The branches expected: each one's first command and length.
type Listed = &'static [(&'static str, usize)];

/// After undo and a new command the current point counts its branches, each with its first
/// command and its length along the newest choices; the header shows `⑂N` past one.
#[test]
fn forks_here_after_undo_and_a_new_command() {
    let cases: &[(&[&str], Listed)] = &[
        (&["add A"], &[]),
        (&["add A", "undo"], &[("add A", 1)]),
        (&["add A", "add B", "undo", "undo", "add C", "undo"], &[("add A", 2), ("add C", 1)]),
        (
            &["add A", "undo", "add B", "undo", "add C", "undo"],
            &[("add A", 1), ("add B", 1), ("add C", 1)],
        ),
        // The fork is one step on: from the start a single branch, its length along `add C`.
        (&["add A", "add B", "undo", "add C", "undo", "undo"], &[("add A", 2)]),
        (
            &["add A", "add B", "undo", "add C", "undo", "undo", "redo"],
            &[("add B", 1), ("add C", 1)],
        ),
        (&["add A", "add B", "undo", "add C", "undo", "branch 1"], &[]),
        (&["add A", "add B", "undo", "add C", "undo", "branch 1", "undo", "undo"], &[("add A", 2)]),
    ];
    for (lines, want) in cases {
        let s = played(lines);
        let want: Vec<(String, usize)> = want.iter().map(|(f, n)| (f.to_string(), *n)).collect();
        assert_eq!(listed(&s), want, "{lines:?}");
        assert_eq!(s.forks_here(), want.len(), "{lines:?}");
        assert_eq!(s.forks_here(), scanned(&s).len(), "{lines:?}");
        let mark = format!("⑂{}", want.len());
        let app = App::new(s, None, KeyMap::defaults(), NewFiles::new(None, 0));
        let header = header_row(&app);
        assert_eq!(header.contains(&mark), want.len() > 1, "{lines:?}: {header}");
    }
}

fn header_row(app: &App) -> String {
    let area = Rect::new(0, 0, 120, 40);
    let mut buf = Buffer::empty(area);
    skirmish::ui::render(app, skirmish::ui::theme::Theme { color: false }, area, &mut buf);
    (0..area.width).map(|x| buf[(x, 0)].symbol().to_string()).collect()
}

/// What the tracker says after an undo or a redo at a fork, and what `branches` answers: the
/// same words as before the count was kept.
#[test]
fn the_tracker_and_branches_say_what_they_said() {
    let s = played(&["add A", "add B", "add C", "undo", "undo", "add D", "undo"]);
    assert_eq!(
        branches_answer(&s.branches()),
        "branches here · 1: add B (2 commands) · 2: add D (1 command) · :branch N"
    );
    let mut app = App::new(s, None, KeyMap::defaults(), NewFiles::new(None, 0));
    app.run_line("redo", None);
    assert_eq!(app.status.text, "redone: add D");
    app.run_line("undo", None);
    assert_eq!(app.status.text, "undone: add D · redo has 2 ways: :branches");
    app.run_line("branch 3", None);
    assert_eq!(app.status.text, "branch 3: expected 1 to 2 (`branches` lists them)");
    app.run_line("branch 1", None);
    assert_eq!(app.status.text, "on branch 1: 2 commands replayed");
    app.run_line("branch 2", None);
    assert_eq!(app.status.text, "no branch starts here: `redo` and `undo` walk the only line");
    app.run_line("undo", None);
    assert_eq!(app.status.text, "undone: add C");
}

/// A command whose events do not fit (a journal followed as its writer plays) leaves the tree as
/// it was: the same branches here, redo takes the same way, and the next command hangs where
/// it should and is counted.
#[test]
fn a_command_that_does_not_fit_leaves_the_forks_as_they_were() {
    for (lines, parent) in [
        (&["add A", "undo", "add B", "undo"][..], None),
        (&["add A", "undo", "add B"][..], Some(1)),
        (&["add A", "add B", "undo", "add C", "undo"][..], Some(0)),
        (&[][..], None),
    ] {
        let mut s = played(lines);
        let (forks, branches, nodes) = (s.forks_here(), s.branches(), s.nodes().to_vec());
        let (state, log) = (s.encounter().clone(), s.log().to_vec());
        assert!(s.add_recorded(misfit(parent)).is_err(), "{lines:?}");
        assert_eq!(s.nodes(), nodes.as_slice(), "{lines:?}");
        assert_eq!((s.forks_here(), s.branches()), (forks, branches), "{lines:?}");
        assert_eq!((s.encounter(), s.log()), (&state, log.as_slice()), "{lines:?}");
        if forks > 0 {
            let next = s.branches().last().map(|b| b.first.clone());
            let mut back = s.clone();
            run(&mut back, "redo");
            assert_eq!(back.entries().last().map(|e| e.command.clone()), next, "{lines:?}");
        }
        run(&mut s, "add E");
        run(&mut s, "undo");
        assert_eq!(s.forks_here(), forks + 1, "{lines:?}");
        assert_eq!(s.forks_here(), scanned(&s).len(), "{lines:?}");
        let newest = s.branches().pop().expect("the new branch");
        assert_eq!((newest.first.as_str(), newest.made), ("add E", nodes.len() + 1), "{lines:?}");
    }
}

/// A tree with forks, saved and loaded (the journal, and the tree handed over whole), counts the
/// same branches at every point as the session that made it.
#[test]
fn a_loaded_tree_counts_its_forks_at_every_point() {
    let s = played(&[
        "add A", "add B", "undo", "add C", "add D", "undo", "undo", "undo", "add E", "undo",
        "redo", "add F", "undo",
    ]);
    let text = save::to_ron(&s).expect("written");
    let journal = save::from_ron(&text, Path::new("forks.ron"), assets()).expect("loads");
    let tree = Session::from_tree(System::WOIN, "forks", s.nodes().to_vec(), s.head(), assets())
        .expect("folds");
    for mut loaded in [journal, tree] {
        assert_eq!((loaded.head(), loaded.forks_here()), (s.head(), s.forks_here()));
        // Both move the same way, so the child redo takes stays the same in both.
        let mut made = s.clone();
        for point in std::iter::once(None).chain((0..s.nodes().len()).map(Some)) {
            made.jump_to(point).expect("jumps");
            loaded.jump_to(point).expect("jumps");
            assert_eq!(loaded.forks_here(), scanned(&loaded).len(), "at {point:?}");
            assert_eq!(loaded.forks_here(), made.forks_here(), "at {point:?}");
            assert_eq!(loaded.branches(), made.branches(), "at {point:?}");
        }
    }
}

/// One step of a random history.
#[derive(Debug, Clone)]
enum Step {
    Add,
    Undo,
    Redo,
    Branch(usize),
    Jump(usize),
    /// A recorded command whose events do not fit, hung on command N (or the start).
    Misfit(Option<usize>),
}

proptest! {
    /// Any mix of commands, undo, redo, branch moves, jumps and commands that do not fit: at
    /// every step `forks_here` and `branches` equal what a scan of every command and a model of
    /// the child redo takes give; and so does a reload, at every point.
    #[test]
    fn forks_and_branches_match_a_scan_of_every_command(steps in prop::collection::vec(
        prop_oneof![
            4 => Just(Step::Add),
            3 => Just(Step::Undo),
            1 => Just(Step::Redo),
            1 => (1usize..4).prop_map(Step::Branch),
            1 => (0usize..64).prop_map(Step::Jump),
            1 => prop::option::of(0usize..64).prop_map(Step::Misfit),
        ],
        1..48,
    )) {
        let mut s = Session::new(System::WOIN, "model", assets());
        let mut dice = ScriptedDice::new([]);
        // The child redo takes from each point: the one the line of play last went through.
        let mut taken: HashMap<Option<usize>, usize> = HashMap::new();
        for step in steps {
            let made = s.nodes().len();
            match step {
                Step::Add => run(&mut s, &format!("add C{}", made + 1)),
                Step::Undo => { let _ = s.execute(&Command::Undo, &mut dice); }
                Step::Redo => { let _ = s.execute(&Command::Redo, &mut dice); }
                Step::Branch(number) => {
                    let _ = s.execute(&Command::Branch { number }, &mut dice);
                }
                Step::Jump(n) if made > 0 => s.jump_to(Some(n % made)).expect("jumps"),
                Step::Jump(_) => {}
                Step::Misfit(parent) => {
                    let parent = parent.filter(|_| made > 0).map(|n| n % made);
                    prop_assert!(s.add_recorded(misfit(parent)).is_err());
                    prop_assert_eq!(s.nodes().len(), made);
                }
            }
            // Whatever the step, the line of play now goes through every command on it.
            for &i in s.line().0 {
                taken.insert(s.nodes()[i].parent, i);
            }
            let kids = scanned(&s);
            prop_assert_eq!(s.forks_here(), kids.len());
            let redo_from = |at: usize| {
                taken.get(&Some(at)).copied()
                    .or_else(|| (0..s.nodes().len()).rfind(|&i| s.nodes()[i].parent == Some(at)))
            };
            let want: Vec<(usize, String, usize, usize)> = kids.iter().enumerate().map(|(k, &child)| {
                let mut length = 1;
                let mut at = child;
                while let Some(next) = redo_from(at) {
                    length += 1;
                    at = next;
                }
                (k + 1, s.nodes()[child].entry.command.clone(), length, child + 1)
            }).collect();
            let got: Vec<(usize, String, usize, usize)> =
                s.branches().into_iter().map(|b| (b.number, b.first, b.length, b.made)).collect();
            prop_assert_eq!(got, want);
        }
        let mut back = save::from_ron(&save::to_ron(&s).expect("written"), Path::new("m.ron"), assets()).unwrap();
        prop_assert_eq!(back.forks_here(), s.forks_here());
        for point in std::iter::once(None).chain((0..s.nodes().len()).map(Some)) {
            back.jump_to(point).unwrap();
            let firsts: Vec<usize> = back.branches().iter().map(|b| b.made - 1).collect();
            prop_assert_eq!(back.forks_here(), firsts.len());
            prop_assert_eq!(firsts, scanned(&back));
        }
    }
}

/// A tree whose command hangs on one made after it (or on itself) is refused, naming that
/// command: the kept tree never points forward.
#[test]
fn a_tree_hung_on_a_later_command_is_refused() {
    let made = played(&["add A", "add B"]);
    for (parents, bad) in [([Some(1), None], 1), ([None, Some(1)], 2)] {
        let nodes: Vec<Node> = made
            .nodes()
            .iter()
            .zip(parents)
            .map(|(n, parent)| Node { entry: n.entry.clone(), parent, made: n.made })
            .collect();
        let err =
            Session::from_tree(System::WOIN, "forks", nodes, None, assets()).expect_err("refused");
        assert_eq!(err.entry, bad);
        assert!(err.to_string().contains("hangs on one made after it"), "{err}");
    }
}
