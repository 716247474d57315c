//! Issue 26: characters brought in from files. `import` through `run` and the tracker, the values
//! carried by the journal (a fight replays, checks and exports without the file), names made
//! unique, bad files refused with the fight unchanged, the party roster, the GM's own bestiary
//! folder and `skirmish bestiary`.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output, Stdio};

use skirmish::command::complete::{CompletionContext, complete};
use skirmish::command::parse;
use skirmish::save::import::{Prepared, prepare};
use skirmish::{encounter::Session, rules::System, save};

use super::tui::{app, assets, keys};

const OWN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import/own");

fn own(file: &str) -> String {
    format!("{OWN}/{file}")
}

/// A fresh, empty folder of this test's own under the target's temp directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("import-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// `skirmish ARGS` with `home` as both its config and its data folder.
fn skirmish(args: &[&str], home: &Path) -> Output {
    Process::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null())
        .output()
        .expect("skirmish runs")
}

/// `skirmish run` of `script` (lines), with `extra` arguments.
fn run(script: &str, home: &Path, extra: &[&str]) -> Output {
    let path = home.join("script.txt");
    std::fs::write(&path, script).expect("script written");
    let path = path.display().to_string();
    let mut args = vec!["run", "--script", &path, "--seed", "7"];
    args.extend(extra);
    skirmish(&args, home)
}

fn out(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn err(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn gurps() -> Session {
    Session::new(System::GURPS, "imports", assets())
}

/// The session after `lines`, each prepared (files read) and run as the tracker runs them.
fn play(session: &mut Session, lines: &[&str]) -> Result<(), String> {
    for line in lines {
        let command = parse(line).map_err(|e| e.to_string())?.ok_or("empty line")?;
        let command = match prepare(command, session, None)? {
            Prepared::Run { command, .. } => command,
            Prepared::Done(text) => return Err(format!("answered: {text}")),
        };
        let mut dice = skirmish::rules::dice::SeededDice::new(3);
        session.execute(&command, &mut dice).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[test]
fn an_import_adds_each_creature_with_its_values_and_reports_what_it_read() {
    let home = scratch("run");
    let script = format!(
        "new gurps\nimport \"{}\"\nimport \"{}\" as=Grub side=ally\nimport \"{}\"\n",
        own("orcs.ron"),
        own("orcs.ron"),
        own("one.ron"),
    );
    let output = run(&script, &home, &[]);
    let text = out(&output);
    assert!(output.status.success(), "{}", err(&output));
    for line in [
        "Orc Chief joins (enemy)",
        "Orc Archer joins (enemy)",
        // `as=` renames the file's first character, `side=` sets every character's side, and a
        // name already in the fight takes the next number.
        "Grub joins (ally)",
        "Orc Archer 2 joins (ally)",
        // A file of one creature; its side is the file's.
        "Sable joins (pc)",
        // The report, on stdout, under the name the fight gives.
        "Orc Chief: 2 read, 0 ignored, 0 odd",
        "Grub (Orc Chief in the file): 2 read, 0 ignored, 0 odd",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    let mut session = gurps();
    play(&mut session, &[&format!("import \"{}\"", own("orcs.ron"))]).expect("imports");
    let chief = &session.encounter().combatants[0];
    assert_eq!(chief.stats.int("st"), Some(14));
    assert_eq!(chief.stats.int("hp"), Some(16));
    assert_eq!(chief.health.current, 16);
    assert_eq!(chief.weapons.len(), 1);
    assert_eq!(chief.notes, vec!["Leads from the front.".to_string()]);
}

#[test]
fn the_journal_carries_the_values_so_the_fight_needs_no_file_again() {
    let home = scratch("journal");
    let copy = home.join("orcs.ron");
    std::fs::copy(own("orcs.ron"), &copy).expect("copied");
    let save = home.join("fight.skm");
    let save_arg = save.display().to_string();
    let script =
        format!("new gurps\nadd Bob side=pc\nstart\nimport \"{}\" side=enemy\n", copy.display());
    let output = run(&script, &home, &["--save", &save_arg]);
    assert!(output.status.success(), "{}", err(&output));
    std::fs::remove_file(&copy).expect("the file goes");
    // Joined mid-fight, so initiative was rolled for them; replanned from the events alone.
    let check = skirmish(&["check", "--replan", &save_arg], &home);
    assert!(check.status.success(), "{}", err(&check));
    assert!(out(&check).contains("0 differ, 0 could not be planned again"), "{}", out(&check));
    let export = skirmish(&["export", &save_arg], &home);
    assert!(out(&export).contains("| Orc Chief | enemy | HP 16/16 |"), "{}", out(&export));
    let text = std::fs::read_to_string(&save).expect("saved");
    assert!(text.contains("command: \"import /"), "the command keeps its text: {text}");
    assert!(text.contains("\"st\": Int(14)"), "the values are carried: {text}");
}

#[test]
fn a_file_that_cannot_be_read_is_refused_by_name_and_changes_nothing() {
    let cases: &[(&str, &str)] = &[
        (OWN, "is a folder"),
        ("/no/such/file.gcs", "no such file"),
        (&own("binary.ron"), "is not text"),
        (&own("broken.ron"), "line 2, column 33: Unexpected end of RON"),
        (&own("bad-field.ron"), "st=banana: expected a whole number from 0 to 100"),
        (&own("other.json"), "neither a GCS character nor a Savaged.us export"),
    ];
    for (file, expected) in cases {
        let mut session = gurps();
        play(&mut session, &["add Bob side=pc"]).expect("added");
        let why = play(&mut session, &[&format!("import \"{file}\"")]).expect_err("refused");
        assert!(why.contains(file) && why.contains(expected), "{file}: {why}");
        // Nothing half-imported: "Fine" before "Odd" in the same file did not join either.
        assert_eq!(session.encounter().combatants.len(), 1, "{file}");
        assert_eq!(session.nodes().len(), 1, "{file}: no command recorded");
    }
    let mut session = gurps();
    let why = play(&mut session, &[&format!("import \"{}\" enc=7", own("orcs.ron"))]);
    assert!(why.expect_err("refused").contains("enc=7: expected an encumbrance level"));
    let why = play(&mut session, &[&format!("import \"{}\" colour=red", own("orcs.ron"))]);
    assert!(why.expect_err("refused").contains("unknown import option 'colour'"));
    assert!(session.encounter().combatants.is_empty());
}

#[test]
fn an_import_run_without_its_file_read_is_refused_saying_why() {
    let mut session = gurps();
    let command = parse(&format!("import \"{}\"", own("orcs.ron"))).expect("parses");
    let why = session
        .execute(&command.expect("a command"), &mut skirmish::rules::dice::ScriptedDice::new([]))
        .expect_err("the engine reads no file");
    assert!(why.to_string().contains("import reads its file"), "{why}");
}

#[test]
fn a_party_is_saved_joins_a_later_fight_and_keeps_what_it_leaves_with() {
    let home = scratch("party");
    let first = "new gurps\nadd Aria side=pc hp=12\nadd Brom side=pc\nadd Goblin\ndamage Aria 3\n\
                 party add\nparty\n";
    let output = run(first, &home, &[]);
    let text = out(&output);
    assert!(output.status.success(), "{}", err(&output));
    assert!(text.contains("party: Aria, Brom saved (2 in the GURPS 4e party)"), "{text}");
    assert!(text.contains("Aria · 3 lost"), "{text}");
    let roster = home.join("data/skirmish/saves/party/gurps.ron");
    assert!(roster.is_file(), "the roster is kept in the data folder");
    // A later fight: the party joins in one command, as it left; joining again adds no one.
    // What outlasts the fight is kept (Very-Tired), what only matters in it is not (Stunned).
    let second = "new gurps\nadd Orc\nparty join\ndamage Aria 2\ncond Aria Stunned\n\
                  cond Brom Very-Tired\nparty keep\nparty\nparty join\n";
    let output = run(second, &home, &[]);
    let text = out(&output);
    assert!(text.contains("Aria joins (pc)") && text.contains("Brom joins (pc)"), "{text}");
    assert!(text.contains("party: kept Aria, Brom"), "{text}");
    assert!(text.contains("Aria · 5 lost\n"), "{text}");
    assert!(text.contains("Brom · Very-Tired"), "{text}");
    assert!(err(&output).contains("the whole party is in the fight already"), "{}", err(&output));
    let third = "new gurps\nparty drop Brom\nparty\nparty drop Zed\n";
    let output = run(third, &home, &[]);
    assert!(out(&output).contains("party: Brom taken off (1 left)"), "{}", out(&output));
    assert!(err(&output).contains("Zed not in the party"), "{}", err(&output));
    // Another system has a party of its own.
    let output = run("new savage\nparty join\n", &home, &[]);
    assert!(err(&output).contains("the Savage Worlds party is empty"), "{}", err(&output));
}

#[test]
fn the_gms_own_bestiary_adds_creatures_and_skips_a_bad_file_saying_where() {
    let home = scratch("bestiary");
    let folder = home.join("config/skirmish/bestiary/gurps");
    std::fs::create_dir_all(&folder).expect("folder");
    for file in ["orcs.ron", "one.ron", "broken.ron"] {
        std::fs::copy(own(file), folder.join(file)).expect("copied");
    }
    let output = skirmish(&["bestiary", "gurps"], &home);
    assert!(output.status.success());
    let (text, warnings) = (out(&output), err(&output));
    assert!(
        text.contains("Orc Chief") && text.contains("Sable") && text.contains("Troll"),
        "{text}"
    );
    assert!(warnings.contains("broken.ron: line 2, column 33") && warnings.contains("(skipped)"));
    // Added by name like a built-in creature, its stats and weapon with it.
    let output = run("new gurps\nadd \"orc chief\"\n", &home, &["--json"]);
    assert!(output.status.success(), "{}", err(&output));
    assert!(out(&output).contains("\"st\""), "{}", out(&output));
}

#[test]
fn the_tracker_shows_the_report_until_a_key_closes_it_and_tab_completes_paths() {
    let mut app = app(gurps());
    app.run_line(&format!("import \"{}\" side=enemy", own("orcs.ron")), None);
    assert_eq!(app.session.encounter().combatants.len(), 2);
    let skirmish::app::Mode::Report { lines, .. } = &app.mode else {
        panic!("the report is shown: {:?}", app.status)
    };
    assert!(lines.iter().any(|l| l.contains("Orc Chief: 2 read, 0 ignored, 0 odd")), "{lines:?}");
    // A stray key or a scroll key keeps it (what looked odd is not lost); Esc closes it.
    for key in keys("xG<End><Home>") {
        app.handle_key(key);
    }
    assert!(matches!(app.mode, skirmish::app::Mode::Report { .. }));
    for key in keys("<Esc>") {
        app.handle_key(key);
    }
    assert!(matches!(app.mode, skirmish::app::Mode::Normal));
    // A file that does not read: the reason, and no report.
    app.run_line("import /no/such.gcs", None);
    assert!(matches!(app.mode, skirmish::app::Mode::Normal));
    assert_eq!(app.session.encounter().combatants.len(), 2);
    let ctx = CompletionContext { paths: Some(save::paths_like), ..CompletionContext::default() };
    let found = complete("import tests/fixtures/import/own/or", &ctx);
    assert_eq!(found, vec!["tests/fixtures/import/own/orcs.ron".to_string()]);
    let found = complete("import tests/fixtures/imp", &ctx);
    assert_eq!(found, vec!["tests/fixtures/import/".to_string()]);
}

const SAVAGED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import/savaged");
const TEXT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import/text");

#[test]
fn a_savaged_export_joins_with_its_allied_extra_its_wounds_and_fatigue() {
    let mut session = Session::new(System::SAVAGE, "salt road", assets());
    play(&mut session, &[&format!("import \"{SAVAGED}/full.json\"")]).expect("imports");
    let enc = session.encounter();
    let mara = &enc.combatants[0];
    assert_eq!((mara.name.as_str(), mara.side), ("Mara Quell", skirmish::rules::Side::Pc));
    // One wound taken of three; Exhausted is Fatigued at its severe level.
    assert_eq!((mara.health.current, mara.health.max), (2, 3));
    assert_eq!(mara.conditions.len(), 1);
    assert_eq!(mara.conditions[0].name, "Fatigued");
    assert_eq!(mara.conditions[0].level, skirmish::rules::conditions::Level::Severe);
    assert!(mara.weapons.iter().any(|w| w.name == "Spear (Thrown)"), "{:?}", mara.weapons);
    let rex = &enc.combatants[1];
    assert_eq!((rex.name.as_str(), rex.side), ("Rex", skirmish::rules::Side::Ally));
    // As enemies, the companion fights on their side.
    let mut session = Session::new(System::SAVAGE, "ambush", assets());
    play(&mut session, &[&format!("import \"{SAVAGED}/full.json\" side=enemy")]).expect("ok");
    let sides: Vec<_> = session.encounter().combatants.iter().map(|c| c.side).collect();
    assert_eq!(sides, vec![skirmish::rules::Side::Enemy; 2]);
    // A character of another system is refused by name, nothing added.
    let mut session = gurps();
    let why = play(&mut session, &[&format!("import \"{SAVAGED}/full.json\"")]).expect_err("no");
    assert!(why.contains("Mara Quell is a Savage Worlds character"), "{why}");
    assert!(session.encounter().combatants.is_empty());
    let why = play(&mut session, &[&format!("import \"{SAVAGED}/malformed.json\"")]);
    assert!(why.expect_err("bad JSON").contains("line 5, column 5: is not valid JSON"));
}

#[test]
fn stat_blocks_as_printed_join_as_foes_and_name_each_line_not_read() {
    let home = scratch("blocks");
    let script = format!("new savage\nimport \"{TEXT}/savage_raiders.txt\" --text\n");
    let output = run(&script, &home, &[]);
    let text = out(&output);
    assert!(output.status.success(), "{}", err(&output));
    for line in [
        "Grask the Red joins (enemy, Wild Card)",
        "Salt Hound joins (enemy, Extra)",
        "line 23: special ability Go for the Throat",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    let script = format!("new woin\nimport \"{TEXT}/woin_blocks.txt\" --text side=neutral\n");
    let output = run(&script, &home, &[]);
    assert!(out(&output).contains("Sergeant Vell joins (neutral)"), "{}", out(&output));
    // Another system's blocks are refused saying whose they are.
    let mut session = Session::new(System::SAVAGE, "mixed up", assets());
    let why = play(&mut session, &[&format!("import \"{TEXT}/woin_blocks.txt\" --text")]);
    let why = why.expect_err("WOIN blocks");
    assert!(why.contains("holds WOIN stat blocks; this encounter plays Savage Worlds"), "{why}");
    // Text that holds no block is refused saying so.
    let mut session = Session::new(System::SAVAGE, "prose", assets());
    let why = play(&mut session, &[&format!("import \"{TEXT}/prose.txt\" --text")]);
    assert!(why.expect_err("no block").contains("prose.txt"));
    // In a script, `-` reads the block from standard input.
    let mut process = Process::new(env!("CARGO_BIN_EXE_skirmish"));
    process
        .args(["run", "--script", &home.join("stdin.txt").display().to_string()])
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    std::fs::write(home.join("stdin.txt"), "new savage\nimport - --text\n").expect("script");
    let mut child = process.spawn().expect("runs");
    let block = std::fs::read_to_string(format!("{TEXT}/savage_gunner.txt")).expect("fixture");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), block.as_bytes())
        .expect("written");
    let output = child.wait_with_output().expect("ends");
    assert!(output.status.success(), "{}", err(&output));
    assert!(out(&output).contains(" joins (enemy"), "{}", out(&output));
}

#[test]
fn a_block_pasted_into_the_tracker_is_read_on_ctrl_d() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let mut app = app(Session::new(System::SAVAGE, "paste", assets()));
    let block = std::fs::read_to_string(format!("{TEXT}/savage_raiders.txt")).expect("fixture");
    // A terminal sends a pasted line break as a carriage return.
    app.handle_event(&Event::Paste(block.replace('\n', "\r")));
    assert!(matches!(app.mode, skirmish::app::Mode::Paste { .. }), "the box opens");
    app.handle_key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL));
    let names: Vec<&str> =
        app.session.encounter().combatants.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["Grask the Red", "Salt Hound"]);
    assert!(matches!(app.mode, skirmish::app::Mode::Report { .. }), "the report follows");
    // The journal names the paste, not a file, and the events carry the values.
    let last = app.session.entries().last().map(|e| e.command.clone()).unwrap_or_default();
    assert_eq!(last, "import - --text");
    // `import - --text` opens the box empty; pasted text with no block stays to be mended.
    app.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    app.run_line("import - --text", None);
    app.handle_event(&Event::Paste("just some words".into()));
    app.handle_key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL));
    assert!(matches!(&app.mode, skirmish::app::Mode::Paste { text } if text == "just some words"));
    // A paste on the command line comes as one line: its breaks never run a command.
    app.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    app.handle_key(KeyEvent::new(KeyCode::Char(':'), KeyModifiers::NONE));
    app.handle_event(&Event::Paste("add Ogre\nadd Troll".into()));
    assert_eq!(app.input.value(), "add Ogre add Troll");
    assert_eq!(app.session.encounter().combatants.len(), 2);
}

const GCS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import/gcs");

#[test]
fn a_gcs_character_fights_with_the_figures_gcs_computed() {
    let mut session = gurps();
    play(&mut session, &[&format!("import \"{GCS}/fighter.gcs\""), "start"]).expect("imports");
    let brana = session.encounter().combatants[0].clone();
    assert_eq!(brana.name, "Brana Holt");
    // HP 13 with 4 lost; the sword's Parry gives back GCS's 14 from skill 15.
    assert_eq!((brana.health.current, brana.health.max), (9, 13));
    let sword = brana.weapons.iter().find(|w| w.name == "Broadsword (swing)").expect("sword");
    assert_eq!(sword.stats.dice("dmg").or(sword.stats.text("dmg")), Some("2d+1"));
    assert_eq!(sword.stats.text("parry"), Some("+4"));
    assert!(brana.weapons.iter().any(|w| w.name == "Spear (thrown)"), "usages apart");
    // A gunner's shotgun keeps its RoF whole, for rapid fire.
    play(&mut session, &[&format!("import \"{GCS}/gunner.gcs\" side=enemy")]).expect("imports");
    let ives = &session.encounter().combatants[1];
    let shotgun = ives.weapons.iter().find(|w| w.name == "Shotgun").expect("shotgun");
    assert_eq!(shotgun.stats.text("rof"), Some("3x9"));
    // `enc=` picks the encumbrance level instead of the carried weight.
    let mut other = gurps();
    play(&mut other, &[&format!("import \"{GCS}/fighter.gcs\" enc=0")]).expect("imports");
    let unburdened = other.encounter().combatants[0].stats.int("move");
    assert!(unburdened > brana.stats.int("move"), "{unburdened:?}");
    // A file GCS never computed, a newer version, another system's JSON: refused by name.
    for (file, expected) in [
        ("nocalc.gcs", "open and save it in GCS 5.24 or later"),
        ("newer.gcs", "version"),
        ("savaged.json", "Savaged"),
        ("malformed.gcs", "line"),
    ] {
        let mut session = gurps();
        let why = play(&mut session, &[&format!("import \"{GCS}/{file}\"")]).expect_err(file);
        assert!(why.contains(file) && why.contains(expected), "{file}: {why}");
        assert!(session.encounter().combatants.is_empty());
    }
}

#[test]
fn a_block_with_a_typo_is_refused_where_it_would_fight_wrong_and_flagged_where_it_would_not() {
    let typo = |text: &str| {
        let mut session = Session::new(System::SAVAGE, "typos", assets());
        let catalogue = session.assets().catalogue(System::SAVAGE);
        let read = save::import::sheets_of(text, "orc.txt", true, System::SAVAGE, None, &catalogue);
        let _ = &mut session;
        read
    };
    let block = "Orc Brute\nAttributes: Agility d6, Smarts d4, Spirit d6, Strenght d10, Vigor d8\n\
                 Skills: Fighting d8, Notice d4, Intimdation d6\n\
                 Pace: 6; Parry: 6; Toughness: 8 (2)\nGear: Big club (Str+d8)\n";
    let why = typo(block).expect_err("an attribute misread").to_string();
    assert_eq!(why, "orc.txt: line 2: \"Strenght\" is not an attribute (did you mean Strength?)");
    let block = block.replace("Strenght", "Strength").replace("Toughness: 8", "Toughnes: 8");
    let why = typo(&block).expect_err("a figure misread").to_string();
    assert!(
        why.contains("line 4: \"Toughnes\" is not a figure (did you mean Toughness?)"),
        "{why}"
    );
    let block = block.replace("Toughnes: 8", "Toughness: 8");
    let sheets = typo(&block).expect("reads");
    let odd = &sheets[0].report.odd;
    assert!(odd.iter().any(|l| l.contains("Intimdation d6 not read: did you mean Intimidation?")));
    // No Toughness at all: refused rather than fought at skirmish's default.
    let why = typo(&block.replace("; Toughness: 8 (2)", "")).expect_err("no toughness");
    assert!(why.to_string().contains("no Toughness in Orc Brute's block"), "{why}");
    // A Wild Card foe brings the GM's two bennies.
    let sheets = typo(&format!("WC {block}")).expect("reads");
    assert!(sheets[0].fields.contains(&("bennies".into(), "2".into())), "{:?}", sheets[0].fields);
}
