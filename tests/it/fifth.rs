//! A fifth ruleset that lives only here: its own state, its own event, its own verb and an attack
//! on two targets, all run through the unchanged engine. Proof that a system is added without
//! touching `encounter/`, `command/` or the CLI.

use skirmish::rules::effect::{ConditionChange, Ending};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skirmish::command::parse_in;
use skirmish::encounter::{Assets, Session};
use skirmish::rules::conditions::{Catalogue, Condition, ConditionSpec};
use skirmish::rules::dice::{DiceExpr, DiceSource, ScriptedDice};
use skirmish::rules::effect::{Effect, Hit, Who};
use skirmish::rules::initiative::{InitValue, Initiative};
use skirmish::rules::request::{
    AttackRequest, DamageOutcome, DamageRequest, InitContext, InitRequest, ShakeOutcome,
    SpecialRequest,
};
use skirmish::rules::ruleset::{Fact, Line, Roster};
use skirmish::rules::signature::{ArgKind, CommandSpec, req};
use skirmish::rules::spec::{Counts, HealthSpec, Spec};
use skirmish::rules::state::SystemEvent;
use skirmish::rules::stats::{FieldSpec, Stats, int_field};
use skirmish::rules::typed::Rules;
use skirmish::rules::verb::Verb;
use skirmish::rules::{ActionPool, Health, Pass, RulesError, System};

/// Lite: 1d6 initiative, one action, hits of 1d6 on a 4+, and a `rally` that the system counts.
struct Lite;

static LITE: Lite = Lite;

fn lite() -> System {
    System::custom(&LITE)
}

/// Lite's own state: how many times each side has rallied, and the turns begun.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct LiteState {
    rallies: Vec<String>,
    turns: u32,
}

/// Lite's own event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum LiteEvent {
    Rallied { id: String },
}

static FIELDS: &[FieldSpec] = &[int_field("hp", 1, 100, "hit points")];

static COMMANDS: &[Verb] = &[Verb {
    spec: CommandSpec {
        name: "rally",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        fields: &[],
        summary: "Lite: shake off Dazed and count the rally",
        help: "Removes Dazed; the system keeps count.",
        example: "rally Aria",
    },
    run: rally,
}];

/// `rally NAME`: Dazed goes, and the system counts the rally in its own event.
fn rally(request: SpecialRequest<'_>, _: &mut dyn DiceSource) -> Result<Vec<Effect>, RulesError> {
    let id = request.actor_id.ok_or(RulesError::Invalid("rally needs a NAME".into()))?;
    Ok(vec![
        Effect::System(SystemEvent::new("Lite", LiteEvent::Rallied { id: id.to_string() })),
        Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name: "Dazed".into(), why: Ending::Removed },
        },
    ])
}

static SPEC: Spec = Spec {
    commands: COMMANDS,
    fields: FIELDS,
    health: HealthSpec { label: "HP", counts: Counts::Left },
    ..Spec::new("lite", "Lite", "Lite")
};

impl Rules for Lite {
    type State = LiteState;
    type Event = LiteEvent;

    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn sheet(
        &self,
        who: skirmish::rules::request::Subject<'_, LiteState>,
    ) -> skirmish::rules::request::Sheet {
        let who = who.view;
        skirmish::rules::request::Sheet {
            glance: vec![("hp", who.stats.int_or("hp", 6).to_string())],
            ..Default::default()
        }
    }

    fn health(&self, stats: &Stats) -> Health {
        Health::full(stats.int_or("hp", 6))
    }

    fn roll_initiative(
        &self,
        _who: InitRequest<'_>,
        _ctx: &mut InitContext<LiteState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        let roll = DiceExpr::parse("1d6")?.roll(dice)?;
        let mut init = Initiative::new(InitValue::Count(roll.total));
        init.roll = Some(roll);
        Ok(init)
    }

    fn typed_initiative(&self, _stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let n = text.parse().map_err(|_| RulesError::Invalid(format!("not a number: {text}")))?;
        Ok(Initiative::new(InitValue::Count(n)))
    }

    fn turn_budget(
        &self,
        _: skirmish::rules::request::Subject<'_, LiteState>,
        _: Pass,
    ) -> Vec<ActionPool> {
        vec![ActionPool::new("actions", 1)]
    }

    fn damage(&self, hit: DamageRequest<'_, LiteState>) -> Result<DamageOutcome, RulesError> {
        Ok(DamageOutcome {
            loss: hit.amount,
            conditions: vec![],
            explain: "straight".into(),
            events: vec![],
        })
    }

    fn shake_off(
        &self,
        _: skirmish::rules::request::Subject<'_, LiteState>,
        _: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        let roll = DiceExpr::parse("1d6")?.roll(dice)?;
        let success = roll.total >= 4;
        Ok(ShakeOutcome { roll, success, explain: "4+".into() })
    }

    fn apply(
        &self,
        st: &mut LiteState,
        event: &LiteEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        let LiteEvent::Rallied { id } = event;
        let name = roster.name_of(id).unwrap_or("someone").to_string();
        st.rallies.push(id.clone());
        let times = st.rallies.iter().filter(|r| *r == id).count();
        Ok(Line {
            text: format!("{name} rallies ({times} so far)"),
            roll: None,
            who: Some(id.clone()),
        })
    }

    fn observe(&self, st: &mut LiteState, fact: Fact<'_>) {
        if let Fact::TurnStarted { .. } = fact {
            st.turns += 1;
        }
    }

    /// One d6 against each target in turn: 4+ hits for 1d6.
    fn attack(
        &self,
        request: AttackRequest<'_, LiteState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        let mut effects = vec![Effect::Pay { pool: "actions", amount: 1 }];
        for (n, target) in request.targets.iter().enumerate() {
            let who = Who::Target(u8::try_from(n).unwrap_or(u8::MAX));
            let roll = DiceExpr::parse("1d6")?.roll(dice)?;
            let hit = roll.total >= 4;
            let summary = format!(
                "{} swings at {}: {}",
                request.attacker.name,
                target.view.name,
                if hit { "hit" } else { "miss" }
            );
            effects.push(Effect::Attacked {
                target: who,
                summary,
                rolls: vec![roll],
                hit,
                critical: false,
                defended: false,
            });
            if hit {
                let damage = DiceExpr::parse("1d6")?.roll(dice)?;
                effects.push(Effect::Hit(Hit {
                    target: who,
                    amount: damage.total,
                    roll: Some(damage),
                    ..Hit::default()
                }));
            }
        }
        Ok(effects)
    }
}

fn assets() -> Arc<Assets> {
    let mut assets: Assets = skirmish::save::assets::embedded_assets().expect("assets");
    let dazed = ConditionSpec {
        name: "Dazed".into(),
        first: "reeling".into(),
        severe: None,
        never_persistent: false,
        lasting: false,
    };
    assets.catalogues.push((lite(), Catalogue { system: "lite".into(), conditions: vec![dazed] }));
    Arc::new(assets)
}

fn session() -> Session {
    Session::new(lite(), "proof", assets())
}

fn run(session: &mut Session, lines: &[&str], dice: &mut ScriptedDice) {
    for line in lines {
        let command = parse_in(line, Some(lite())).unwrap_or_else(|e| panic!("{line}: {e}"));
        let command = command.unwrap_or_else(|| panic!("{line}: empty"));
        session.execute(&command, dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

#[test]
fn a_fifth_ruleset_runs_a_fight_with_its_own_state_verb_and_a_two_target_attack() {
    let mut s = session();
    // Initiative 6, 3, 2; Aria swings at both goblins: 5 hits for 4, 2 misses.
    let mut dice = ScriptedDice::new([6, 3, 2, 5, 4, 2]);
    run(
        &mut s,
        &["add Aria side=pc hp=8", "add Gob hp=5", "add Nob hp=5", "start", "attack Aria Gob,Nob"],
        &mut dice,
    );
    assert_eq!(dice.remaining(), 0, "every face used");
    let enc = s.encounter();
    assert_eq!(enc.get("gob").map(|c| c.health.current), Some(1));
    assert_eq!(enc.get("nob").map(|c| c.health.current), Some(5));
    let log: Vec<&str> = s.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.contains(&"Aria swings at Gob: hit"), "{log:?}");
    assert!(log.contains(&"Aria swings at Nob: miss"), "{log:?}");
    assert_eq!(enc.turn.as_ref().and_then(|t| t.budget.first()).map(|p| p.left()), Some(0));

    // Its own verb, changing its own state through its own event.
    run(&mut s, &["cond Aria dazed", "rally Aria", "rally Aria"], &mut dice);
    let state = s.encounter().state.get::<LiteState>().expect("Lite state");
    assert_eq!(state.rallies, ["aria", "aria"]);
    assert_eq!(state.turns, 1, "followed the core's turn start");
    assert_eq!(s.log().last().map(|l| l.text.as_str()), Some("Aria rallies (2 so far)"));
    assert!(s.encounter().get("aria").is_some_and(|c| c.condition("Dazed").is_none()));

    // Undo walks its own event back like any other.
    run(&mut s, &["undo"], &mut dice);
    let state = s.encounter().state.get::<LiteState>().expect("Lite state");
    assert_eq!(state.rallies, ["aria"]);

    // Its event is saved in the system's own shape.
    let text = skirmish::save::to_ron(&s).expect("written");
    assert!(text.contains(r#"System(Lite(Rallied(id: "aria")))"#), "{text}");

    // The other systems' commands stay theirs; its command is not theirs.
    assert!(parse_in("soak Aria", Some(lite())).is_err());
    assert!(parse_in("rally Aria", Some(System::WOIN)).is_err());
}

/// The built-in systems are named in help, docs and errors from the registry's one list, so a
/// text never lists them by hand (and never shows the table's `{systems}` marker).
#[test]
fn help_docs_and_errors_name_the_built_in_systems_from_the_list() {
    use skirmish::command::help::{help_all, help_for, markdown};
    let listed = System::listed(System::key);
    assert_eq!(listed, "woin, gempunks, savage or gurps");
    let keys: Vec<&str> = System::ALL.iter().map(|s| s.key()).collect();
    let help = help_for("new", Some(lite())).unwrap_or_else(|e| panic!("{e}"));
    assert!(help.ends_with(&format!("start a new encounter under {listed}")), "{help}");
    let docs = markdown();
    assert!(docs.contains(&format!("SYSTEM is one of {}.", keys.join(", "))), "{docs}");
    for text in [help_all(Some(lite())), help_all(None), docs] {
        assert!(!text.contains("{systems"), "{text}");
    }
    let err = parse_in("new chess", None).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains(&format!("expected {listed}")), "{err}");
    // A system outside the registry is not one of the built-in ones named.
    assert!(!help.contains("lite"), "{help}");
}

/// Registered, the fifth system is found by its key and by the tag its saves carry, so its fight
/// loads back (every record checked and folded again, its own events read by its own type) and
/// replays: undo and redo walk the loaded history like any other.
#[test]
fn a_registered_fifth_system_saves_loads_checks_and_replays_its_fight() {
    System::register(lite()).unwrap_or_else(|e| panic!("{e}"));
    System::register(lite()).unwrap_or_else(|e| panic!("registering again: {e}"));
    assert_eq!(System::parse("LITE"), Some(lite()));
    assert_eq!(System::from_tag("Lite"), Some(lite()));
    assert!(!System::ALL.contains(&lite()), "the built-in list stays the four");

    let mut s = session();
    let mut dice = ScriptedDice::new([6, 3, 2, 5, 4, 2]);
    let lines = ["add Aria side=pc hp=8", "add Gob hp=5", "add Nob hp=5", "start"];
    run(&mut s, &lines, &mut dice);
    run(&mut s, &["attack Aria Gob,Nob", "cond Aria dazed", "rally Aria"], &mut dice);
    let text = skirmish::save::to_ron(&s).expect("written");

    let loaded = skirmish::save::from_ron(&text, std::path::Path::new("lite.ron"), assets())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.encounter().system, lite());
    assert_eq!(loaded.encounter(), s.encounter(), "the same fight, its own state too");
    let log = |s: &Session| s.log().iter().map(|l| l.text.clone()).collect::<Vec<_>>();
    assert_eq!(log(&loaded), log(&s));
    assert_eq!(
        skirmish::save::to_ron(&loaded).expect("written"),
        text,
        "saved again, the same text"
    );

    let mut loaded = loaded;
    run(&mut loaded, &["undo"], &mut dice);
    assert_eq!(loaded.encounter().state.get::<LiteState>().map(|st| st.rallies.len()), Some(0));
    run(&mut loaded, &["redo"], &mut dice);
    assert_eq!(loaded.encounter(), s.encounter(), "redo re-applies the saved events");
    assert_eq!(dice.remaining(), 0, "nothing rolled again");
}

impl skirmish::rules::state::Bounded for LiteEvent {
    fn check_bounds(&self) -> Result<(), String> {
        Ok(())
    }
}
