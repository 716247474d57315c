//! GURPS success rolls: 3d6 against an effective skill, margin, and the critical bands
//! (GURPS-ROLL-1, GURPS-ROLL-2); and the dice for each kind of an attack's rolls, typed faces first.

use crate::rules::dice::question::{Decision, RollAsk};
use crate::rules::dice::{DiceError, DiceExpr, DiceSource, RollRecord, ScriptedDice};
use crate::rules::request::FieldReader;
use crate::rules::types::RulesError;

/// How a success roll came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    CriticalSuccess,
    Success,
    Failure,
    CriticalFailure,
}

impl Verdict {
    pub fn success(self) -> bool {
        matches!(self, Verdict::CriticalSuccess | Verdict::Success)
    }

    pub fn word(self) -> &'static str {
        match self {
            Verdict::CriticalSuccess => "critical success",
            Verdict::Success => "success",
            Verdict::Failure => "failure",
            Verdict::CriticalFailure => "critical failure",
        }
    }
}

/// GURPS-ROLL-2: what a 3d6 total means against an effective skill.
pub fn judge(skill: i64, total: i64) -> Verdict {
    let critical_success = total <= 4 || (total == 5 && skill >= 15) || (total == 6 && skill >= 16);
    let critical_failure =
        total >= 18 || (total == 17 && skill <= 15) || total >= skill.saturating_add(10);
    if critical_success {
        Verdict::CriticalSuccess
    } else if critical_failure {
        Verdict::CriticalFailure
    } else if total <= skill && total <= 16 {
        // A 17 or 18 always fails, whatever the effective skill.
        Verdict::Success
    } else {
        Verdict::Failure
    }
}

/// One success roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Success {
    pub roll: RollRecord,
    pub skill: i64,
    pub verdict: Verdict,
}

impl Success {
    pub fn margin(&self) -> i64 {
        self.skill - self.roll.total
    }

    /// `rolls 9 vs 12: success by 3`.
    pub fn text(&self) -> String {
        let margin = self.margin();
        let by = if margin >= 0 && !self.verdict.success() {
            "(17 or 18 always fails)".to_string()
        } else {
            format!("by {}", margin.saturating_abs())
        };
        format!("rolls {} vs {}: {} {by}", self.roll.total, self.skill, self.verdict.word())
    }
}

/// Roll 3d6 against `skill`, the roll labelled with what it is for.
pub fn roll(skill: i64, label: &str, dice: &mut dyn DiceSource) -> Result<Success, RulesError> {
    roll_asked(skill, label, label, dice)
}

/// [`roll`] made by `who`: the GM is asked for `Orc's HT (0 HP) 11`; the log's label stays.
pub fn roll_by(
    who: &str,
    skill: i64,
    label: &str,
    dice: &mut dyn DiceSource,
) -> Result<Success, RulesError> {
    roll_asked(skill, &format!("{who}'s {label}"), label, dice)
}

/// [`roll`] asked as `asked` (`Orc's Parry (axe)`), logged as `3d6 {label}`.
pub fn roll_asked(
    skill: i64,
    asked: &str,
    label: &str,
    dice: &mut dyn DiceSource,
) -> Result<Success, RulesError> {
    let ask = RollAsk {
        label: format!("{asked} {skill}"),
        dice: "3d6".into(),
        count: 3,
        beat: Some(format!("{skill} or less")),
    };
    dice.before_roll(&ask)?;
    let mut roll = DiceExpr::parse("3d6")?.roll(dice)?;
    roll.expr = format!("3d6 {label}");
    let verdict = judge(skill, roll.total);
    Ok(Success { roll, skill, verdict })
}

/// A plain 3d6 table roll, asked as `asked` (`Rook's critical miss table`), logged as
/// `3d6 {label}`.
pub fn table(
    asked: &str,
    label: &str,
    dice: &mut dyn DiceSource,
) -> Result<RollRecord, RulesError> {
    named(asked, "3d6", 3, None, dice)?;
    let mut roll = DiceExpr::parse("3d6")?.roll(dice)?;
    roll.expr = format!("3d6 {label}");
    Ok(roll)
}

/// Name a roll about to be made (what it is for, its dice, how many, what it needs).
pub fn named(
    label: &str,
    dice_text: &str,
    count: usize,
    beat: Option<String>,
    dice: &mut dyn DiceSource,
) -> Result<(), RulesError> {
    let ask = RollAsk { label: label.to_string(), dice: dice_text.to_string(), count, beat };
    dice.before_roll(&ask)?;
    Ok(())
}

/// Dice for one kind of roll: the typed faces while they last, then the session's dice.
pub(super) struct Faces<'d> {
    pub(super) typed: Option<ScriptedDice>,
    dice: &'d mut dyn DiceSource,
}

impl DiceSource for Faces<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match self.typed.as_mut().filter(|t| t.remaining() > 0) {
            Some(t) => t.roll(sides),
            None => self.dice.roll(sides),
        }
    }

    // Faces typed in the roll's field go ahead; past them the session's source decides.
    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), DiceError> {
        let typed = self.typed.as_ref().map_or(0, ScriptedDice::remaining);
        if typed >= roll.count.max(1) {
            return Ok(());
        }
        // Only the dice past the typed ones are asked for.
        self.dice.before_roll(&RollAsk { count: roll.count - typed, ..roll.clone() })
    }

    fn decide(&mut self, decision: &Decision) -> Result<usize, DiceError> {
        self.dice.decide(decision)
    }

    // Faces typed for a kind of roll are dice of that roll, never cards or roll-offs.
    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        self.dice.draw_card(cards)
    }

    fn roll_off(&mut self, holder: &str) -> Result<u32, DiceError> {
        self.dice.roll_off(holder)
    }
}

/// The faces typed for each kind of an attack's rolls (`roll=`, `defroll=` …), each taken once.
pub(super) struct Sources {
    pub(super) attack: Option<ScriptedDice>,
    pub(super) defense: Option<ScriptedDice>,
    pub(super) damage: Option<ScriptedDice>,
    pub(super) location: Option<ScriptedDice>,
    pub(super) crit: Option<ScriptedDice>,
}

/// The fields that carry typed faces, one per kind of roll.
const FACE_FIELDS: [&str; 5] = ["roll", "defroll", "dmgroll", "locroll", "critroll"];

impl Sources {
    /// The faces typed in the command's fields, each kind in its own.
    pub(super) fn typed(f: &FieldReader<'_>) -> Result<Sources, RulesError> {
        let typed = |key: &str| {
            f.value(key)
                .map(|t| {
                    ScriptedDice::parse(t).map_err(|e| RulesError::Invalid(format!("{key}: {e}")))
                })
                .transpose()
        };
        Ok(Sources {
            attack: typed("roll")?,
            defense: typed("defroll")?,
            damage: typed("dmgroll")?,
            location: typed("locroll")?,
            crit: typed("critroll")?,
        })
    }

    /// The fields a further strike or hit of the command carries: `fields` without `drop` and
    /// without the typed faces, then each kind's faces this one left unused.
    pub(super) fn carried(
        &self,
        fields: &[(String, Option<String>)],
        drop: &[&str],
    ) -> Vec<(String, Option<String>)> {
        let f = FieldReader(fields);
        let mut out: Vec<(String, Option<String>)> = fields
            .iter()
            .filter(|(k, _)| !drop.contains(&k.as_str()) && !FACE_FIELDS.contains(&k.as_str()))
            .cloned()
            .collect();
        let left = [&self.attack, &self.defense, &self.damage, &self.location, &self.crit];
        for (key, src) in FACE_FIELDS.into_iter().zip(left) {
            if let (Some(text), Some(src)) = (f.value(key), src)
                && src.remaining() > 0
            {
                let faces: Vec<&str> = text
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|w| !w.is_empty())
                    .skip(src.used())
                    .collect();
                out.push((key.to_string(), Some(faces.join(","))));
            }
        }
        out
    }
}

/// The dice for one kind of roll: its typed faces (taken), then the session's dice.
pub(super) fn with<'d>(
    typed: &'d mut Option<ScriptedDice>,
    dice: &'d mut dyn DiceSource,
) -> Faces<'d> {
    Faces { typed: typed.take(), dice }
}
