//! Temporary stand-in for the dice module (replaced by the full parser on merge).

use serde::{Deserialize, Serialize};

/// Where die faces come from.
pub trait DiceSource {
    /// One face of a die with `sides` sides, in 1..=sides.
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError>;
}

impl<T: DiceSource + ?Sized> DiceSource for &mut T {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        (**self).roll(sides)
    }
}

pub struct SeededDice(u64);
impl SeededDice {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }
}
impl DiceSource for SeededDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        Ok(((self.0 >> 33) % sides as u64) as u32 + 1)
    }
}

pub struct ScriptedDice {
    faces: Vec<u32>,
    next: usize,
}
impl ScriptedDice {
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        Self { faces: faces.into_iter().collect(), next: 0 }
    }
    pub fn parse(list: &str) -> Result<Self, DiceError> {
        let faces = list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().map_err(|_| DiceError::Other(format!("bad face {s}"))))
            .collect::<Result<Vec<u32>, _>>()?;
        Ok(Self::new(faces))
    }
    pub fn remaining(&self) -> usize {
        self.faces.len() - self.next
    }
    pub fn used(&self) -> usize {
        self.next
    }
}
impl DiceSource for ScriptedDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let Some(&face) = self.faces.get(self.next) else {
            return Err(DiceError::ScriptExhausted { used: self.next, sides });
        };
        self.next += 1;
        if face == 0 || face > sides {
            return Err(DiceError::FaceOutOfRange { face, sides, position: self.next });
        }
        Ok(face)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    ScriptExhausted { used: usize, sides: u32 },
    FaceOutOfRange { face: u32, sides: u32, position: usize },
    Other(String),
}
impl std::fmt::Display for DiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}
impl std::error::Error for DiceError {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceExpr {
    count: u32,
    sides: u32,
    bonus: i64,
}
impl DiceExpr {
    pub fn parse(text: &str) -> Result<DiceExpr, DiceError> {
        let t = text.trim().to_ascii_lowercase();
        let (d, bonus) = match t.find(['+', '-']) {
            Some(i) => (&t[..i], t[i..].parse::<i64>().map_err(|_| DiceError::Other(t.clone()))?),
            None => (t.as_str(), 0),
        };
        let (n, s) = d.split_once('d').ok_or_else(|| DiceError::Other(t.clone()))?;
        let count = if n.is_empty() { 1 } else { n.parse().map_err(|_| DiceError::Other(t.clone()))? };
        let sides = if s.is_empty() { 6 } else { s.parse().map_err(|_| DiceError::Other(t.clone()))? };
        Ok(DiceExpr { count, sides, bonus })
    }
    pub fn roll(&self, dice: &mut dyn DiceSource) -> Result<RollRecord, DiceError> {
        let mut rolls = Vec::new();
        let mut total = self.bonus;
        for _ in 0..self.count {
            let face = dice.roll(self.sides)?;
            total += face as i64;
            rolls.push(DieRoll { sides: self.sides, face, kept: true, exploded: false });
        }
        Ok(RollRecord { expr: self.to_string(), dice: rolls, total })
    }
    pub fn min(&self) -> i64 {
        self.count as i64 + self.bonus
    }
    pub fn max(&self) -> i64 {
        (self.count * self.sides) as i64 + self.bonus
    }
    pub fn dice_count(&self) -> u32 {
        self.count
    }
}
impl std::str::FromStr for DiceExpr {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}
impl std::fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if self.bonus != 0 {
            write!(f, "{:+}", self.bonus)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    pub expr: String,
    pub dice: Vec<DieRoll>,
    pub total: i64,
}
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub sides: u32,
    pub face: u32,
    pub kept: bool,
    pub exploded: bool,
}
impl RollRecord {
    pub fn faces(&self) -> Vec<u32> {
        self.dice.iter().map(|d| d.face).collect()
    }
    pub fn count_faces(&self, face: u32) -> usize {
        self.dice.iter().filter(|d| d.kept && d.face == face).count()
    }
}
impl std::fmt::Display for RollRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let faces: Vec<String> = self.dice.iter().map(|d| d.face.to_string()).collect();
        write!(f, "{} [{}] = {}", self.expr, faces.join(", "), self.total)
    }
}

pub fn roll_die(dice: &mut dyn DiceSource, sides: u32) -> Result<u32, DiceError> {
    dice.roll(sides)
}
