//! The dashboard driven like a GM drives it: key scripts on the real App, snapshots of every pane
//! and of whole screens, every terminal size, a monkey with 10,000 random keys, and the bytes a
//! selection move sends to the terminal.

use std::sync::Arc;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use skirmish::app::keymap::{DEFAULT_KEYS, KeyMap};
use skirmish::app::{App, Mode, NewFiles};
use skirmish::encounter::{Assets, Session};
use skirmish::rules::System;
use skirmish::rules::dice::{ScriptedDice, SeededDice};
use skirmish::runtime::{FrameBackend, FrameWriter, draw_frame};
use skirmish::save;
use skirmish::ui::{self, Pane, buffer_text, theme::Theme};

pub(super) const PLAIN: Theme = Theme { color: false };

pub(super) fn assets() -> Arc<Assets> {
    Arc::new(save::assets::embedded_assets().expect("assets"))
}

pub(super) fn demo(system: System) -> Session {
    let text = save::DEMOS.iter().find(|(label, _)| {
        let word = system.to_string();
        label.starts_with(word.split(' ').next().unwrap_or_default())
    });
    let (_, text) = text.expect("demo exists");
    save::from_ron(text, std::path::Path::new("demo.ron"), assets()).expect("demo loads")
}

pub(super) fn app(session: Session) -> App {
    App::new(session, None, KeyMap::defaults(), NewFiles::new(None, 0))
        .with_dice(Box::new(SeededDice::new(1)))
}

/// Parse a key script: plain characters, and `<Enter>`, `<Esc>`, `<Tab>`, `<Up>`, `<Down>`,
/// `<Left>`, `<Right>`, `<Home>`, `<End>`, `<PgUp>`, `<PgDn>`, `<BS>`, `<Space>`, `<C-r>`.
pub(super) fn keys(script: &str) -> Vec<KeyEvent> {
    let mut out = Vec::new();
    let mut chars = script.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '<' {
            out.push(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
            continue;
        }
        let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
        out.push(match name.as_str() {
            "Enter" => KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
            "Esc" => KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE),
            "Tab" => KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE),
            "Up" => KeyEvent::new(KeyCode::Up, KeyModifiers::NONE),
            "Down" => KeyEvent::new(KeyCode::Down, KeyModifiers::NONE),
            "Left" => KeyEvent::new(KeyCode::Left, KeyModifiers::NONE),
            "Right" => KeyEvent::new(KeyCode::Right, KeyModifiers::NONE),
            "Home" => KeyEvent::new(KeyCode::Home, KeyModifiers::NONE),
            "End" => KeyEvent::new(KeyCode::End, KeyModifiers::NONE),
            "PgUp" => KeyEvent::new(KeyCode::PageUp, KeyModifiers::NONE),
            "PgDn" => KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE),
            "BS" => KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE),
            "Space" => KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE),
            "C-r" => KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL),
            "S-Tab" => KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
            other => panic!("unknown key <{other}>"),
        });
    }
    out
}

/// Drive the app with a key script on an 80×24 test terminal, drawing after every key.
pub(super) fn drive(app: &mut App, script: &str) -> Terminal<TestBackend> {
    drive_at(app, 80, 24, script)
}

/// Drive the app with a key script on a test terminal of `width` × `height`, drawing after every
/// key.
pub(super) fn drive_at(
    app: &mut App,
    width: u16,
    height: u16,
    script: &str,
) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    let area = Rect::new(0, 0, width, height);
    for key in keys(script) {
        app.handle_event(&Event::Key(key));
        app.effects.clear();
        // As the runtime does before each frame.
        ui::settle(app, area);
        terminal.draw(|f| ui::draw(f, app, PLAIN)).expect("draw");
    }
    terminal
}

/// Feed keys without drawing or clearing the writes asked for (to look at them).
pub(super) fn drive_keep(app: &mut App, script: &str) {
    for key in keys(script) {
        app.handle_event(&Event::Key(key));
    }
}

/// Answer the open dialog's questions one at a time, as a GM at the table: each roll takes as
/// many of `faces` as it asks for (the tracker rolls it once they run out), each decision its
/// suggested option. The faces left over.
pub(super) fn answer<'f>(app: &mut App, faces: &'f [u32]) -> &'f [u32] {
    let mut left = faces;
    for _ in 0..60 {
        let Some(need) = app.live_question().cloned() else { break };
        match need {
            skirmish::rules::ask::Need::Roll(roll) if !left.is_empty() => {
                let n = roll.count.max(1).min(left.len());
                let typed: Vec<String> = left[..n].iter().map(u32::to_string).collect();
                left = &left[n..];
                drive_keep(app, &format!("{}<Enter>", typed.join(" ")));
            }
            _ => drive_keep(app, "<Enter>"),
        }
    }
    left
}

/// Answer the open dialog's rolls one at a time from `faces` (the tracker rolls once they run
/// out) until it asks a decision or closes. The faces left over.
pub(super) fn rolls_until_a_decision<'f>(app: &mut App, faces: &'f [u32]) -> &'f [u32] {
    let mut left = faces;
    for _ in 0..60 {
        let Some(skirmish::rules::ask::Need::Roll(roll)) = app.live_question().cloned() else {
            break;
        };
        let n = roll.count.max(1).min(left.len());
        let typed: Vec<String> = left[..n].iter().map(u32::to_string).collect();
        left = &left[n..];
        drive_keep(app, &format!("{}<Enter>", typed.join(" ")));
    }
    left
}

pub(super) fn screen(app: &App, width: u16, height: u16) -> String {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    ui::render(app, PLAIN, area, &mut buf);
    buffer_text(&buf)
}

pub(super) fn new_woin() -> App {
    app(Session::new(System::WOIN, "Test", assets()))
}

#[test]
fn shipped_keys_file_parses_and_binds_every_action() {
    let mut map = KeyMap::defaults();
    map.patch(DEFAULT_KEYS).expect("assets/keys.ron parses");
    for action in skirmish::app::keymap::Action::ALL {
        assert!(!map.keys_of(action).is_empty(), "{action:?} has a key");
    }
    let mut patched = KeyMap::defaults();
    patched.patch(r#"{"next_turn": ["N"]}"#).expect("a user patch");
    assert_eq!(patched.keys_of(skirmish::app::keymap::Action::NextTurn), "N");
    assert_eq!(
        patched.keys_of(skirmish::app::keymap::Action::Damage),
        "d",
        "others keep their keys"
    );
    let err = KeyMap::defaults().patch(r#"{"jump": ["j"]}"#).expect_err("unknown action");
    assert!(err.to_string().starts_with("unknown action 'jump'; actions: select_down"), "{err}");
    let err = KeyMap::defaults().patch(r#"{"quit": ["ctrl-"]}"#).expect_err("bad key");
    assert_eq!(err.to_string(), "quit: 'ctrl-' is not a key");
}

#[test]
fn a_whole_fight_from_the_keyboard() {
    let mut a = new_woin().with_dice(Box::new(ScriptedDice::new([6, 5, 4, 2, 3, 3, 2, 2])));
    drive(
        &mut a,
        ":add Aria side=pc init=4d6 agi=5 health=30<Enter>:add Goblin x3<Enter>:start<Enter>",
    );
    let enc = a.session.encounter();
    assert_eq!(enc.round, 1);
    assert_eq!(enc.current().map(|c| c.name.as_str()), Some("Aria"));
    // Damage goblin 1 by picking it from the filtered list, typing the table's dice.
    drive(&mut a, "dgoblin 1<Enter>2d6<Enter>6 3<Enter>");
    assert_eq!(a.session.encounter().get("goblin-1").expect("g1").health.current, 6 - (9 - 1));
    // Heal Aria (selected: her turn) by 0, condition, shake it off with a typed 5.
    drive(&mut a, "caria<Enter>daz<Enter><Enter>");
    assert!(a.session.encounter().get("aria").expect("aria").condition("Dazed").is_some());
    drive(&mut a, "x<Enter><Enter>5<Enter>");
    assert!(a.session.encounter().get("aria").expect("aria").condition("Dazed").is_none());
    // Next turn, undo it, redo it.
    drive(&mut a, "n");
    let goblin_turn = a.session.encounter().current().map(|c| c.id.clone());
    assert_eq!(goblin_turn.as_deref(), Some("goblin-2"), "goblin 1 is down and skipped");
    drive(&mut a, "u");
    assert_eq!(a.session.encounter().current().map(|c| c.id.as_str()), Some("aria"));
    drive(&mut a, "<C-r>");
    assert_eq!(a.session.encounter().current().map(|c| c.id.clone()), goblin_turn);
    // A roll for someone, with the table's dice.
    drive(&mut a, "r3d6<Enter>brom<BS><BS><BS><BS>aria<Enter>1 2 3<Enter>");
    let log: Vec<&str> = a.session.log().iter().rev().take(2).map(|l| l.text.as_str()).collect();
    assert_eq!(log, ["dice typed at the table: 1 2 3", "Aria rolls"]);
    assert_eq!(
        a.status.text, "Aria rolls 3d6 [1, 2, 3] = 6",
        "the status says what the command did"
    );
}

#[test]
fn esc_backs_out_of_every_dialog_without_changing_anything() {
    let mut a = app(demo(System::WOIN));
    let before = a.session.encounter().clone();
    let entries = a.session.entries().len();
    for key in ["d", "h", "c", "a", "r", "i", "s", ":", "?"] {
        drive(&mut a, &format!("{key}x<Esc>"));
        assert!(matches!(a.mode, Mode::Normal), "{key} then Esc is back to normal");
    }
    drive(&mut a, "d<Enter>5<Esc>");
    assert_eq!(a.session.encounter(), &before);
    assert_eq!(a.session.entries().len(), entries);
}

#[test]
fn command_line_history_and_completion() {
    let mut a = new_woin();
    drive(&mut a, ":add Aria side=pc<Enter>:add \"Goblin Boss\"<Enter>");
    drive(&mut a, ":<Up><Enter>");
    assert_eq!(a.session.encounter().combatants.len(), 3, "Up recalls the last command");
    drive(&mut a, ":dam<Tab>");
    assert_eq!(a.input.value(), "damage ");
    drive(&mut a, "Gob<Tab>");
    assert_eq!(a.input.value(), "damage \"Goblin Boss\" ");
    drive(&mut a, "4<Enter>");
    assert_eq!(a.session.encounter().get("goblin-boss").expect("boss").health.current, 6);
    drive(&mut a, ":frobnicate<Enter>");
    assert!(
        a.status.error && a.status.text.starts_with("unknown command 'frobnicate'"),
        "{:?}",
        a.status
    );
}

#[test]
fn groups_fold_and_unfold() {
    let mut a = app(demo(System::WOIN));
    let rows = a.rows().len();
    // The goblin group's row (the demo's current turn): Enter opens it, Tab folds it again.
    a.selected = a
        .rows()
        .iter()
        .position(|r| matches!(r, skirmish::app::Row::Group { .. }))
        .expect("a group in the demo");
    drive(&mut a, "<Enter>");
    assert_eq!(a.rows().len(), rows + 3);
    drive(&mut a, "<Tab>");
    assert_eq!(a.rows().len(), rows);
}

#[test]
fn every_size_renders_without_panicking() {
    let a = app(demo(System::SAVAGE));
    let mut dialog = app(demo(System::WOIN));
    drive(&mut dialog, "d");
    for width in 0..=200u16 {
        for height in 0..=60u16 {
            let area = Rect::new(0, 0, width, height);
            let mut buf = Buffer::empty(area);
            ui::render(&a, PLAIN, area, &mut buf);
            if (width + height) % 7 == 0 {
                ui::render(&dialog, PLAIN, area, &mut buf);
            }
        }
    }
    let small = screen(&a, 59, 20);
    assert!(small.contains("terminal too small: 59×20, need 60×20"), "{small}");
}

#[test]
fn monkey_ten_thousand_random_keys() {
    use rand::{RngExt, SeedableRng};
    let pool = [
        "j", "k", "n", " ", "d", "h", "c", "x", "a", "r", "i", "H", "A", "u", "s", ":", "?", "q",
        "1", "5", "g", "o", "b", "<Enter>", "<Esc>", "<Tab>", "<Up>", "<Down>", "<BS>", "<C-r>",
        "2", "d", "6",
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261121);
    let mut a = app(demo(System::WOIN));
    let mut entries_before = a.session.entries().len() + a.session.redo_entries().len();
    for step in 0..10_000 {
        let key = pool[rng.random_range(0..pool.len())];
        for event in keys(key) {
            a.handle_event(&Event::Key(event));
        }
        a.quit = false;
        a.effects.clear();
        let (w, h) = (rng.random_range(0..140u16), rng.random_range(0..50u16));
        let area = Rect::new(0, 0, w, h);
        ui::render(&a, PLAIN, area, &mut Buffer::empty(area));
        let enc = a.session.encounter();
        if let Some(turn) = &enc.turn {
            assert!(enc.get(&turn.id).is_some(), "step {step}: the current turn names a combatant");
        }
        assert!(a.selected < a.rows().len().max(1), "step {step}: selection in range");
        let entries = a.session.entries().len() + a.session.redo_entries().len();
        assert!(
            entries.abs_diff(entries_before) <= 1 || a.session.redo_entries().is_empty(),
            "step {step}"
        );
        entries_before = entries;
    }
}

/// Bytes sent to a 120×40 terminal when the selection moves from row `from` one down, as the
/// runtime sends a frame (its backend, inside synchronized output).
fn bytes_for_move(a: &mut App, from: usize) -> (usize, String) {
    let frame = FrameWriter::new(Vec::<u8>::new());
    let backend = FrameBackend::with_size(frame.clone(), ratatui::layout::Size::new(120, 40));
    let mut terminal = Terminal::new(backend).expect("terminal");
    let theme = Theme { color: true };
    a.selected = from;
    draw_frame(&mut terminal, &frame, a, theme).expect("first frame");
    assert!(frame.pending() > 2000, "the first frame draws everything");
    frame.discard();
    a.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char('j'), KeyModifiers::NONE)));
    draw_frame(&mut terminal, &frame, a, theme).expect("second frame");
    let sent = frame.pending();
    let shown = String::from_utf8_lossy(&frame.contents()).replace('\x1b', "⎋");
    frame.discard();
    draw_frame(&mut terminal, &frame, a, theme).expect("idle frame");
    assert_eq!(frame.pending(), 0, "a frame in which nothing changed sends nothing");
    (sent, shown)
}

#[test]
fn a_selection_move_sends_few_bytes() {
    // The everyday move in a mob fight: from one goblin to the next in an opened group.
    let mut a = app(demo(System::WOIN));
    a.unfolded.insert("goblin".to_string());
    let row = a.rows().iter().position(|r| matches!(r, skirmish::app::Row::Member(i) if a.session.encounter().combatants[*i].id == "goblin-2"));
    let (sent, shown) = bytes_for_move(&mut a, row.expect("goblin 2 row"));
    assert!(sent > 0 && sent <= 160, "a selection move sent {sent} bytes: {shown}");
    // From a PC with a condition to one without, the combatant pane changes more.
    let mut a = app(demo(System::WOIN));
    let (sent, shown) = bytes_for_move(&mut a, 2);
    assert!(sent <= 256, "Aria to Brom sent {sent} bytes: {shown}");
}

#[test]
fn screens_and_panes_of_each_demo() {
    for system in System::ALL {
        let a = app(demo(system));
        for (w, h) in [(80, 24), (120, 40)] {
            insta::assert_snapshot!(format!("screen_{}_{w}x{h}", system.key()), screen(&a, w, h));
        }
        for (pane, name) in [
            (Pane::Header, "header"),
            (Pane::Order, "order"),
            (Pane::Combatant, "combatant"),
            (Pane::Log, "log"),
            (Pane::Actions, "actions"),
        ] {
            let area = Rect::new(0, 0, 60, if pane == Pane::Header { 1 } else { 14 });
            let mut buf = Buffer::empty(area);
            ui::render_pane(&a, PLAIN, pane, area, &mut buf);
            insta::assert_snapshot!(format!("pane_{}_{name}", system.key()), buffer_text(&buf));
        }
    }
}

#[test]
fn help_and_picker_screens() {
    let mut a = app(demo(System::GURPS));
    drive(&mut a, "?");
    insta::assert_snapshot!("help_80x24", screen(&a, 80, 24));
    let picker =
        App::picker(save::demo_sessions(assets()), KeyMap::defaults(), NewFiles::new(None, 0));
    insta::assert_snapshot!("picker_80x24", screen(&picker, 80, 24));
}

/// WOIN-ATK-2, WOIN-ATK-4, WOIN-ATK-5: the attack dialog walks through target, weapon, modifier
/// switches and extras, shows the exact odds before the dice, and takes the table's faces.
#[test]
fn attack_dialog_shows_odds_and_takes_faces() {
    let mut a = new_woin().with_dice(Box::new(ScriptedDice::new([6, 6, 6, 3, 3])));
    drive(
        &mut a,
        ":add Aria side=pc init=3d6 luc=2<Enter>:weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing melee<Enter>:add Goblin<Enter>:start<Enter>",
    );
    assert_eq!(a.session.encounter().current().map(|c| c.id.as_str()), Some("aria"));
    // target goblin, the longsword, higher ground and cover switched on, one LUC die.
    drive(&mut a, "a<Enter>gob<Enter><Enter><Space><Down><Space><Enter>luc=1<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("still in the dialog, at the dice") };
    assert_eq!(dialog.preview.as_deref(), Some("5d6 vs MELEE 10: hit 98.4%, critical 3.5%"));
    // Five attack dice, then the damage dice, each roll asked in turn: a hit by 11 for
    // 4+2+2 = 8, less SOAK 1.
    let left = answer(&mut a, &[5, 4, 6, 3, 3, 4, 2]);
    assert!(left.is_empty(), "{left:?}");
    let goblin = a.session.encounter().get("goblin").expect("goblin");
    assert_eq!(goblin.health.current, 6 - 7);
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.contains(
            "pool 5d6 (+1d6 higher ground, −2d6 cover, +1d6 LUC) vs MELEE 10: hit by 11"
        )),
        "{log:#?}"
    );
    assert_eq!(a.session.encounter().get("aria").expect("aria").stats.int("luc"), Some(1));
}

/// The attack dialog offers standing foes first and never the attacker itself.
#[test]
fn attack_dialog_targets_foes_first() {
    let mut a = new_woin();
    drive(
        &mut a,
        ":add Aria side=pc init=3d6<Enter>:add Brom side=pc<Enter>:add Goblin x2<Enter>:damage Goblin-1 20<Enter>:start<Enter>",
    );
    let attacker = a.session.encounter().current().map(|c| c.id.clone()).expect("a turn");
    drive(&mut a, "a<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("the attack dialog") };
    let Some(skirmish::app::dialog::Step::Pick { options, .. }) = dialog.step() else {
        panic!("target step")
    };
    let ids: Vec<&str> = options.iter().map(|(_, id)| id.as_str()).collect();
    assert!(!ids.contains(&attacker.as_str()), "{ids:?}");
    let expected: &[&str] = match attacker.as_str() {
        "goblin-2" => &["aria", "brom", "goblin-1"],
        "aria" => &["goblin-2", "brom", "goblin-1"],
        _ => &["goblin-2", "aria", "goblin-1"],
    };
    assert_eq!(ids, expected);
}

/// A message wider than the screen wraps onto the key bar's line instead of being cut.
#[test]
fn long_messages_wrap_over_the_key_bar() {
    let mut a = new_woin();
    drive(&mut a, ":frobnicate-the-goblins-with-extreme-prejudice-and-gusto<Enter>");
    let text = screen(&a, 80, 24);
    let last: Vec<&str> = text.lines().rev().take(2).collect();
    assert!(last[1].contains("unknown command 'frobnicate"), "{text}");
    assert!(last[0].contains("(:help lists them)"), "{text}");
}

/// `:help` opens the help screen; `:help NAME` shows that command's usage.
#[test]
fn help_from_the_command_line() {
    let mut a = new_woin();
    drive(&mut a, ":help<Enter>");
    assert!(matches!(a.mode, Mode::Help { .. }));
    drive(&mut a, "<Esc>:help damage<Enter>");
    let text = screen(&a, 120, 24);
    assert!(text.contains("damage NAME"), "{text}");
    drive(&mut a, ":help zap<Enter>");
    assert!(screen(&a, 120, 24).contains("no command 'zap'"));
}

/// A list taller than the dialog scrolls to keep the chosen row in sight and says what is below.
#[test]
fn dialog_lists_scroll_to_the_cursor() {
    let mut a = app(demo(System::SAVAGE));
    // Bandit 1, its weapons dropped, attacks Jessa bare-handed: a roll not named yet, so all
    // eleven modifier switches are offered.
    drive(&mut a, ":edit Bandit-1 drop=\"short sword\"<Enter>:edit Bandit-1 drop=crossbow<Enter>");
    drive(&mut a, "a<Enter>jes<Enter><Enter>");
    let top = screen(&a, 80, 24);
    assert!(top.contains("[ ] Wild Attack"), "{top}");
    assert!(top.contains("↓ 2 more"), "{top}");
    assert!(!top.contains("non-lethal"), "{top}");
    drive(&mut a, &"<Down>".repeat(10));
    drive(&mut a, "<Space>");
    let bottom = screen(&a, 80, 24);
    assert!(bottom.contains("[x] non-lethal"), "{bottom}");
    assert!(!bottom.contains("more"), "{bottom}");
    insta::assert_snapshot!("dialog_list_scrolled_80x24", bottom);
}

#[test]
fn command_line_completes_weapon_names() {
    let mut a = app(demo(System::WOIN));
    drive(&mut a, ":attack Ogre Aria gre<Tab>");
    assert_eq!(a.input.value(), "attack Ogre Aria \"great club\" ");
}

/// Issue 14, item 13 (SW-DMG-3): a Wild Card's bar in the turn order fills with the wounds taken,
/// beside the same count as text: empty when unhurt, full at three wounds.
#[test]
fn savage_wounds_bar_reads_as_wounds_taken() {
    for (damage, row) in [
        ("", "0/3 ░░░░░░"),
        (":damage Hero 10<Enter>", "1/3 ██░░░░"),
        (":damage Hero 18<Enter>", "3/3 ██████"),
    ] {
        let mut a = app(Session::new(System::SAVAGE, "Wounds", assets()));
        drive(&mut a, &format!(":add Hero wild toughness=6 side=pc<Enter>{damage}"));
        let area = Rect::new(0, 0, 60, 6);
        let mut buf = Buffer::empty(area);
        ui::render_pane(&a, PLAIN, Pane::Order, area, &mut buf);
        let text = buffer_text(&buf);
        let hero = text.lines().find(|l| l.contains("Hero")).unwrap_or_default().to_string();
        assert!(hero.contains(row), "after {damage:?} the row reads {hero:?}, not {row:?}\n{text}");
    }
}

/// The dice log's lines at 80×24: the text inside the log pane's borders, row by row.
fn log_rows(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("┌ Dice log"))
        .skip(1)
        .take_while(|l| !l.starts_with('└'))
        .map(|l| l.split('│').nth(1).unwrap_or_default().trim_end().to_string())
        .collect()
}

/// A critical attack with several consequence lines at 80×24: the headline (who attacked whom,
/// hit or miss, the critical) shows together with its consequences, and scrolling back moves by
/// lines and reaches every line of the log.
#[test]
fn the_attack_headline_stays_in_view_at_80x24() {
    let mut a = new_woin().with_dice(Box::new(ScriptedDice::new([
        6, 6, 6, 1, 6, 6, // initiative: Aria 18, Ogre 13
        6, 6, 6, 3, 4, // WOIN-CRIT-1: three sixes, a critical hit by 12
        2, 5, // damage 2d6+2
        5, // the condition table: Slowed
    ])));
    drive(
        &mut a,
        ":add Aria side=pc init=3d6<Enter>:weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing melee<Enter>:add Ogre<Enter>:start<Enter>:attack Aria Ogre<Enter>",
    );
    let text = screen(&a, 80, 24);
    let rows = log_rows(&text);
    assert!(rows.first().is_some_and(|r| r.contains("Aria attacks Ogre")), "{text}");
    assert!(rows.iter().any(|r| r.contains("CRITICAL HIT")), "{text}");
    assert!(rows.last().is_some_and(|r| r.contains("Ogre gains Slowed")), "{text}");
    // The damage it did is in view too: the actions spent give way first, whole lines only.
    assert!(rows.iter().any(|r| r.contains("Ogre takes")), "{text}");
    assert!(!rows.iter().any(|r| r.contains("−1 of actions")), "{text}");
    insta::assert_snapshot!("log_attack_headline_80x24", text);
    // Every row of the log, as a pane tall enough for all of it lays them out.
    let mut buf = Buffer::empty(Rect::new(0, 0, 46, 100));
    ui::render_pane(&a, PLAIN, Pane::Log, Rect::new(0, 0, 46, 100), &mut buf);
    let all: Vec<String> = buffer_text(&buf)
        .lines()
        .skip(1)
        .map(|l| l.split('│').nth(1).unwrap_or_default().trim_end().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    // The first key back shows every line of the attack as it is (the actions spent too); each
    // key after it moves the view by a few lines, not by whole entries.
    let mut seen = rows.clone();
    drive(&mut a, "K");
    let text = screen(&a, 80, 24);
    assert!(text.contains("Dice log (every line)"), "{text}");
    assert!(log_rows(&text).iter().any(|r| r.contains("−1 of actions")), "{text}");
    seen.extend(log_rows(&text));
    drive(&mut a, "K");
    let text = screen(&a, 80, 24);
    assert!(text.contains("Dice log (↑3 lines)"), "{text}");
    seen.extend(log_rows(&text));
    for _ in 0..all.len() {
        drive(&mut a, "K");
        seen.extend(log_rows(&screen(&a, 80, 24)));
    }
    for row in &all {
        assert!(seen.contains(row), "never shown while scrolling: {row:?}\n{all:#?}");
    }
    // Scrolling forward again comes back to the newest lines.
    for _ in 0..all.len() {
        drive(&mut a, "J");
    }
    assert_eq!(log_rows(&screen(&a, 80, 24)), rows);
}

/// Issue 14 item 7: a command whose lines fit under a longer one's tail shows its own headline;
/// the older command's headline is not pinned over it. (Issue 24 item 7: the older command shows
/// above it folded, its headline closed by `▸ +N`, and then every line the first key back.)
#[test]
fn a_new_headline_is_never_hidden_under_an_old_one() {
    let mut a = new_woin().with_dice(Box::new(ScriptedDice::new([
        6, 6, 6, 1, 6, 6, // initiative: Aria 18, Ogre 13
        6, 6, 6, 3, 4, // a critical hit
        2, 5, // damage
        5, // Slowed
        1, 1, 1, 1, 1, // a miss
    ])));
    drive(
        &mut a,
        ":add Aria side=pc init=3d6<Enter>:weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing melee<Enter>:add Ogre<Enter>:start<Enter>:attack Aria Ogre<Enter>:attack Aria Ogre force<Enter>",
    );
    let text = screen(&a, 80, 24);
    let rows = log_rows(&text);
    let headline = rows.iter().position(|r| r.contains("miss")).expect("the miss's headline");
    let older = rows[..headline].join("\n");
    assert!(
        older.contains("CRITICAL") && older.contains("= 25 ▸\u{a0}+4"),
        "folded above it:\n{text}"
    );
    drive(&mut a, "K");
    let rows = log_rows(&screen(&a, 80, 24));
    let headline = rows.iter().position(|r| r.contains("miss")).expect("the miss's headline");
    assert!(rows[..headline].iter().all(|r| !r.contains("CRITICAL")), "{rows:#?}");
}

/// Issue 14 items 7 and 9: an attack with faces typed in the dialog keeps its headline and its
/// damage in view at 80×24, and the word on the typed faces, the newest line, is the bottom row
/// at once (the tester's repro: it showed only after the next command); the condition it gave,
/// shown in the turn order too, is what gives way here.
#[test]
fn typed_faces_never_push_the_damage_out_of_view() {
    let mut a = new_woin().with_dice(Box::new(ScriptedDice::new([6, 6, 6, 1, 6, 6])));
    drive(
        &mut a,
        ":add Aria side=pc init=3d6<Enter>:weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing melee<Enter>:add Ogre<Enter>:start<Enter>",
    );
    drive(&mut a, "a<Enter>ogre<Enter><Enter><Space><Enter><Enter>");
    let left = answer(&mut a, &[6, 6, 6, 3, 4, 1, 2, 5, 5]);
    assert!(left.is_empty(), "{left:?}");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let text = screen(&a, 80, 24);
    let rows = log_rows(&text);
    assert!(rows.first().is_some_and(|r| r.contains("Aria attacks Ogre")), "{text}");
    assert!(rows.iter().any(|r| r.contains("Ogre takes")), "{text}");
    let typed = rows.iter().position(|r| r.contains("dice typed at the table"));
    assert!(typed.is_some(), "the word on the typed faces, at the bottom\n{text}");
    super::log_view::check_newest(&a, "typed faces");
    super::log_view::check_reachable(&mut a, "typed faces");
}

/// The header keeps round and whose turn in view at 80 columns, with a space before the save
/// mark: a long encounter name is shortened first, then the system's name goes.
#[test]
fn the_header_always_shows_round_and_turn() {
    let cases = [
        ("The Ambush at the Old Bridge over the River Wyrm at Midnight", "Aria"),
        ("Bridge", "Sir Bartholomew the Unreasonably Long-Named Paladin"),
        ("The Ambush at the Old Bridge over the River Wyrm at Midnight", "Bartholomew of Wyrm"),
    ];
    for (name, pc) in cases {
        let mut a = app(Session::new(System::WOIN, name, assets()));
        drive(
            &mut a,
            &format!(":add \"{pc}\" side=pc init=20<Enter>:add Goblin<Enter>:start<Enter>"),
        );
        let text = screen(&a, 80, 24);
        let header = text.lines().next().unwrap_or_default();
        assert!(header.contains("round 1"), "{header}");
        assert!(header.contains("'s turn ● unsaved") || header.contains("… ● unsaved"), "{header}");
        let turn_shown = header.contains(&format!("{pc}'s turn"));
        assert!(turn_shown || !header.contains(" · WOIN"), "system goes before the turn: {header}");
        assert!(header.ends_with(" ● unsaved"), "{header}");
    }
    // An unnamed fight's name says its system already: it is not said twice.
    let mut a = new_woin();
    drive(&mut a, ":new woin<Enter>");
    let header = screen(&a, 80, 24).lines().next().unwrap_or_default().to_string();
    assert_eq!(header.matches("WOIN").count(), 1, "{header}");
}

/// The combatant pane names the selected combatant's weapons on one row; its sheet (Enter) has
/// each with its fields.
#[test]
fn the_combatant_pane_lists_weapons() {
    let mut a = new_woin();
    drive(
        &mut a,
        ":add Aria side=pc init=3d6<Enter>:weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing melee<Enter>:weapon Aria bow pool=4d6 dmg=2d6 range=20<Enter>",
    );
    let area = Rect::new(0, 0, 60, 14);
    let mut buf = Buffer::empty(area);
    ui::render_pane(&a, PLAIN, Pane::Combatant, area, &mut buf);
    let text = buffer_text(&buf);
    assert!(text.contains("⚔ longsword · bow"), "{text}");
    insta::assert_snapshot!("pane_combatant_weapons", text);
    drive(&mut a, "<Enter>");
    let sheet = screen(&a, 80, 24);
    assert!(sheet.contains("⚔ longsword: pool 5d6 · dmg 2d6+2 · type slashing · melee"), "{sheet}");
    assert!(sheet.contains("⚔ bow: pool 4d6 · dmg 2d6 · range 20"), "{sheet}");
}

/// The turn order gives conditions the free columns before cutting their names: whole names
/// with the health bar, then whole names without it, then names cut to six cells with a `…`,
/// and only then as many as fit and `+N` for the rest (never one hidden without a word).
#[test]
fn the_turn_order_uses_free_columns_for_conditions() {
    let cases: [(&str, &str, bool); 3] = [
        ("bleeding", "Bleeding", true),
        ("bleeding,dazed,prone", "Bleeding Dazed Prone", false),
        ("bleeding,dazed,prone,slowed,blind", "Bleed… Dazed Prone +2 ", false),
    ];
    for (conditions, shown, bar) in cases {
        let mut a = new_woin();
        let mut script =
            ":add Aria side=pc init=20<Enter>:add Ogre<Enter>:start<Enter>".to_string();
        for k in conditions.split(',') {
            script.push_str(&format!(":cond Aria {k}<Enter>"));
        }
        drive(&mut a, &script);
        let text = screen(&a, 80, 24);
        let row = text.lines().find(|l| l.contains(" Aria ")).unwrap_or_default();
        assert!(row.contains(shown), "{conditions}: {row}");
        assert_eq!(row.contains('█'), bar, "{conditions}: {row}");
    }
    // A group's long summary gives its columns to a combatant's conditions first.
    let mut a = new_woin();
    drive(
        &mut a,
        ":add Aria side=pc init=20<Enter>:add Goblin x2<Enter>:start<Enter>:cond Aria bleeding<Enter>:cond Aria dazed<Enter>:cond Aria prone<Enter>",
    );
    let text = screen(&a, 80, 24);
    let row = text.lines().find(|l| l.contains(" Aria ")).unwrap_or_default();
    assert!(row.contains("Bleeding Dazed Prone"), "{text}");
    assert!(text.contains("▸Goblin"), "{text}");
}

/// A row's health word too long for its column (`(incapacitated)`) gives way to the count, and
/// a group's summary drops its `(N up)` before its name is cut.
#[test]
fn the_turn_order_shortens_by_words_not_mid_word() {
    let mut a = app(demo(System::SAVAGE));
    // Past her last wound whatever the Incapacitation roll (SW-DMG-3: `wounds 4`).
    drive(&mut a, ":damage Jessa 14<Enter>:damage Jessa 14<Enter>:damage Jessa 14<Enter>");
    drive(&mut a, ":cond Jessa Bleeding-Out<Enter>:cond Jessa prone<Enter>");
    let text = screen(&a, 80, 24);
    let jessa = text.lines().find(|l| l.contains(" Jessa ")).unwrap_or_default();
    assert!(jessa.contains(" 4/3 "), "{jessa}");
    assert!(!jessa.contains("(incap"), "{jessa}");
    assert!(jessa.contains('+'), "the hidden conditions are counted: {jessa}");
    let group = text.lines().find(|l| l.contains("▸Bandit")).unwrap_or_default();
    assert!(group.contains("▸Bandit ×4 ") && !group.contains('…'), "{group}");
}

/// A combatant's pane is a glance (its conditions named, not explained): its bottom border says
/// where the rest is, and Enter on the combatant shows the whole sheet
/// (every stat uncut, each weapon, the condition's effect, notes), scrolled by j/k and closed
/// by any other key; on a group Enter still folds.
#[test]
fn enter_shows_a_combatants_whole_sheet() {
    let mut a = app(demo(System::SAVAGE));
    let jessa = a
        .rows()
        .iter()
        .position(|r| {
            matches!(r, skirmish::app::Row::One(i) if a.session.encounter().combatants[*i].name == "Jessa")
        })
        .expect("Jessa in the demo");
    a.selected = jessa;
    let dashboard = screen(&a, 80, 24);
    assert!(dashboard.contains("└ Enter: whole sheet ─"), "{dashboard}");
    drive(&mut a, "<Enter>");
    let sheet = screen(&a, 80, 24);
    assert!(sheet.contains("Spirit roll at turn start"), "{sheet}");
    assert!(sheet.contains("A benny clears it."), "{sheet}");
    insta::assert_snapshot!("sheet_savage_jessa_80x24", sheet);
    // j/k scroll, any other key closes, nothing else changes.
    let rows = a.rows().len();
    drive(&mut a, "jk<Esc>");
    assert_eq!(a.selected, jessa);
    assert_eq!(screen(&a, 80, 24), dashboard);
    // The captain's sheet has room for every field name whole, both weapons and his note.
    drive(&mut a, "k");
    drive(&mut a, "<Enter>");
    let captain = screen(&a, 80, 24);
    for whole in ["intimidation d", "⚔ saber: dmg str+d6", "⚔ flintlock: dmg 2d6+1", "✎ Scarred"]
    {
        assert!(captain.contains(whole), "{whole}: {captain}");
    }
    drive(&mut a, "q");
    assert!(!a.quit, "q closes the sheet, it does not quit");
    // Enter on a group still folds it.
    let group = a
        .rows()
        .iter()
        .position(|r| matches!(r, skirmish::app::Row::Group { .. }))
        .expect("a group in the demo");
    a.selected = group;
    drive(&mut a, "<Enter>");
    assert!(a.rows().len() > rows, "the group opened");
    assert!(matches!(a.mode, skirmish::app::Mode::Normal));
}

/// The initiative dialog says what this system's initiative is typed as (WOIN-INIT-2's AGI
/// tie-break, SW-INIT-1's card, GURPS-INIT-1's Basic Speed, Gempunks' d6 + Agility).
#[test]
fn the_initiative_dialog_hints_the_systems_own_form() {
    for (system, wanted) in [
        (System::WOIN, "such as 17 (ties go to AGI)"),
        (System::SAVAGE, "QS, 10H or 2c, or joker"),
        (System::GURPS, "a Basic Speed, such as 5.75"),
        (System::GEMPUNKS, "(d6 + Agility), such as 7"),
    ] {
        let mut a = app(demo(system));
        drive(&mut a, "i<Enter>");
        let text = screen(&a, 100, 30);
        assert!(text.contains(wanted), "{system}: {text}");
    }
}

/// A dialog never cuts a figure: an answer longer than a row (a GURPS defense with its odds)
/// and the odds line wrap by words, so every row read in turn says the whole text; the box
/// grows so the field being typed in stays on screen.
#[test]
fn dialog_answers_and_odds_wrap_instead_of_being_cut() {
    let mut a = app(Session::new(System::GURPS, "t", assets()));
    drive(
        &mut a,
        ":add Rook side=pc st=13 dx=12<Enter>:weapon Rook broadsword dmg=sw+1 type=cut skill=14 parry=0<Enter>:add Orc st=12<Enter>:weapon Orc axe dmg=sw+2 type=cut skill=12<Enter>:init Orc 9<Enter>:init Rook 5<Enter>:start<Enter>",
    );
    // The Orc's attack hits (10): Rook's defense is asked, a retreating parry picked.
    // The own steps, the maneuver (Attack), then the attack roll.
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter><Enter>3 3 4<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("{:?}", a.status) };
    let Some(skirmish::app::dialog::Step::Pick { options, .. }) = dialog.step() else {
        panic!("the defense: {dialog:?}")
    };
    let at = options.iter().position(|(l, _)| l.contains("retreating")).expect("a retreat");
    let defense = options[at].0.clone();
    drive(&mut a, &format!("{}<Enter>", "<Down>".repeat(at)));
    let Mode::Dialog(dialog) = &a.mode else { panic!("{:?}", a.status) };
    let preview = dialog.preview.clone().expect("the odds above the questions");
    let text = screen(&a, 80, 24);
    // The dialog's rows (the columns inside its box), read in turn as one text.
    let left = text
        .lines()
        .find_map(|l| l.split("┌ Attack").next().filter(|b| b.len() < l.len()))
        .map(|before| before.chars().count())
        .expect("the dialog's box");
    let read: String = text
        .lines()
        .map(|l| l.chars().skip(left + 1).take(62).collect::<String>().trim().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(read.contains(&format!("odds: {preview}")), "{preview}\n{text}");
    assert!(read.contains(&format!("Rook's defense: {defense}")), "{defense}\n{text}");
}

/// WOIN-COND-9: a severe Fatigued halves the highest health; the screens show the maximum as it
/// now stands (15/15, not 15/30), in the turn order, the combatant pane and `skirmish run`'s
/// board.
#[test]
fn the_maximum_shown_is_the_one_conditions_leave() {
    let mut a = new_woin();
    drive(&mut a, ":add Aria side=pc health=30<Enter>:cond Aria fatigued severe<Enter>");
    let text = screen(&a, 80, 24);
    let row = text.lines().find(|l| l.contains(" Aria ")).unwrap_or_default();
    assert!(row.contains("15/15"), "{row}");
    assert!(text.contains("HEALTH 15/15"), "{text}");
    let panes: Vec<&str> = text.lines().take(11).collect();
    assert!(!panes.join("\n").contains("15/30"), "{text}");
    let board = skirmish::cli::to_text(&a.session);
    assert!(board.contains("HEALTH 15/15"), "{board}");
}

/// GEM-ATK-5: a Gempunks set's further targets are everyone but the attacker and the target
/// already chosen.
#[test]
fn further_targets_leave_out_the_one_chosen() {
    let mut a = app(demo(System::GEMPUNKS));
    drive(&mut a, "a");
    let mut steps = 0;
    loop {
        let Mode::Dialog(dialog) = &a.mode else { panic!("{:?}", a.status) };
        if let Some(skirmish::app::dialog::Step::Toggles { label, options, .. }) = dialog.step()
            && label == "other targets"
        {
            let first = dialog.answers[1].clone();
            assert!(!options.iter().any(|(id, _)| *id == first), "{first}: {options:?}");
            assert!(!options.is_empty());
            break;
        }
        drive(&mut a, "<Enter>");
        steps += 1;
        assert!(steps < 12, "no further-targets step");
    }
}

/// The help screen's option texts wrap under themselves, not under the option names.
#[test]
fn help_texts_wrap_under_themselves() {
    let mut a = app(demo(System::WOIN));
    drive(&mut a, &format!("?{}", "j".repeat(24)));
    let text = screen(&a, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.contains("typed_dice roll")).expect("typed_dice shown");
    let next = lines[at + 1];
    let inside: String = next.chars().skip(4).collect();
    assert!(inside.starts_with(&" ".repeat(20)), "{next}\n{text}");
}

/// A dialog field longer than its row scrolls sideways to keep what is being typed, and the
/// cursor, inside the box.
#[test]
fn a_long_dialog_field_scrolls_to_the_cursor() {
    let mut a = app(demo(System::WOIN));
    let long = "note=a-very-long-answer-typed-into-the-field-that-goes-on-and-on-until-END";
    drive(&mut a, &format!("r{long}"));
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    let cursor = ui::render(&a, PLAIN, area, &mut buf).expect("a cursor in the field");
    let text = buffer_text(&buf);
    let row = text.lines().nth(cursor.1 as usize).unwrap_or_default();
    assert!(row.contains("until-END"), "{row}");
    // The box is 64 cells wide in the middle of 80: its inside ends at column 70.
    assert!((9..=70).contains(&cursor.0), "{cursor:?}\n{text}");
}

/// Issue 14 item 14: the combatant pane's fixed cells hold each system's glance figures as the
/// rules use them now (defaults filled in, conditions applied), the same cells for everyone,
/// and the lines the system adds say what else its rolls carry.
#[test]
fn the_combatant_pane_shows_figures_as_the_rules_use_them() {
    let cases: [(System, &str, &[&str]); 10] = [
        // WOIN-COND (seed 000, Slowed): −4 to the physical DEFENSEs, not MENTAL.
        (
            System::WOIN,
            ":add Aria side=pc melee=13 ranged=12 mental=11<Enter>:cond Aria slowed<Enter>",
            &["melee def 9 ", "ranged def 8 ", "mental def 11 ", "vital def 6 ", "soak 0 "],
        ),
        // An unset skill rolls d4−2 (SW-ATK-1's roll, untrained); an Extra has no bennies.
        (
            System::SAVAGE,
            ":add Thug fighting=d8 parry=6<Enter>",
            &["parry 6 ", "toughness 5 ", "fighting d8 ", "shooting d4−2 ", "bennies none "],
        ),
        // SW-ATK-2 (Reading): prone, −2 Parry; SW-ROLL-2: a wound's −1 on every trait roll.
        (
            System::SAVAGE,
            ":add Cole side=pc parry=7 toughness=5<Enter>:cond Cole prone<Enter>:damage Cole 9<Enter>",
            &["parry 5 ", "bennies 0 ", "trait rolls: wounds −1"],
        ),
        // GURPS-HP-1: below a third of its HP, Move is halved (round up).
        (
            System::GURPS,
            ":add Rook st=12 dx=13 ht=12 dr=2<Enter>:damage Rook 12<Enter>:uncond Rook prone<Enter>",
            &["dr 2 ", "move 3 ", "fp 12/12 "],
        ),
        (System::GURPS, ":add Mira dx=12 ht=11<Enter>", &["dodge 8 ", "move 5 ", "dr 0 "]),
        // GURPS-POST-1: lying down, a yard; GURPS-POST-2: −3 to defenses.
        (
            System::GURPS,
            ":add Mira dx=12 ht=11<Enter>:cond Mira prone<Enter>",
            &["dodge 5 ", "move 1 yd "],
        ),
        (
            System::GEMPUNKS,
            ":add Tam gd=6<Enter>",
            &["ad 5 ", "gd 6 ", "toughness 3 ", "armor 0 ", "muscle 0 ", "magic 0 "],
        ),
        // A die's minus is a true one; an Extra given bennies shows them; SW-ATK-7: an object's
        // Parry is 2.
        (
            System::SAVAGE,
            ":add Door fighting=d6-1 bennies=1 parry=5 object<Enter>",
            &["parry 2 ", "fighting d6−1 ", "bennies 1 "],
        ),
        // GURPS-LOC-1: an unaimed blow lands on the torso, so its DR is the one shown.
        (System::GURPS, ":add Knight dr=1 dr.torso=6<Enter>", &["dr 6 "]),
        // GEM-MOD-4: a Stationary target's AD and GD are 2.
        (System::GEMPUNKS, ":add Vex ad=6<Enter>:cond Vex stationary<Enter>", &["ad 2 ", "gd 2 "]),
    ];
    for (system, script, shown) in cases {
        let mut a = app(Session::new(system, "Test", assets()));
        drive(&mut a, script);
        let text = screen(&a, 80, 24);
        let pane: String =
            text.lines().take(11).filter_map(|l| l.split_once("││").map(|(_, r)| r)).collect();
        for figure in shown {
            assert!(pane.contains(figure), "{system} {script}: {figure:?} in\n{text}");
        }
    }
}

/// A switch in a narrow attack dialog that does not fit its row ends in `…`, as a pick's rows
/// do, so a cut label never reads as a whole one; at 80×24 each is whole (the WOIN prone
/// target says the rules count a lying target without it).
#[test]
fn attack_dialog_switches_too_long_for_their_row_end_in_an_ellipsis() {
    let mut a = app(demo(System::WOIN));
    drive(&mut a, "a<Enter><Down><Down><Enter><Enter>");
    let wide = screen(&a, 80, 24);
    assert!(wide.contains("[ ] prone target −1d6 ranged, +2d6 melee (auto when lying)"), "{wide}");
    let narrow = screen(&a, 60, 24);
    let row = narrow.lines().find(|l| l.contains("[ ] prone")).unwrap_or_default();
    assert!(row.trim_end_matches(['│', ' ']).ends_with('…'), "{narrow}");
}

/// The combatant pane's border says what Enter does on the row selected: a combatant's whole
/// sheet, or a group folded and unfolded. GURPS-MAN-10: a weapon knocked out of readiness is
/// named on the pane (its Parry is `—` until readied).
#[test]
fn the_pane_says_what_enter_does_and_which_weapon_is_not_ready() {
    let mut a = app(demo(System::WOIN));
    let group = a.rows().iter().position(|r| matches!(r, skirmish::app::Row::Group { .. }));
    a.selected = group.expect("the goblins' row");
    assert!(screen(&a, 80, 24).contains("└ Enter: unfold the group ─"));
    drive(&mut a, "<Enter>");
    assert!(screen(&a, 80, 24).contains("└ Enter: fold the group ─"));
    drive(&mut a, "j");
    assert!(screen(&a, 80, 24).contains("└ Enter: whole sheet ─"));
    let a = app(demo(System::GURPS));
    let text = screen(&a, 80, 24);
    assert!(text.contains("││not ready: broadsword "), "{text}");
    assert!(text.contains("parry —"), "{text}");
}

/// A sheet or the help longer than its box says so on its bottom border until j reaches the
/// end, so nothing below is missed on a small screen.
#[test]
fn a_sheet_or_help_longer_than_its_box_says_more_is_below() {
    let mut a = app(demo(System::SAVAGE));
    a.selected = 0;
    drive(&mut a, ":cond bandit-captain prone<Enter>:cond bandit-captain fatigued<Enter><Enter>");
    let small = screen(&a, 60, 20);
    assert!(small.contains("↓ more: j"), "{small}");
    drive_at(&mut a, 60, 20, &"j".repeat(30));
    let end = screen(&a, 60, 20);
    assert!(!end.contains("↓ more: j"), "{end}");
    assert!(end.contains('✎'), "the note is reached: {end}");
    let mut a = app(demo(System::SAVAGE));
    drive(&mut a, "?");
    assert!(screen(&a, 80, 24).contains("↓ more: j"));
    // The mark stays while the help's last line is below the box, and goes as it shows.
    let reference = a.session.assets().reference(System::SAVAGE).unwrap_or_default();
    let last = reference.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or_default();
    let tail: String = last.trim().chars().take(20).collect();
    assert!(!tail.is_empty(), "the Savage Worlds reference has a last line");
    for _ in 0..400 {
        let text = screen(&a, 80, 24);
        if !text.contains("↓ more: j") {
            assert!(text.contains(&tail), "the mark went before the end showed:\n{text}");
            return;
        }
        assert!(!text.contains(&tail), "the end shows yet the mark stays:\n{text}");
        drive(&mut a, "j");
    }
    panic!("the mark never went");
}

/// The combatant pane whose rows overflow marks its border with a ↓ (Enter shows the rest).
#[test]
fn a_combatant_pane_that_overflows_says_so() {
    let mut a = app(demo(System::GURPS));
    let text = screen(&a, 80, 24);
    assert!(!text.contains(" ↓ ┘"), "{text}");
    drive(
        &mut a,
        ":cond Rook stunned<Enter>:cond Rook kneeling<Enter>:cond Rook blinded<Enter>:damage Rook 3<Enter>",
    );
    let text = screen(&a, 80, 24);
    let border = text.lines().find(|l| l.contains("Enter: whole sheet")).unwrap_or_default();
    assert!(border.ends_with("─ ↓ ┘"), "{text}");
}
