//! The parsed form of dice notation ([`DiceExpr`]), its bounds and its canonical text.

use std::fmt;
use std::str::FromStr;

use super::{DiceError, MAX_TOTAL};

/// A parsed dice expression such as `4d6kh3`, `2d6+3` or `(d8!+1)*2`.
///
/// Only [`DiceExpr::parse`] builds one, so every value has already passed the limits and its
/// bounds lie within [`MAX_TOTAL`]. `Display` prints the canonical text, which parses back
/// to an equal expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceExpr {
    pub(super) root: Node,
    pub(super) min: i64,
    pub(super) max: i64,
    pub(super) dice: u32,
}

/// One node of the expression tree.
///
/// Sums and products are flat lists rather than binary chains, so that a long run like
/// `1+1+…+1` cannot make the tree (and every walk over it) deep; depth only comes from
/// parentheses, which are limited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Node {
    /// A literal, never negative; a leading minus is a separate [`Node::Neg`].
    Num(i64),
    Dice(DiceTerm),
    Neg(Box<Node>),
    /// The first term, then at least one signed term.
    Sum(Box<Node>, Vec<(Sign, Node)>),
    /// At least two factors.
    Product(Vec<Node>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sign {
    Plus,
    Minus,
}

/// `NdS`, optionally exploding and optionally keeping some of the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DiceTerm {
    pub(super) count: u32,
    pub(super) sides: u32,
    pub(super) explode: bool,
    pub(super) keep: Option<Keep>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Keep {
    High(u32),
    Low(u32),
}

impl DiceTerm {
    /// How many dice count toward the total.
    pub(super) fn kept(&self) -> u32 {
        match self.keep {
            Some(Keep::High(n) | Keep::Low(n)) => n,
            None => self.count,
        }
    }
}

impl DiceExpr {
    /// Read dice notation; see `docs/dice.md` for the full grammar and the limits.
    pub fn parse(text: &str) -> Result<DiceExpr, DiceError> {
        super::parse::parse(text)
    }

    /// The smallest total the expression can produce.
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest total the expression can produce, ignoring explosions (which have no
    /// practical ceiling).
    pub fn max(&self) -> i64 {
        self.max
    }

    /// The number of dice the expression rolls before any explosions, summed over every term.
    pub fn dice_count(&self) -> u32 {
        self.dice
    }
}

impl FromStr for DiceExpr {
    type Err = DiceError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        DiceExpr::parse(text)
    }
}

/// The lowest and highest value of `node`, without explosions. Every part must stay within
/// [`MAX_TOTAL`], which also keeps each step far from the edge of an `i64`.
pub(super) fn bounds(node: &Node) -> Result<(i64, i64), DiceError> {
    match node {
        Node::Num(n) => within_limit(*n, *n),
        Node::Dice(term) => {
            let kept = i64::from(term.kept());
            let high = kept.checked_mul(i64::from(term.sides)).ok_or(DiceError::Overflow)?;
            within_limit(kept, high)
        }
        Node::Neg(inner) => {
            let (lo, hi) = bounds(inner)?;
            within_limit(neg(hi)?, neg(lo)?)
        }
        Node::Sum(first, rest) => {
            let (mut lo, mut hi) = bounds(first)?;
            for (sign, term) in rest {
                let (tlo, thi) = bounds(term)?;
                let (add_lo, add_hi) = match sign {
                    Sign::Plus => (tlo, thi),
                    Sign::Minus => (neg(thi)?, neg(tlo)?),
                };
                (lo, hi) = within_limit(
                    lo.checked_add(add_lo).ok_or(DiceError::Overflow)?,
                    hi.checked_add(add_hi).ok_or(DiceError::Overflow)?,
                )?;
            }
            Ok((lo, hi))
        }
        Node::Product(factors) => {
            let mut acc = (1i64, 1i64);
            for factor in factors {
                let (flo, fhi) = bounds(factor)?;
                // The extremes of a product of two ranges are among the products of their ends.
                let corners = [
                    acc.0.checked_mul(flo),
                    acc.0.checked_mul(fhi),
                    acc.1.checked_mul(flo),
                    acc.1.checked_mul(fhi),
                ];
                let mut lo = i64::MAX;
                let mut hi = i64::MIN;
                for corner in corners {
                    let value = corner.ok_or(DiceError::Overflow)?;
                    lo = lo.min(value);
                    hi = hi.max(value);
                }
                acc = within_limit(lo, hi)?;
            }
            Ok(acc)
        }
    }
}

/// `(lo, hi)` if both lie within [`MAX_TOTAL`]; else an error naming the one farther out.
fn within_limit(lo: i64, hi: i64) -> Result<(i64, i64), DiceError> {
    let reach = if lo.unsigned_abs() > hi.unsigned_abs() { lo } else { hi };
    if reach.unsigned_abs() > MAX_TOTAL.unsigned_abs() {
        return Err(DiceError::TooLarge { reach, limit: MAX_TOTAL });
    }
    Ok((lo, hi))
}

fn neg(value: i64) -> Result<i64, DiceError> {
    value.checked_neg().ok_or(DiceError::Overflow)
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_node(f, &self.root)
    }
}

impl fmt::Display for DiceTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "d{}", self.sides)?;
        if self.explode {
            f.write_str("!")?;
        }
        match self.keep {
            Some(Keep::High(n)) => write!(f, "kh{n}"),
            Some(Keep::Low(n)) => write!(f, "kl{n}"),
            None => Ok(()),
        }
    }
}

// Parentheses are printed exactly where the parser would otherwise build a different tree:
// a sum inside a sum or product, a product inside a product, anything compound under a
// minus sign, and a negated term anywhere but first in its list.
fn write_node(f: &mut fmt::Formatter<'_>, node: &Node) -> fmt::Result {
    match node {
        Node::Num(n) => write!(f, "{n}"),
        Node::Dice(term) => write!(f, "{term}"),
        Node::Neg(inner) => {
            f.write_str("-")?;
            write_wrapped(f, inner, !is_atom(inner))
        }
        Node::Sum(first, rest) => {
            write_wrapped(f, first, matches!(**first, Node::Sum(..)))?;
            for (sign, term) in rest {
                f.write_str(match sign {
                    Sign::Plus => "+",
                    Sign::Minus => "-",
                })?;
                write_wrapped(f, term, matches!(term, Node::Sum(..) | Node::Neg(_)))?;
            }
            Ok(())
        }
        Node::Product(factors) => {
            for (i, factor) in factors.iter().enumerate() {
                if i > 0 {
                    f.write_str("*")?;
                }
                let wrap = match factor {
                    Node::Sum(..) | Node::Product(_) => true,
                    Node::Neg(_) => i > 0,
                    Node::Num(_) | Node::Dice(_) => false,
                };
                write_wrapped(f, factor, wrap)?;
            }
            Ok(())
        }
    }
}

fn write_wrapped(f: &mut fmt::Formatter<'_>, node: &Node, wrap: bool) -> fmt::Result {
    if wrap {
        f.write_str("(")?;
        write_node(f, node)?;
        f.write_str(")")
    } else {
        write_node(f, node)
    }
}

fn is_atom(node: &Node) -> bool {
    matches!(node, Node::Num(_) | Node::Dice(_))
}
