//! The command as tests write it: one variant per command with named fields, so a test reads
//! like the rules. It becomes the parsed command (and back) through the command table; the
//! library itself has one generic shape per verb (`skirmish::command::Invocation`).

use std::fmt;

use skirmish::command::table::{self, Found};
use skirmish::command::{Amount, Command as Parsed, Field, Invocation, ParseError, Value};
use skirmish::rules::{Side, System};

/// Every command as the tests write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    New {
        system: System,
        name: Option<String>,
    },
    Add {
        name: String,
        count: Option<u32>,
        side: Option<Side>,
        fields: Vec<Field>,
    },
    Remove {
        who: String,
    },
    Start,
    Init {
        who: String,
        value: String,
    },
    Swap {
        first: String,
        second: String,
    },
    /// End the turn; `roll` holds faces typed at the table for the rolls the next turn's start
    /// makes (ongoing damage, a recovery roll), used first, the rest rolled.
    /// `flags` are the system's words for the turn that begins (GURPS `skip_ht`).
    Next {
        roll: Vec<u32>,
        flags: Vec<String>,
    },
    Hold {
        who: Option<String>,
    },
    Act {
        who: String,
    },
    Damage {
        who: String,
        amount: Amount,
        kind: Option<String>,
        raw: bool,
    },
    Heal {
        who: String,
        amount: Amount,
    },
    Cond {
        who: String,
        condition: String,
        severe: bool,
        fields: Vec<Field>,
    },
    Uncond {
        who: String,
        condition: String,
    },
    Shake {
        who: String,
        condition: String,
    },
    /// An attacker (or a whole group, by its id) against one or more targets.
    Attack {
        attacker: String,
        targets: Vec<String>,
        weapon: Option<String>,
        fields: Vec<Field>,
    },
    Roll {
        expr: String,
        by: Option<String>,
    },
    Note {
        who: String,
        text: String,
    },
    /// Keep a combatant (or a whole group, by its id) off the players' view.
    Hide {
        who: String,
    },
    /// Show a hidden combatant (or group) on the players' view.
    Reveal {
        who: String,
    },
    /// Put the fight on the players' view before it starts (`show`), or take it back off until
    /// it starts (`show off`).
    Show {
        on: bool,
    },
    /// Give a combatant a weapon (replacing one of the same name).
    Weapon {
        who: String,
        name: String,
        fields: Vec<Field>,
    },
    /// Change a combatant's stats, side or weapons (`edit Aria agi=5 side=ally drop=club`).
    Edit {
        who: String,
        side: Option<Side>,
        fields: Vec<Field>,
    },
    /// Spend actions on something that is not an attack (`do Aria aim`).
    Do {
        who: String,
        action: String,
        fields: Vec<Field>,
    },
    /// Set an option of the system's rules (`set severe_needs_six off`).
    Set {
        option: String,
        value: String,
    },
    /// A system's own command (`soak Jessa`, `luck Aria bleeding`, `fear Cole terror`): positional
    /// words as the system's declaration orders them, then fields.
    Special {
        verb: &'static str,
        args: Vec<String>,
        fields: Vec<Field>,
    },
    /// End the fight deliberately, with its summary in the log.
    End,
    /// Bring in characters from a file (`import aldric.gcs side=pc as=Al`).
    Import {
        file: String,
        text: bool,
        side: Option<Side>,
        fields: Vec<Field>,
    },
    /// The party's roster (`party`, `party add Aria,Brom`, `party join`).
    Party {
        action: Option<String>,
        names: Vec<String>,
    },
    Undo,
    Redo,
    /// List the lines of play that start at the current point.
    Branches,
    /// `alert TEXT round=N …` and `alert drop N`.
    Alert {
        text: String,
        fields: Vec<Field>,
    },
    /// `alerts`.
    Alerts,
    /// Move onto one of them and along it to its end.
    Branch {
        number: usize,
    },
    Save {
        path: Option<String>,
        /// Replace a file that holds something else (without it, such a file is refused).
        overwrite: bool,
    },
    /// Write a report of the fight (the tracker's; `skirmish export` in a shell).
    Export {
        path: Option<String>,
        /// The players' copy (through the players' view, as `watch` shows the fight).
        players: bool,
    },
}

/// A word given, or left out.
fn word(w: Option<String>) -> Value {
    w.map_or(Value::Absent, Value::Word)
}

impl From<Command> for Parsed {
    fn from(c: Command) -> Parsed {
        use Value::{Absent, Flag, Word};
        let verb = Parsed::verb;
        let fields = Value::Fields;
        match c {
            Command::New { system, name } => Parsed::New { system, name },
            Command::Undo => Parsed::Undo,
            Command::Redo => Parsed::Redo,
            Command::Branches => Parsed::Branches,
            Command::Alerts => Parsed::Alerts,
            Command::Alert { text, fields: f } => verb(&table::ALERT, vec![Word(text), fields(f)]),
            Command::Branch { number } => Parsed::Branch { number },
            Command::Save { path, overwrite } => Parsed::Save { path, overwrite },
            Command::Export { path, players } => Parsed::Export { path, players },
            Command::Add { name, count, side, fields: f } => verb(
                &table::ADD,
                vec![
                    Word(name),
                    count.map_or(Absent, Value::Count),
                    side.map_or(Absent, Value::Side),
                    fields(f),
                ],
            ),
            Command::Remove { who } => verb(&table::REMOVE, vec![Word(who)]),
            Command::Start => verb(&table::START, vec![]),
            Command::Init { who, value } => verb(&table::INIT, vec![Word(who), Word(value)]),
            Command::Swap { first, second } => verb(&table::SWAP, vec![Word(first), Word(second)]),
            Command::Next { roll, flags } => verb(
                &table::NEXT,
                vec![if roll.is_empty() && flags.is_empty() {
                    Absent
                } else {
                    Value::TurnStart { roll, flags }
                }],
            ),
            Command::Hold { who } => verb(&table::HOLD, vec![word(who)]),
            Command::Act { who } => verb(&table::ACT, vec![Word(who)]),
            Command::Damage { who, amount, kind, raw } => {
                verb(&table::DAMAGE, vec![Word(who), Value::Amount(amount), word(kind), Flag(raw)])
            }
            Command::Heal { who, amount } => {
                verb(&table::HEAL, vec![Word(who), Value::Amount(amount)])
            }
            Command::Cond { who, condition, severe, fields: f } => {
                verb(&table::COND, vec![Word(who), Word(condition), Flag(severe), fields(f)])
            }
            Command::Uncond { who, condition } => {
                verb(&table::UNCOND, vec![Word(who), Word(condition)])
            }
            Command::Shake { who, condition } => {
                verb(&table::SHAKE, vec![Word(who), Word(condition)])
            }
            Command::Attack { attacker, targets, weapon, fields: f } => verb(
                &table::ATTACK,
                vec![Word(attacker), Value::Names(targets), word(weapon), fields(f)],
            ),
            Command::Roll { expr, by } => verb(&table::ROLL, vec![Word(expr), word(by)]),
            Command::Note { who, text } => verb(&table::NOTE, vec![Word(who), Word(text)]),
            Command::Hide { who } => verb(&table::HIDE, vec![Word(who)]),
            Command::Reveal { who } => verb(&table::REVEAL, vec![Word(who)]),
            Command::Show { on } => verb(&table::SHOW, vec![Flag(!on)]),
            Command::Weapon { who, name, fields: f } => {
                verb(&table::WEAPON, vec![Word(who), Word(name), fields(f)])
            }
            Command::Edit { who, side, fields: f } => verb(
                &table::EDIT,
                vec![Word(who), side.map_or(Absent, Value::Side), fields(f), Absent],
            ),
            Command::Do { who, action, fields: f } => {
                verb(&table::DO, vec![Word(who), Word(action), fields(f)])
            }
            Command::Set { option, value } => verb(&table::SET, vec![Word(option), Word(value)]),
            Command::Special { verb: name, args, fields: f } => {
                let Some(Found::System(v)) = table::lookup(name, None) else {
                    panic!("`{name}` is no system's verb");
                };
                let mut values: Vec<Value> = args.into_iter().map(Word).collect();
                values.resize(v.spec.args.len(), Absent);
                values.push(fields(f));
                Parsed::Verb(Invocation::new(&v.spec, values))
            }
            Command::End => verb(&table::END, vec![]),
            Command::Import { file, text, side, fields: f } => verb(
                &table::IMPORT,
                vec![Word(file), Flag(text), side.map_or(Absent, Value::Side), fields(f)],
            ),
            Command::Party { action, names } => verb(
                &table::PARTY,
                vec![word(action), if names.is_empty() { Absent } else { Value::Names(names) }],
            ),
        }
    }
}

impl From<Parsed> for Command {
    fn from(p: Parsed) -> Command {
        let inv = match p {
            Parsed::New { system, name } => return Command::New { system, name },
            Parsed::Undo => return Command::Undo,
            Parsed::Redo => return Command::Redo,
            Parsed::Branches => return Command::Branches,
            Parsed::Alerts => return Command::Alerts,
            Parsed::Branch { number } => return Command::Branch { number },
            Parsed::Save { path, overwrite } => return Command::Save { path, overwrite },
            Parsed::Export { path, players } => return Command::Export { path, players },
            Parsed::Verb(inv) => inv,
        };
        let a = &inv.args;
        let s = |i| a.word(i).to_string();
        let o = |i| a.optional(i).map(str::to_string);
        let f = |i| a.fields(i).to_vec();
        let is = |entry: &table::Entry| inv.is(&entry.spec);
        if is(&table::ADD) {
            Command::Add { name: s(0), count: a.count(1), side: a.side(2), fields: f(3) }
        } else if is(&table::REMOVE) {
            Command::Remove { who: s(0) }
        } else if is(&table::START) {
            Command::Start
        } else if is(&table::INIT) {
            Command::Init { who: s(0), value: s(1) }
        } else if is(&table::SWAP) {
            Command::Swap { first: s(0), second: s(1) }
        } else if is(&table::NEXT) {
            Command::Next { roll: a.faces(0).to_vec(), flags: a.turn_flags(0).to_vec() }
        } else if is(&table::HOLD) {
            Command::Hold { who: o(0) }
        } else if is(&table::ACT) {
            Command::Act { who: s(0) }
        } else if is(&table::DAMAGE) {
            let amount = a.amount(1).cloned().expect("an amount");
            Command::Damage { who: s(0), amount, kind: o(2), raw: a.flag(3) }
        } else if is(&table::HEAL) {
            Command::Heal { who: s(0), amount: a.amount(1).cloned().expect("an amount") }
        } else if is(&table::COND) {
            Command::Cond { who: s(0), condition: s(1), severe: a.flag(2), fields: f(3) }
        } else if is(&table::UNCOND) {
            Command::Uncond { who: s(0), condition: s(1) }
        } else if is(&table::SHAKE) {
            Command::Shake { who: s(0), condition: s(1) }
        } else if is(&table::ATTACK) {
            let targets = a.names(1).to_vec();
            Command::Attack { attacker: s(0), targets, weapon: o(2), fields: f(3) }
        } else if is(&table::ROLL) {
            Command::Roll { expr: s(0), by: o(1) }
        } else if is(&table::NOTE) {
            Command::Note { who: s(0), text: s(1) }
        } else if is(&table::HIDE) {
            Command::Hide { who: s(0) }
        } else if is(&table::REVEAL) {
            Command::Reveal { who: s(0) }
        } else if is(&table::SHOW) {
            Command::Show { on: !a.flag(0) }
        } else if is(&table::WEAPON) {
            Command::Weapon { who: s(0), name: s(1), fields: f(2) }
        } else if is(&table::EDIT) {
            Command::Edit { who: s(0), side: a.side(1), fields: f(2) }
        } else if is(&table::DO) {
            Command::Do { who: s(0), action: s(1), fields: f(2) }
        } else if is(&table::SET) {
            Command::Set { option: s(0), value: s(1) }
        } else if is(&table::END) {
            Command::End
        } else if is(&table::IMPORT) {
            Command::Import { file: s(0), text: a.flag(1), side: a.side(2), fields: f(3) }
        } else if is(&table::PARTY) {
            Command::Party { action: o(0), names: a.names(1).to_vec() }
        } else if is(&table::ALERT) {
            Command::Alert { text: s(0), fields: f(1) }
        } else {
            let args = a.words().map(str::to_string).collect();
            Command::Special { verb: inv.spec.name, args, fields: a.last_fields().to_vec() }
        }
    }
}

impl Command {
    /// The command's name as typed.
    pub fn name(&self) -> &'static str {
        Parsed::from(self.clone()).name()
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Parsed::from(self.clone()).fmt(f)
    }
}

/// [`skirmish::command::parse`], as the tests write commands.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    Ok(skirmish::command::parse(line)?.map(Command::from))
}

/// [`skirmish::command::parse_in`], as the tests write commands.
pub fn parse_in(line: &str, system: Option<System>) -> Result<Option<Command>, ParseError> {
    Ok(skirmish::command::parse_in(line, system)?.map(Command::from))
}
