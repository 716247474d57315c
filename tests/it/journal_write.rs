//! The journal's write path and its version 6 lines: a record that cannot be written is an error
//! that keeps the file (never an empty line), and each record's checksum is the fixed-width
//! prefix of its line.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize, Serializer};
use skirmish::command::parse_in;
use skirmish::encounter::{Assets, Session};
use skirmish::rules::conditions::Condition;
use skirmish::rules::dice::{DiceExpr, DiceSource, ScriptedDice};
use skirmish::rules::effect::Effect;
use skirmish::rules::initiative::{InitValue, Initiative};
use skirmish::rules::request::{
    DamageOutcome, DamageRequest, InitContext, InitRequest, ShakeOutcome, SpecialRequest,
};
use skirmish::rules::ruleset::{Line, Roster};
use skirmish::rules::signature::{ArgKind, CommandSpec, req};
use skirmish::rules::spec::{Counts, HealthSpec, Spec};
use skirmish::rules::state::SystemEvent;
use skirmish::rules::stats::{FieldSpec, Stats, int_field};
use skirmish::rules::typed::Rules;
use skirmish::rules::verb::Verb;
use skirmish::rules::{ActionPool, Health, Pass, RulesError, System};
use skirmish::save;

fn assets() -> Arc<Assets> {
    Arc::new(save::assets::embedded_assets().expect("assets"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A system whose one verb, `jam`, records an event that refuses to be serialised: the seam
/// through which a write can fail (no event of the four systems does).
struct Jammed;

static JAMMED: Jammed = Jammed;

fn jammed() -> System {
    System::custom(&JAMMED)
}

/// An event whose serialisation always fails.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
struct Unwritable;

impl Serialize for Unwritable {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("this event refuses to be written"))
    }
}

static FIELDS: &[FieldSpec] = &[int_field("hp", 1, 100, "hit points")];

static COMMANDS: &[Verb] = &[Verb {
    spec: CommandSpec {
        name: "jam",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        fields: &[],
        summary: "records an event that cannot be written",
        help: "For the write path's tests.",
        example: "jam Aria",
    },
    run: jam,
}];

/// `jam NAME`: an event that cannot be serialised.
fn jam(_: SpecialRequest<'_>, _: &mut dyn DiceSource) -> Result<Vec<Effect>, RulesError> {
    Ok(vec![Effect::System(SystemEvent::new("Jammed", Unwritable))])
}

static SPEC: Spec = Spec {
    commands: COMMANDS,
    fields: FIELDS,
    health: HealthSpec { label: "HP", counts: Counts::Left },
    ..Spec::new("jammed", "Jammed", "Jammed")
};

impl Rules for Jammed {
    type State = ();
    type Event = Unwritable;

    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn sheet(
        &self,
        _: skirmish::rules::request::Subject<'_, ()>,
    ) -> skirmish::rules::request::Sheet {
        skirmish::rules::request::Sheet::default()
    }

    fn health(&self, stats: &Stats) -> Health {
        Health::full(stats.int_or("hp", 6))
    }

    fn roll_initiative(
        &self,
        _: InitRequest<'_>,
        _: &mut InitContext<()>,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        let roll = DiceExpr::parse("1d6")?.roll(dice)?;
        Ok(Initiative::new(InitValue::Count(roll.total)))
    }

    fn typed_initiative(&self, _: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let n = text.parse().map_err(|_| RulesError::Invalid(format!("not a number: {text}")))?;
        Ok(Initiative::new(InitValue::Count(n)))
    }

    fn turn_budget(
        &self,
        _: skirmish::rules::request::Subject<'_, ()>,
        _: Pass,
    ) -> Vec<ActionPool> {
        vec![ActionPool::new("actions", 1)]
    }

    fn damage(&self, hit: DamageRequest<'_, ()>) -> Result<DamageOutcome, RulesError> {
        Ok(DamageOutcome {
            loss: hit.amount,
            conditions: vec![],
            explain: String::new(),
            events: vec![],
        })
    }

    fn shake_off(
        &self,
        _: skirmish::rules::request::Subject<'_, ()>,
        _: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        let roll = DiceExpr::parse("1d6")?.roll(dice)?;
        Ok(ShakeOutcome { roll, success: true, explain: String::new() })
    }

    fn apply(&self, _: &mut (), _: &Unwritable, _: &mut dyn Roster) -> Result<Line, RulesError> {
        Ok(Line { text: "jammed".into(), roll: None, who: None })
    }
}

fn run(session: &mut Session, lines: &[&str]) {
    let mut dice = ScriptedDice::new([]);
    for line in lines {
        let command = parse_in(line, Some(jammed())).unwrap_or_else(|e| panic!("{line}: {e}"));
        let command = command.unwrap_or_else(|| panic!("{line}: empty"));
        session.execute(&command, &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

/// A command whose record cannot be serialised makes every write path fail with the reason and
/// the record it was (before, it was written as an empty line, so the next load failed on it),
/// and a save onto an existing file leaves that file as it was.
#[test]
fn a_record_that_cannot_be_serialised_is_an_error_and_the_file_is_kept() {
    let mut s = Session::new(jammed(), "jam", assets());
    run(&mut s, &["add Aria hp=8"]);
    let written = save::journal::write_full(&s).expect("a plain fight is written").1;
    run(&mut s, &["jam Aria"]);

    let err = save::to_ron(&s).expect_err("the jammed record is not written").to_string();
    assert!(err.contains("command 2"), "{err}");
    assert!(err.contains("this event refuses to be written"), "{err}");
    let appended = save::journal::tail(&s, &written).expect_err("nor appended").to_string();
    assert_eq!(appended, err);

    let dir = std::env::temp_dir().join(format!("skirmish-jw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("jam.ron");
    std::fs::write(&path, "what was there\n").expect("written");
    let refused = save::save(&s, &path).expect_err("the save fails").to_string();
    assert!(refused.contains("this event refuses to be written"), "{refused}");
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), "what was there\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tracker says it could not save, keeps the file, and writes the whole journal next time.
#[test]
fn the_tracker_says_it_could_not_save_a_record_it_cannot_write() {
    let dir = std::env::temp_dir().join(format!("skirmish-jwt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("jam.ron");
    let mut s = Session::new(jammed(), "jam", assets());
    run(&mut s, &["add Aria hp=8"]);
    let keys = skirmish::app::keymap::KeyMap::defaults();
    let mut app =
        skirmish::app::App::new(s, Some(path.clone()), keys, skirmish::app::NewFiles::new(None, 1));
    app.run_line("jam Aria", None);
    assert!(app.effects.is_empty(), "nothing to write: {:?}", app.effects);
    assert!(app.status.error, "{}", app.status.text);
    assert!(app.status.text.starts_with("could not save"), "{}", app.status.text);
    assert!(app.status.text.contains("this event refuses to be written"), "{}", app.status.text);
    assert!(matches!(app.save_state, skirmish::app::SaveState::Failed(_)));
    assert_eq!(app.journal, None, "the next write is the whole journal");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The sample fights, written now (version 6).
fn samples() -> Vec<(System, String)> {
    System::ALL
        .into_iter()
        .map(|system| {
            let path = root().join(format!("saves/{}-demo.ron", system.key()));
            let s = save::load(&path, assets()).expect("sample loads");
            (system, save::to_ron(&s).expect("written"))
        })
        .collect()
}

/// Version 6: the header keeps its `sum` field (so any version of skirmish can read which version
/// a file is), and every record line starts with its checksum, 16 hex digits and a space; the
/// record's RON after it has no sum of its own.
#[test]
fn each_record_line_starts_with_its_checksum() {
    for (system, text) in samples() {
        let mut lines = text.lines();
        let header = lines.next().expect("a header");
        assert!(header.starts_with("(version: 6, "), "{header}");
        assert!(header.contains(", sum: \""), "{header}");
        for line in lines {
            let (sum, body) = line.split_at(17);
            assert!(sum[..16].bytes().all(|b| b.is_ascii_hexdigit()), "{}: {line}", system.key());
            assert_eq!(&sum[16..], " ");
            assert!(["Command(", "At(", "Snapshot("].iter().any(|k| body.starts_with(k)), "{body}");
            assert!(!body.contains("sum: \""), "{}: {body}", system.key());
            assert_eq!(save::journal::sum_of(line), Some(&line[..16]));
        }
    }
}

/// An edit to a record's prefix or body is found on its line; a prefix that is not 16 hex digits
/// and a space says what was expected.
#[test]
fn an_edited_prefix_or_record_is_found_on_its_line() {
    let (_, text) = samples().swap_remove(0);
    let third = text.lines().nth(2).expect("a record on line 3");
    let flipped = {
        let first = if third.starts_with('0') { "1" } else { "0" };
        format!("{first}{}", &third[1..])
    };
    let cases: [(&str, String, &str); 4] = [
        ("a digit of its sum", flipped, "does not match its checksum"),
        ("its body", third.replacen("n: 2", "n: 3", 1), "does not match its checksum"),
        ("no space", third.replacen(' ', "", 1), "16 hex digits"),
        ("no sum", third[17..].to_string(), "16 hex digits"),
    ];
    for (what, edited, said) in cases {
        assert_ne!(edited, third, "{what}");
        let bad = text.replacen(third, &edited, 1);
        let err = save::from_ron(&bad, Path::new("f.ron"), assets()).expect_err(what).to_string();
        assert!(err.starts_with("f.ron:3:"), "{what}: {err}");
        assert!(err.contains(said), "{what}: {err}");
    }
}

/// Every older version still opens (v5 and v4 by the same loader, v1 to v3 converted as they
/// load), and a version 5 fight gains version 6 at its next full write: its file is never
/// appended to in the old form.
#[test]
fn a_version_5_file_opens_and_is_rewritten_whole() {
    for system in System::ALL {
        let old = root().join(format!("tests/fixtures/v5/{}-demo.ron", system.key()));
        let text = std::fs::read_to_string(&old).expect("a version 5 sample");
        assert!(text.starts_with("(version: 5,"), "{}", system.key());
        let (session, written) = save::load_whole(&old, assets()).expect("loads");
        assert_eq!(written, None, "{}: an older file is not appended to", system.key());
        let now = save::to_ron(&session).expect("written");
        assert!(now.starts_with("(version: 6,"));
        let back = save::from_ron(&now, &old, assets()).expect("reads back");
        assert_eq!(back.encounter(), session.encounter(), "{}", system.key());
    }
}

/// `reseal` gives a journal edited on purpose fresh prefixes, in version 6 as before.
#[test]
fn reseal_mends_the_prefixes_of_an_edited_journal() {
    let (_, text) = samples().swap_remove(0);
    let edited = text.replacen("init=4d6", "init=5d6", 1);
    assert_ne!(edited, text);
    assert!(save::from_ron(&edited, Path::new("f.ron"), assets()).is_err());
    let mended = save::journal::reseal(&edited);
    assert_ne!(mended, edited);
    save::from_ron(&mended, Path::new("f.ron"), assets()).expect("resealed, it loads");
    assert_eq!(save::journal::reseal(&text), text, "a whole journal is left as it is");
}

impl skirmish::rules::state::Bounded for Unwritable {
    fn check_bounds(&self) -> Result<(), String> {
        Ok(())
    }
}
