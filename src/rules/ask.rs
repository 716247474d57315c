//! What planning can stop to ask: a roll the command has no faces for, or a decision it does not
//! carry. The rules ask their [`DiceSource`] before such a roll or decision; a source that plays
//! on by itself (seeded, scripted, a journal's faces) answers at once, while [`Asking`] stops
//! planning with a [`Need`] and what has happened so far, so the caller can ask the GM and plan
//! again with the answers. Planning is pure and the faces are handed out in the same order, so
//! the second plan repeats the first up to the question.

use std::fmt;

pub use super::dice::question::{Decision, Need, Pick, RollAsk};
use super::dice::{DiceError, DiceSource};

/// A roll made while planning, as far as planning got: for the "so far" of a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    pub roll: RollAsk,
    pub faces: Vec<u32>,
}

impl Made {
    /// Against a number to beat written `N or less` or `N or more`, with the dice it asked for:
    /// `success by 4`, `failure by 2`.
    fn verdict(&self, total: u64) -> Option<String> {
        let beat = self.roll.beat.as_deref()?;
        let (n, under) = match beat.split_once(' ')? {
            (n, "or less") => (n, true),
            _ => return None,
        };
        let n: i64 = n.parse().ok()?;
        let total = i64::try_from(total).ok()?;
        if self.faces.len() != self.roll.count {
            return None;
        }
        let margin = if under { n.saturating_sub(total) } else { total.saturating_sub(n) };
        Some(match margin >= 0 {
            true => format!("success by {margin}"),
            false => format!("failure by {}", margin.saturating_neg()),
        })
    }
}

impl fmt::Display for Made {
    /// `Aldric's attack 14: 3d6 showed 4, 2, 3 (9): success by 5`; the total and the verdict
    /// only where the roll is a sum against a number (`14 or less`), never for a pool or a die
    /// kept from several.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces: Vec<String> = self.faces.iter().map(u32::to_string).collect();
        write!(f, "{}: {} showed {}", self.roll.label, self.roll.dice, faces.join(", "))?;
        let total: u64 = self.faces.iter().map(|&n| u64::from(n)).sum();
        match self.verdict(total) {
            Some(verdict) => write!(f, " ({total}): {verdict}"),
            None => Ok(()),
        }
    }
}

/// A source that hands out the faces answered so far, then stops planning at the first
/// labelled roll it has no faces for, and at every decision the command does not carry. A roll
/// made without a label (one the rules have not named yet) takes the next answered face, or a
/// face of `rest` that is kept with the answers, so planning again gives it back.
pub struct Asking<'a> {
    faces: Vec<u32>,
    next: usize,
    rest: &'a mut dyn DiceSource,
    made: Vec<Made>,
    /// The labelled roll under way and the faces it has taken.
    open: Option<Made>,
    /// Whether a named roll with no faces stops planning (the GM rolls at the table), or
    /// `rest` rolls it (the tracker's dice) and only decisions stop.
    asks_rolls: bool,
    /// Named rolls without faces `rest` may still roll before planning stops at one.
    granted: usize,
    /// Whether the roll under way is one `rest` rolls.
    open_granted: bool,
}

/// What planning stops for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asks {
    /// Every named roll without faces and every decision: dice rolled at the table.
    RollsAndDecisions,
    /// Decisions only; the tracker rolls the dice.
    Decisions,
    /// As `RollsAndDecisions`, but the first named roll without faces is rolled by the source
    /// behind (the GM said "roll it"), exploding dice included.
    RollTheNext,
}

impl<'a> Asking<'a> {
    /// Faces answered so far, in the order planning takes them; `rest` rolls the unnamed ones.
    pub fn new(faces: Vec<u32>, rest: &'a mut dyn DiceSource) -> Asking<'a> {
        Asking::with(Asks::RollsAndDecisions, faces, rest)
    }

    /// As [`Asking::new`], stopping for `asks`.
    pub fn with(asks: Asks, faces: Vec<u32>, rest: &'a mut dyn DiceSource) -> Asking<'a> {
        let asks_rolls = asks != Asks::Decisions;
        let granted = usize::from(asks == Asks::RollTheNext);
        Asking {
            faces,
            next: 0,
            rest,
            made: Vec::new(),
            open: None,
            asks_rolls,
            granted,
            open_granted: false,
        }
    }

    /// Every face answered or handed out, in order: the answers to plan with next time (a
    /// roll's faces answered in part stay, and the rest are appended to them).
    pub fn faces(&self) -> &[u32] {
        &self.faces
    }

    /// The named rolls made so far, each with its faces.
    pub fn made(&self) -> Vec<Made> {
        self.made.iter().cloned().chain(self.open.clone()).collect()
    }

    fn served(
        &mut self,
        sides: u32,
        from_rest: impl FnOnce(&mut dyn DiceSource) -> Result<u32, DiceError>,
    ) -> Result<u32, DiceError> {
        let face = match self.faces.get(self.next) {
            Some(&face) if (1..=sides).contains(&face) => face,
            Some(&face) => {
                return Err(DiceError::FaceOutOfRange { face, sides, position: self.next + 1 });
            }
            None => {
                let face = from_rest(&mut *self.rest)?;
                self.faces.push(face);
                face
            }
        };
        self.next += 1;
        if let Some(open) = &mut self.open {
            open.faces.push(face);
        }
        Ok(face)
    }

    fn left(&self) -> usize {
        self.faces.len().saturating_sub(self.next)
    }
}

impl DiceSource for Asking<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let face = match self.faces.get(self.next) {
            Some(&face) if (1..=sides).contains(&face) => face,
            Some(&face) => {
                return Err(DiceError::FaceOutOfRange { face, sides, position: self.next + 1 });
            }
            None => {
                // A named roll that wants one more die than it was given (an exploding die,
                // a reroll): the GM rolls that one too.
                if self.asks_rolls
                    && !self.open_granted
                    && let Some(open) = &self.open
                    && open.faces.len() >= open.roll.count.max(1)
                {
                    if self.granted > 0 {
                        // The GM said roll it: this die and any the roll adds after it.
                        self.granted -= 1;
                        self.open_granted = true;
                        let face = self.rest.roll(sides)?;
                        self.faces.push(face);
                        self.next += 1;
                        if let Some(open) = &mut self.open {
                            open.faces.push(face);
                        }
                        return Ok(face);
                    }
                    return Err(DiceError::Stopped(Box::new(Need::Roll(RollAsk {
                        label: format!("{}, one more die", open.roll.label),
                        dice: format!("1d{sides}"),
                        count: 1,
                        beat: None,
                    }))));
                }
                let face = self.rest.roll(sides)?;
                self.faces.push(face);
                face
            }
        };
        self.next += 1;
        // The named roll takes its own dice and any it adds (an exploding die); a roll after it
        // is named in turn.
        if let Some(open) = &mut self.open {
            open.faces.push(face);
        }
        Ok(face)
    }

    // A card or a roll-off takes an answered face when there is one (so planning again deals
    // the same), else the source behind deals or rolls it, kept with the answers.
    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        self.served(cards, |rest| rest.draw_card(cards))
    }

    fn roll_off(&mut self, holder: &str) -> Result<u32, DiceError> {
        self.served(6, |rest| rest.roll_off(holder))
    }

    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), DiceError> {
        if let Some(done) = self.open.take() {
            self.made.push(done);
        }
        self.open_granted = false;
        if self.asks_rolls && self.left() < roll.count.max(1) {
            if self.granted == 0 {
                return Err(DiceError::Stopped(Box::new(Need::Roll(roll.clone()))));
            }
            self.granted -= 1;
            self.open_granted = true;
        }
        self.open = Some(Made { roll: roll.clone(), faces: Vec::new() });
        Ok(())
    }

    // A decision with one open option (a soak with no benny left) is no choice: it is taken.
    fn decide(&mut self, decision: &Decision) -> Result<usize, DiceError> {
        let mut open = decision.options.iter().enumerate().filter(|(_, p)| p.refused.is_none());
        match (open.next(), open.next(), &decision.typed) {
            (Some((only, _)), None, None) => Ok(only),
            _ => Err(DiceError::Stopped(Box::new(Need::Decide(decision.clone())))),
        }
    }
}
