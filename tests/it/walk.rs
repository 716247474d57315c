//! A driver for planning that stops to ask (issue 24): it answers each question in turn, as a
//! GM at the table would, and fails if the rules roll a die they did not name first (nothing is
//! rolled without the GM's word) or ask something the script did not expect.

use skirmish::command::parse_in;
use skirmish::encounter::engine::{Planned, plan_asking};
use skirmish::encounter::{Event, Session};
use skirmish::rules::ask::Need;
use skirmish::rules::dice::ScriptedDice;

/// One answer to one question.
#[derive(Debug, Clone, Copy)]
pub enum Answer {
    /// The faces of the roll asked, as typed at the table.
    Faces(&'static [u32]),
    /// The option picked, by its text (`defense=dodge`), or a typed answer (`split=Ann:2`).
    Pick(&'static str),
}

/// What a walk saw and what it came to.
#[derive(Debug)]
pub struct Walked {
    /// Every question asked, as [`Need`] displays it, in order.
    pub asked: Vec<String>,
    /// The questions themselves.
    pub needs: Vec<Need>,
    /// The last question's "so far" (the named rolls made before it).
    pub so_far: Vec<String>,
    /// The command as kept, every decision's answer added.
    pub line: String,
    /// Every face answered, in order.
    pub faces: Vec<u32>,
    pub events: Vec<Event>,
}

/// Walk `line` through its questions with `answers`, one per question, in order.
pub fn walk(session: &Session, line: &str, answers: &[Answer]) -> Walked {
    let system = session.encounter().system;
    let mut text = line.to_string();
    let mut faces: Vec<u32> = Vec::new();
    let mut walked = Walked {
        asked: Vec::new(),
        needs: Vec::new(),
        so_far: Vec::new(),
        line: String::new(),
        faces: Vec::new(),
        events: Vec::new(),
    };
    let mut answers = answers.iter();
    loop {
        let command = parse_in(&text, Some(system))
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .unwrap_or_else(|| panic!("{text}: blank"));
        let verb = command.invocation().unwrap_or_else(|| panic!("{text}: not a verb"));
        // No source behind the answers: a die no roll named fails the walk.
        let mut nothing = ScriptedDice::new([]);
        let planned =
            plan_asking(session.encounter(), verb, session.assets(), faces.clone(), &mut nothing)
                .unwrap_or_else(|e| {
                    panic!("{text} (faces {faces:?}, asked so far {:?}): {e}", walked.asked)
                });
        let question = match planned {
            Planned::Done(events) => {
                assert!(
                    answers.next().is_none(),
                    "{text}: done with answers left; asked {:?}",
                    walked.asked
                );
                // The default maneuver answered for the script is left out of the line it keeps
                // (the rules take it anyway).
                walked.line = command.to_string().replace(" maneuver=attack", "");
                walked.faces = faces;
                walked.events = events;
                return walked;
            }
            Planned::Asks(question) => question,
        };
        // A GURPS attacker's maneuver, asked when it took none this turn, is answered with the
        // rules' default unless the script answers it (tests/it/ask_gurps.rs asks it on purpose).
        if let Need::Decide(d) = &question.need
            && d.field == "maneuver"
            && !matches!(answers.clone().next(), Some(Answer::Pick(p)) if p.starts_with("maneuver="))
            && let Some(pick) = d.default_pick()
        {
            text.push(' ');
            text.push_str(&pick.text);
            faces = question.faces;
            continue;
        }
        walked.asked.push(question.need.to_string());
        walked.needs.push(question.need.clone());
        walked.so_far = question.so_far.clone();
        let answer = answers.next().unwrap_or_else(|| {
            panic!("{text}: no answer for {:?}; asked before: {:?}", question.need, walked.asked)
        });
        faces = question.faces;
        match (&question.need, answer) {
            (Need::Roll(_), Answer::Faces(typed)) => faces.extend_from_slice(typed),
            (Need::Decide(_), Answer::Pick(pick)) => {
                text.push(' ');
                text.push_str(pick);
            }
            (need, answer) => panic!("{text}: asked {need}, answered {answer:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Answer, walk};
    use skirmish::command::parse_in;
    use skirmish::encounter::Session;
    use skirmish::rules::System;
    use skirmish::rules::dice::SeededDice;
    use std::sync::Arc;

    #[test]
    fn gurps_roll_1_a_missed_attack_asks_its_roll_and_nothing_more() {
        let assets = Arc::new(skirmish::save::assets::embedded_assets().expect("assets"));
        let mut session = Session::new(System::GURPS, "walk", assets);
        let mut dice = SeededDice::new(1);
        for line in
            ["add Rook speed=7", "weapon Rook sword skill=12 dmg=sw type=cut", "add Orc", "start"]
        {
            let command = parse_in(line, Some(System::GURPS)).expect("reads").expect("a line");
            session.execute(&command, &mut dice).expect(line);
        }
        let walked = walk(&session, "attack Rook Orc", &[Answer::Faces(&[6, 5, 3])]);
        assert_eq!(walked.asked, ["Rook's attack on Orc 12: 3d6, needs 12 or less"]);
        assert_eq!(walked.faces, [6, 5, 3]);
        assert!(format!("{:?}", walked.events).contains("failure by 2"), "{:?}", walked.events);

        // A hit asks the defense, then the dodge's roll; a dodge that holds ends it.
        let answers =
            [Answer::Faces(&[3, 3, 4]), Answer::Pick("defense=dodge"), Answer::Faces(&[2, 2, 2])];
        let walked = walk(&session, "attack Rook Orc", &answers);
        assert_eq!(walked.asked.len(), 3, "{:?}", walked.asked);
        assert!(
            walked.asked[1].starts_with("Orc's defense: defense=dodge | defense=dodge"),
            "{:?}",
            walked.asked
        );
        assert_eq!(walked.line, "attack Rook Orc defense=dodge");
    }
}
