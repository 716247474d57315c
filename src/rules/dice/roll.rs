//! Rolling a [`DiceExpr`] against a [`DiceSource`] and the [`RollRecord`] that remembers every
//! die, which save files store and the log prints.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::expr::{DiceExpr, DiceTerm, Keep, Node, Sign};
use super::{DiceError, DiceSource, MAX_EXPLOSIONS, MAX_TOTAL, roll_die};

/// The structured record of one roll: the canonical expression, every die in the order it
/// was rolled, and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// Canonical text of the expression that was rolled.
    pub expr: String,
    /// Every die rolled, dropped and exploded ones included, in roll order. An exploding die
    /// is followed directly by the dice it added.
    pub dice: Vec<DieRoll>,
    /// The result.
    pub total: i64,
}

/// One die in a [`RollRecord`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    /// Sides of the die.
    pub sides: u32,
    /// The face it showed.
    pub face: u32,
    /// Whether it counts toward the total (false when a keep rule dropped it).
    pub kept: bool,
    /// True if this die was added by an explosion rather than asked for in the expression.
    pub exploded: bool,
}

impl RollRecord {
    /// Every face in roll order, dropped and exploded dice included.
    pub fn faces(&self) -> Vec<u32> {
        self.dice.iter().map(|d| d.face).collect()
    }

    /// How many kept dice show `face` (for example, sixes for a success count).
    pub fn count_faces(&self, face: u32) -> usize {
        self.dice.iter().filter(|d| d.kept && d.face == face).count()
    }
}

/// One line: `4d6kh3 [6, 5, 3, (1)] = 14`. Dropped dice are in parentheses, and a die that
/// exploded carries a `!` (the die it added follows it). With no dice: `3 = 3`.
impl fmt::Display for RollRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.expr)?;
        if !self.dice.is_empty() {
            f.write_str(" [")?;
            for (i, die) in self.dice.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                // Explosion dice sit right after the die that set them off, so the next die
                // tells whether this one exploded; a die at the cap shows no mark.
                let bang = match self.dice.get(i + 1) {
                    Some(next) if next.exploded => "!",
                    _ => "",
                };
                if die.kept {
                    write!(f, "{}{bang}", die.face)?;
                } else {
                    write!(f, "({}{bang})", die.face)?;
                }
            }
            f.write_str("]")?;
        }
        write!(f, " = {}", self.total)
    }
}

impl DiceExpr {
    /// Roll the expression, taking faces from `dice` left to right.
    ///
    /// Fails only if the source fails (a script runs out, a face does not fit) or, with
    /// explosions, if the total leaves [`MAX_TOTAL`] or a product outgrows an `i64`.
    pub fn roll(&self, dice: &mut dyn DiceSource) -> Result<RollRecord, DiceError> {
        let mut out = Vec::with_capacity(self.dice as usize);
        let total = eval(&self.root, dice, &mut out)?;
        if !(-MAX_TOTAL..=MAX_TOTAL).contains(&total) {
            return Err(DiceError::RollTooLarge { total, limit: MAX_TOTAL });
        }
        Ok(RollRecord { expr: self.to_string(), dice: out, total })
    }
}

fn eval(node: &Node, dice: &mut dyn DiceSource, out: &mut Vec<DieRoll>) -> Result<i64, DiceError> {
    match node {
        Node::Num(n) => Ok(*n),
        Node::Dice(term) => roll_term(term, dice, out),
        Node::Neg(inner) => eval(inner, dice, out)?.checked_neg().ok_or(DiceError::Overflow),
        Node::Sum(first, rest) => {
            let mut total = eval(first, dice, out)?;
            for (sign, term) in rest {
                let value = eval(term, dice, out)?;
                total = match sign {
                    Sign::Plus => total.checked_add(value),
                    Sign::Minus => total.checked_sub(value),
                }
                .ok_or(DiceError::Overflow)?;
            }
            Ok(total)
        }
        Node::Product(factors) => {
            let mut total = 1i64;
            for factor in factors {
                let value = eval(factor, dice, out)?;
                total = total.checked_mul(value).ok_or(DiceError::Overflow)?;
            }
            Ok(total)
        }
    }
}

/// A die asked for in the expression together with the explosion dice it set off. Keep rules
/// choose among chains, not single dice, so an exploded die is kept or dropped as a whole.
struct Chain {
    start: usize,
    end: usize,
    value: i64,
}

fn roll_term(
    term: &DiceTerm,
    dice: &mut dyn DiceSource,
    out: &mut Vec<DieRoll>,
) -> Result<i64, DiceError> {
    let mut chains = Vec::with_capacity(term.count as usize);
    for _ in 0..term.count {
        let start = out.len();
        let mut face = roll_die(dice, term.sides)?;
        let mut value = i64::from(face);
        out.push(DieRoll { sides: term.sides, face, kept: true, exploded: false });
        let mut extra = 0;
        while term.explode && face == term.sides && extra < MAX_EXPLOSIONS {
            face = roll_die(dice, term.sides)?;
            value = value.checked_add(i64::from(face)).ok_or(DiceError::Overflow)?;
            out.push(DieRoll { sides: term.sides, face, kept: true, exploded: true });
            extra += 1;
        }
        chains.push(Chain { start, end: out.len(), value });
    }

    if let Some(keep) = term.keep {
        let mut order: Vec<usize> = (0..chains.len()).collect();
        // Stable sort: among equal values the earlier die is kept.
        let n = match keep {
            Keep::High(n) => {
                order.sort_by(|&a, &b| chains[b].value.cmp(&chains[a].value));
                n
            }
            Keep::Low(n) => {
                order.sort_by(|&a, &b| chains[a].value.cmp(&chains[b].value));
                n
            }
        };
        for &dropped in order.iter().skip(n as usize) {
            let chain = &chains[dropped];
            for die in &mut out[chain.start..chain.end] {
                die.kept = false;
            }
        }
        let mut total = 0i64;
        for &kept in order.iter().take(n as usize) {
            total = total.checked_add(chains[kept].value).ok_or(DiceError::Overflow)?;
        }
        return Ok(total);
    }

    chains
        .iter()
        .try_fold(0i64, |total, chain| total.checked_add(chain.value).ok_or(DiceError::Overflow))
}

#[cfg(test)]
mod tests {
    use super::super::{ScriptedDice, SeededDice};
    use super::*;

    fn roll(text: &str, faces: &[u32]) -> Result<RollRecord, DiceError> {
        let expr = DiceExpr::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let record = expr.roll(&mut dice)?;
        assert_eq!(dice.remaining(), 0, "{text:?} left faces unused");
        Ok(record)
    }

    #[test]
    fn scripted_rolls_give_exact_totals_and_lines() {
        let cases: &[(&str, &[u32], i64, &str)] = &[
            ("3d6", &[6, 6, 2], 14, "3d6 [6, 6, 2] = 14"),
            ("2d6+3", &[1, 4], 8, "2d6+3 [1, 4] = 8"),
            ("1d8-1", &[1], 0, "d8-1 [1] = 0"),
            ("d20+d4-2", &[17, 3], 18, "d20+d4-2 [17, 3] = 18"),
            ("-2+d6", &[1], -1, "-2+d6 [1] = -1"),
            ("(2d6+1)*2", &[3, 4], 16, "(2d6+1)*2 [3, 4] = 16"),
            ("4d6kh3", &[6, 5, 3, 1], 14, "4d6kh3 [6, 5, 3, (1)] = 14"),
            ("4d6k3", &[1, 5, 3, 6], 14, "4d6kh3 [(1), 5, 3, 6] = 14"),
            ("4d6kl1", &[4, 2, 5, 3], 2, "4d6kl1 [(4), 2, (5), (3)] = 2"),
            // Ties keep the earlier die.
            ("3d6kh1", &[5, 5, 2], 5, "3d6kh1 [5, (5), (2)] = 5"),
            ("d8!", &[8, 3], 11, "d8! [8!, 3] = 11"),
            ("3d6!", &[6, 6, 2, 4, 1], 19, "3d6! [6!, 6!, 2, 4, 1] = 19"),
            ("2d6!kh1", &[6, 1, 5], 7, "2d6!kh1 [6!, 1, (5)] = 7"),
            ("2d6!kl1", &[6, 1, 5], 5, "2d6!kl1 [(6!), (1), 5] = 5"),
            ("2d+1", &[3, 3], 7, "2d6+1 [3, 3] = 7"),
            ("d%", &[100], 100, "d100 [100] = 100"),
            ("7", &[], 7, "7 = 7"),
            ("d6-d6", &[2, 5], -3, "d6-d6 [2, 5] = -3"),
            ("2*-d4", &[3], -6, "2*(-d4) [3] = -6"),
        ];
        for &(text, faces, total, line) in cases {
            let record = roll(text, faces).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(record.total, total, "{text:?}");
            assert_eq!(record.to_string(), line, "{text:?}");
            assert_eq!(record.faces(), faces, "{text:?}");
        }
    }

    #[test]
    fn record_marks_kept_and_exploded_dice() {
        let record = roll("2d6!kh1", &[6, 1, 5]).unwrap_or_else(|e| panic!("{e}"));
        let die = |face, kept, exploded| DieRoll { sides: 6, face, kept, exploded };
        assert_eq!(
            record,
            RollRecord {
                expr: "2d6!kh1".into(),
                dice: vec![die(6, true, false), die(1, true, true), die(5, false, false)],
                total: 7,
            }
        );
    }

    #[test]
    fn counting_faces_skips_dropped_dice() {
        let record = roll("5d6kh4", &[6, 6, 1, 6, 3]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(record.count_faces(6), 3);
        assert_eq!(record.count_faces(1), 0);
        assert_eq!(record.count_faces(3), 1);
        assert_eq!(record.faces(), vec![6, 6, 1, 6, 3]);
    }

    #[test]
    fn explosions_stop_at_the_cap() {
        let expr = DiceExpr::parse("d2!").unwrap_or_else(|e| panic!("{e}"));
        let mut dice = ScriptedDice::new(std::iter::repeat_n(2, 500));
        let record = expr.roll(&mut dice).unwrap_or_else(|e| panic!("{e}"));
        let cap = MAX_EXPLOSIONS as usize;
        assert_eq!(record.dice.len(), 1 + cap);
        assert_eq!(dice.used(), 1 + cap);
        assert_eq!(record.total, 2 * (1 + i64::from(MAX_EXPLOSIONS)));
        assert_eq!(record.dice.iter().filter(|d| d.exploded).count(), cap);
        // The die at the cap showed its maximum but added nothing, so it carries no mark.
        assert!(record.to_string().ends_with(", 2!, 2] = 202"));
    }

    #[test]
    fn each_die_has_its_own_cap() {
        let expr = DiceExpr::parse("2d2!").unwrap_or_else(|e| panic!("{e}"));
        let mut dice = ScriptedDice::new(std::iter::repeat_n(2, 1000));
        let record = expr.roll(&mut dice).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(record.dice.len(), 2 * (1 + MAX_EXPLOSIONS as usize));
    }

    #[test]
    fn source_errors_pass_through() {
        assert_eq!(roll("3d6", &[6, 6]), Err(DiceError::ScriptExhausted { used: 2, sides: 6 }));
        assert_eq!(roll("d8!", &[8]), Err(DiceError::ScriptExhausted { used: 1, sides: 8 }));
        assert_eq!(
            roll("d6+d4", &[3, 5]),
            Err(DiceError::FaceOutOfRange { face: 5, sides: 4, position: 2 })
        );
        assert_eq!(
            roll("d6+d4", &[3, 5]).unwrap_err().to_string(),
            "dice: face 5 at position 2 of the dice script does not fit a d4; expected 1 to 4"
        );
        assert_eq!(
            roll("2d6", &[0, 1]),
            Err(DiceError::FaceOutOfRange { face: 0, sides: 6, position: 1 })
        );
    }

    #[test]
    fn explosions_that_outgrow_i64_report_overflow() {
        // 29 d2s multiply to at most 2^29, within the limit; rigged to explode to the cap,
        // each is worth 202 and the product passes i64 after nine of them.
        let text = vec!["d2!"; 29].join("*");
        let expr = DiceExpr::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(expr.max(), 1 << 29);
        let mut dice = ScriptedDice::new(std::iter::repeat_n(2, 29 * 101));
        assert_eq!(expr.roll(&mut dice), Err(DiceError::Overflow));
    }

    #[test]
    fn explosions_past_the_total_limit_are_refused() {
        // At most 10,000,000 * 100 without explosions; one die exploding to the cap is worth
        // 101,000,000 on its own.
        let expr = DiceExpr::parse("10d1000000!*100").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(expr.max(), MAX_TOTAL);
        let faces = std::iter::repeat_n(1_000_000, 101).chain(std::iter::repeat_n(1, 9));
        let mut dice = ScriptedDice::new(faces);
        let err = expr.roll(&mut dice).unwrap_err();
        assert_eq!(err, DiceError::RollTooLarge { total: 10_100_000_900, limit: MAX_TOTAL });
        assert_eq!(
            err.to_string(),
            "dice: explosions took the roll to 10100000900; expected a total between -1000000000 and 1000000000"
        );
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn seeded_rolls_repeat_and_respect_bounds() {
        let expr = DiceExpr::parse("(4d6kh3+2)*2-d4").unwrap_or_else(|e| panic!("{e}"));
        let first = expr.roll(&mut SeededDice::new(42));
        assert_eq!(first, expr.roll(&mut SeededDice::new(42)));
        let mut dice = SeededDice::new(1);
        for _ in 0..200 {
            let record = expr.roll(&mut dice).unwrap_or_else(|e| panic!("{e}"));
            assert!((expr.min()..=expr.max()).contains(&record.total));
            assert_eq!(record.dice.len(), 5);
        }
    }

    #[test]
    fn record_survives_serde() {
        let record = roll("2d6!kh1+1", &[6, 2, 3]).unwrap_or_else(|e| panic!("{e}"));
        let json = serde_json::to_string(&record).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            json,
            r#"{"expr":"2d6!kh1+1","dice":[{"sides":6,"face":6,"kept":true,"exploded":false},{"sides":6,"face":2,"kept":true,"exploded":true},{"sides":6,"face":3,"kept":false,"exploded":false}],"total":9}"#
        );
        let back: RollRecord = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, record);
    }
}
