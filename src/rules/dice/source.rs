//! Where die faces come from: the [`DiceSource`] trait, a seeded generator for play and a
//! script of fixed faces for tests and for replaying a table's physical rolls.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::DiceError;
use super::question::{Decision, RollAsk, RollMark};

/// Where die faces come from.
pub trait DiceSource {
    /// One face of a die with `sides` sides, in 1..=sides.
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError>;

    /// The faces handed out so far that were typed at the table and those rolled after them,
    /// when this source mixes the two ([`TypedFirst`]); `None` for any other source.
    fn typed_split(&self) -> Option<(&[u32], &[u32])> {
        None
    }

    /// Each roll's faces marked typed or rolled, in order, when this source was told which
    /// faces the GM typed and which the tracker rolled on the GM's word ([`TypedFirst::marked`]).
    fn roll_marks(&self) -> &[RollMark] {
        &[]
    }

    /// Which of `cards` cards a shuffled deck gives next (1 is the lowest left): a die of that
    /// many sides unless the source says otherwise. Faces typed at the table are dice, never
    /// cards, so [`TypedFirst`] leaves draws to the source behind it.
    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        self.roll(cards)
    }

    /// A d6 of a tie roll-off for one holder (`holder`: its combatant's id, or its group's
    /// first member's): a plain d6 unless the source keeps each holder's faces apart, as
    /// `check --replan` does to hand back what that holder's own roll-off recorded.
    fn roll_off(&mut self, holder: &str) -> Result<u32, DiceError> {
        let _ = holder;
        self.roll(6)
    }

    /// The rules are about to make a named roll (see [`crate::rules::ask`]): a source that plays
    /// on by itself lets it go ahead; one that asks the GM may stop planning here instead.
    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), DiceError> {
        let _ = roll;
        Ok(())
    }

    /// A decision the command does not carry: by default the rules' suggestion, which is what
    /// replaying a saved command takes too; a source that asks the GM stops planning instead.
    /// A decision the rules have no default for stops planning here too: the command is
    /// incomplete, and the error names what it lacks.
    fn decide(&mut self, decision: &Decision) -> Result<usize, DiceError> {
        match decision.suggested {
            Some(i) if decision.options.get(i).is_some_and(|p| p.refused.is_none()) => Ok(i),
            _ => Err(DiceError::Stopped(Box::new(super::question::Need::Decide(decision.clone())))),
        }
    }
}

impl<T: DiceSource + ?Sized> DiceSource for &mut T {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        (**self).roll(sides)
    }

    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), DiceError> {
        (**self).before_roll(roll)
    }

    fn decide(&mut self, decision: &Decision) -> Result<usize, DiceError> {
        (**self).decide(decision)
    }

    fn typed_split(&self) -> Option<(&[u32], &[u32])> {
        (**self).typed_split()
    }

    fn roll_marks(&self) -> &[RollMark] {
        (**self).roll_marks()
    }

    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        (**self).draw_card(cards)
    }

    fn roll_off(&mut self, holder: &str) -> Result<u32, DiceError> {
        (**self).roll_off(holder)
    }
}

impl<T: DiceSource + ?Sized> DiceSource for Box<T> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        (**self).roll(sides)
    }

    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), DiceError> {
        (**self).before_roll(roll)
    }

    fn decide(&mut self, decision: &Decision) -> Result<usize, DiceError> {
        (**self).decide(decision)
    }

    fn typed_split(&self) -> Option<(&[u32], &[u32])> {
        (**self).typed_split()
    }

    fn roll_marks(&self) -> &[RollMark] {
        (**self).roll_marks()
    }

    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        (**self).draw_card(cards)
    }

    fn roll_off(&mut self, holder: &str) -> Result<u32, DiceError> {
        (**self).roll_off(holder)
    }
}

/// Faces typed at the table first, then whatever `rest` gives once they run out: the GM types
/// the dice the players rolled and lets the tracker roll the others. Both are remembered in
/// the order handed out, so the log can say which were typed.
pub struct TypedFirst<'a> {
    typed: ScriptedDice,
    rest: &'a mut dyn DiceSource,
    handed: Vec<u32>,
    rolled: Vec<u32>,
    /// For each face of `typed`, whether the GM typed it (else the tracker rolled it on the GM's
    /// word); `None`: every one was typed, and no roll is marked.
    flags: Option<Vec<bool>>,
    used: usize,
    marks: Vec<RollMark>,
    /// The named roll under way; a new mark starts at each.
    label: Option<String>,
}

impl<'a> TypedFirst<'a> {
    pub fn new(typed: ScriptedDice, rest: &'a mut dyn DiceSource) -> Self {
        TypedFirst {
            typed,
            rest,
            handed: Vec::new(),
            rolled: Vec::new(),
            flags: None,
            used: 0,
            marks: Vec::new(),
            label: None,
        }
    }

    /// Faces answered one roll at a time, each `true` when typed at the table and `false` when
    /// the tracker rolled it on the GM's word: the log marks each roll typed or rolled.
    pub fn marked(faces: Vec<(u32, bool)>, rest: &'a mut dyn DiceSource) -> Self {
        let flags = faces.iter().map(|&(_, typed)| typed).collect();
        let mut dice = TypedFirst::new(ScriptedDice::new(faces.into_iter().map(|(f, _)| f)), rest);
        dice.flags = Some(flags);
        dice
    }

    fn mark(&mut self, face: u32, typed: bool) {
        if self.flags.is_none() {
            return;
        }
        let label = self.label.take();
        match self.marks.last_mut() {
            Some(last) if label.is_none() && last.typed == typed => last.faces.push(face),
            _ => self.marks.push(RollMark {
                label: label.unwrap_or_default(),
                faces: vec![face],
                typed,
            }),
        }
    }

    /// Typed faces no die asked for.
    pub fn unused(&self) -> usize {
        self.typed.remaining()
    }

    /// Those faces themselves, in the order typed.
    pub fn unused_faces(&self) -> &[u32] {
        self.typed.left()
    }
}

impl DiceSource for TypedFirst<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if self.typed.remaining() > 0 {
            let face = self.typed.roll(sides)?;
            let typed = self.flags.as_ref().is_none_or(|f| f.get(self.used) != Some(&false));
            self.used += 1;
            match typed {
                true => self.handed.push(face),
                false => self.rolled.push(face),
            }
            self.mark(face, typed);
            return Ok(face);
        }
        let face = self.rest.roll(sides)?;
        self.rolled.push(face);
        self.mark(face, false);
        Ok(face)
    }

    fn typed_split(&self) -> Option<(&[u32], &[u32])> {
        Some((&self.handed, &self.rolled))
    }

    fn roll_marks(&self) -> &[RollMark] {
        &self.marks
    }

    // Answered roll by roll, a card drawn while planning took its place among the faces.
    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        match self.flags {
            Some(_) => {
                // Kept in the marks (so `check --replan` deals it again), named as a card.
                self.label = Some(super::question::CARD_MARK.to_string());
                let card = self.roll(cards);
                self.label = None;
                card
            }
            None => self.rest.draw_card(cards),
        }
    }

    // Faces typed for the roll go ahead; past them the source behind decides, asked only for
    // the dice the typed faces leave.
    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), DiceError> {
        self.label = Some(roll.label.clone());
        let typed = self.typed.remaining();
        if typed >= roll.count.max(1) {
            return Ok(());
        }
        self.rest.before_roll(&RollAsk { count: roll.count - typed, ..roll.clone() })
    }

    fn decide(&mut self, decision: &Decision) -> Result<usize, DiceError> {
        self.rest.decide(decision)
    }
}

/// Roll one die of `sides` sides and return its face (helper for rules code).
///
/// Unlike calling [`DiceSource::roll`] directly, this refuses a zero-sided die up front and
/// checks that the source kept its promise of a face in `1..=sides`.
pub fn roll_die(dice: &mut dyn DiceSource, sides: u32) -> Result<u32, DiceError> {
    if sides == 0 {
        return Err(DiceError::ZeroSides { column: 0 });
    }
    let face = dice.roll(sides)?;
    if face == 0 || face > sides {
        return Err(DiceError::FaceOutOfRange { face, sides, position: 0 });
    }
    Ok(face)
}

/// Pseudo-random dice from a 64-bit seed: the same seed gives the same faces.
///
/// The sequence is only promised to repeat within one build of the program; the generator
/// behind it may change when the `rand` dependency is upgraded.
#[derive(Debug)]
pub struct SeededDice {
    rng: StdRng,
}

impl SeededDice {
    /// A source seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        SeededDice { rng: StdRng::seed_from_u64(seed) }
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        // An empty range would make `random_range` panic.
        if sides == 0 {
            return Err(DiceError::ZeroSides { column: 0 });
        }
        Ok(self.rng.random_range(1..=sides))
    }
}

/// Dice that hand out a fixed list of faces in order, then report [`DiceError::ScriptExhausted`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptedDice {
    faces: Vec<u32>,
    next: usize,
    /// The command field the faces were typed in (`roll`), for the error when they run out.
    field: Option<String>,
}

impl ScriptedDice {
    /// A script of `faces`, handed out first to last.
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        ScriptedDice { faces: faces.into_iter().collect(), next: 0, field: None }
    }

    /// The same faces, typed in a command's `field` (`roll`): running out says so.
    pub fn in_field(mut self, field: &str) -> Self {
        self.field = Some(field.to_string());
        self
    }

    /// The same script with its first `n` faces already handed out (by an earlier roll of the
    /// same command), so that running out counts every face typed.
    pub fn after(mut self, n: usize) -> Self {
        self.next = n.min(self.faces.len());
        self
    }

    /// Parse "6,6,3,1" or "6 6 3 1" (commas and/or whitespace) — a clear DiceError on bad text.
    ///
    /// Empty text gives an empty script. Two commas with no face between them, a comma at
    /// either end, a face of 0 or anything that is not a whole number is an error.
    pub fn parse(list: &str) -> Result<Self, DiceError> {
        let mut faces = Vec::new();
        // A face is wanted at the start only if the text is not blank, and after every comma.
        let mut comma_pending: Option<usize> = None;
        let mut chars = list.chars().enumerate().peekable();
        while let Some((index, c)) = chars.next() {
            let column = index + 1;
            if c.is_whitespace() {
                continue;
            }
            if c == ',' {
                if comma_pending.is_some() || faces.is_empty() {
                    return Err(face_expected(column, ","));
                }
                comma_pending = Some(column);
                continue;
            }
            let mut word = String::from(c);
            while let Some(&(_, next)) = chars.peek() {
                if next.is_whitespace() || next == ',' {
                    break;
                }
                word.push(next);
                chars.next();
            }
            faces.push(parse_face(&word, column)?);
            comma_pending = None;
        }
        if comma_pending.is_some() {
            return Err(face_expected(list.chars().count() + 1, ""));
        }
        Ok(ScriptedDice::new(faces))
    }

    /// Every face of the script, handed out or not.
    pub fn faces(&self) -> &[u32] {
        &self.faces
    }

    /// Faces not yet handed out.
    pub fn remaining(&self) -> usize {
        self.faces.len() - self.next
    }

    /// The faces not handed out yet, in order.
    pub fn left(&self) -> &[u32] {
        self.faces.get(self.next..).unwrap_or_default()
    }

    /// Faces handed out so far.
    pub fn used(&self) -> usize {
        self.next
    }
}

fn face_expected(column: usize, found: &str) -> DiceError {
    DiceError::Parse {
        column,
        expected: "a die face (a whole number from 1 up)".to_string(),
        found: found.to_string(),
    }
}

fn parse_face(word: &str, column: usize) -> Result<u32, DiceError> {
    if !word.chars().all(|c| c.is_ascii_digit()) {
        return Err(face_expected(column, word));
    }
    match word.parse::<u32>() {
        Ok(0) => Err(face_expected(column, word)),
        Ok(face) => Ok(face),
        Err(_) => Err(DiceError::Parse {
            column,
            expected: format!("a die face no larger than {}", u32::MAX),
            found: word.to_string(),
        }),
    }
}

impl DiceSource for ScriptedDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let Some(&face) = self.faces.get(self.next) else {
            return Err(match &self.field {
                Some(field) => {
                    DiceError::FieldRanOut { field: field.clone(), used: self.next, sides }
                }
                None => DiceError::ScriptExhausted { used: self.next, sides },
            });
        };
        // The face stays in the script on error so the caller can see where things went wrong.
        if face == 0 || face > sides {
            return Err(DiceError::FaceOutOfRange { face, sides, position: self.next + 1 });
        }
        self.next += 1;
        Ok(face)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_hands_out_faces_in_order_and_counts() {
        let mut dice = ScriptedDice::new([6, 2, 4]);
        assert_eq!(dice.remaining(), 3);
        assert_eq!(dice.roll(6), Ok(6));
        assert_eq!(dice.roll(6), Ok(2));
        assert_eq!((dice.used(), dice.remaining()), (2, 1));
        assert_eq!(dice.roll(4), Ok(4));
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn exhausted_script_reports_how_far_it_got() {
        let mut dice = ScriptedDice::new([3]);
        assert_eq!(dice.roll(6), Ok(3));
        let err = dice.roll(8).unwrap_err();
        assert_eq!(err, DiceError::ScriptExhausted { used: 1, sides: 8 });
        assert_eq!(
            err.to_string(),
            "dice: the dice script ran out after 1 face; expected another face for a d8"
        );
    }

    #[test]
    fn out_of_range_face_names_its_position_and_is_not_consumed() {
        let mut dice = ScriptedDice::new([2, 7]);
        assert_eq!(dice.roll(6), Ok(2));
        let err = dice.roll(6).unwrap_err();
        assert_eq!(err, DiceError::FaceOutOfRange { face: 7, sides: 6, position: 2 });
        assert_eq!(
            err.to_string(),
            "dice: face 7 at position 2 of the dice script does not fit a d6; expected 1 to 6"
        );
        assert_eq!(dice.used(), 1);
        assert_eq!(dice.roll(8), Ok(7));
    }

    #[test]
    fn zero_face_is_out_of_range() {
        let mut dice = ScriptedDice::new([0]);
        assert!(matches!(dice.roll(6), Err(DiceError::FaceOutOfRange { face: 0, .. })));
    }

    #[test]
    fn script_text_accepts_commas_and_whitespace() {
        for text in ["6,6,3,1", "6 6 3 1", " 6, 6 ,3\t1\n", "6,\n6 3,1"] {
            assert_eq!(ScriptedDice::parse(text), Ok(ScriptedDice::new([6, 6, 3, 1])), "{text:?}");
        }
        assert_eq!(ScriptedDice::parse("  "), Ok(ScriptedDice::new([])));
    }

    #[test]
    fn script_text_errors_point_at_the_problem() {
        let cases: &[(&str, usize, &str)] = &[
            ("6,x,3", 3, "x"),
            ("6,,3", 3, ","),
            (",6", 1, ","),
            ("6,", 3, ""),
            ("6 0", 3, "0"),
            ("6 -1", 3, "-1"),
            ("6 2.5", 3, "2.5"),
            ("6 d6", 3, "d6"),
        ];
        for &(text, column, found) in cases {
            match ScriptedDice::parse(text) {
                Err(DiceError::Parse { column: c, found: f, .. }) => {
                    assert_eq!((c, f.as_str()), (column, found), "{text:?}")
                }
                other => panic!("{text:?} gave {other:?}"),
            }
        }
        assert_eq!(
            ScriptedDice::parse("4 x").unwrap_err().to_string(),
            "dice: expected a die face (a whole number from 1 up) at column 3, found 'x'"
        );
        assert!(matches!(
            ScriptedDice::parse("99999999999"),
            Err(DiceError::Parse { column: 1, .. })
        ));
    }

    #[test]
    fn typed_faces_come_first_then_the_rest_is_rolled() {
        let mut rest = ScriptedDice::new([4, 2]);
        let mut dice = TypedFirst::new(ScriptedDice::new([6, 5]), &mut rest);
        let faces: Vec<u32> = (0..3).map(|_| dice.roll(6).unwrap()).collect();
        assert_eq!(faces, [6, 5, 4]);
        assert_eq!(dice.typed_split(), Some((&[6, 5][..], &[4][..])));
        assert_eq!(dice.unused(), 0);
        // A typed face the die does not have is refused, not skipped.
        let mut rest = ScriptedDice::new([1]);
        let mut dice = TypedFirst::new(ScriptedDice::new([9]), &mut rest);
        assert!(matches!(dice.roll(6), Err(DiceError::FaceOutOfRange { face: 9, .. })));
        assert_eq!(ScriptedDice::new([]).typed_split(), None);
        // A card drawn is the deck's, never a typed face.
        let mut rest = ScriptedDice::new([40]);
        let mut dice = TypedFirst::new(ScriptedDice::new([3]), &mut rest);
        assert_eq!(dice.draw_card(52), Ok(40));
        assert_eq!((dice.roll(6), dice.unused()), (Ok(3), 0));
    }

    #[test]
    fn seeded_dice_repeat_with_the_same_seed_and_stay_in_range() {
        let mut a = SeededDice::new(7);
        let mut b = SeededDice::new(7);
        for sides in 1..200 {
            let face = a.roll(sides).unwrap();
            assert_eq!(b.roll(sides), Ok(face));
            assert!((1..=sides).contains(&face));
        }
        assert_eq!(a.roll(0), Err(DiceError::ZeroSides { column: 0 }));
    }

    #[test]
    fn roll_die_checks_sides_and_faces() {
        struct Liar;
        impl DiceSource for Liar {
            fn roll(&mut self, _sides: u32) -> Result<u32, DiceError> {
                Ok(9)
            }
        }
        assert_eq!(
            roll_die(&mut Liar, 6),
            Err(DiceError::FaceOutOfRange { face: 9, sides: 6, position: 0 })
        );
        assert_eq!(roll_die(&mut Liar, 0), Err(DiceError::ZeroSides { column: 0 }));
        let mut boxed: Box<dyn DiceSource> = Box::new(ScriptedDice::new([5]));
        assert_eq!(roll_die(&mut boxed, 6), Ok(5));
        let mut script = ScriptedDice::new([4]);
        let mut by_ref = &mut script;
        assert_eq!(roll_die(&mut by_ref, 6), Ok(4));
    }
}
