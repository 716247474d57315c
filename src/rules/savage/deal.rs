//! Dealing initiative from the action deck: one card each, Level Headed and Improved Level Headed
//! keeping the best of two or three, Quick redrawing low cards (SW-INIT-1, SW-INIT-5), and cards
//! typed in from a physical deck (SW-INIT-6).

use super::state;
use crate::rules::dice::DiceSource;
use crate::rules::dice::cards::Card;
use crate::rules::initiative::{InitValue, Initiative};
use crate::rules::request::{InitContext, InitRequest};
use crate::rules::savage::state::SavageState;
use crate::rules::types::RulesError;

/// Quick redraws cards of this rank or lower.
const QUICK_REDRAW_AT_MOST: u8 = 5;

/// SW-INIT-1, SW-INIT-5: one card each; Level Headed draws 2 and Improved Level Headed 3,
/// keeping the best; Quick redraws cards of 5 or lower.
pub(super) fn deal(
    who: InitRequest<'_>,
    ctx: &mut InitContext<SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Initiative, RulesError> {
    let draws = if who.stats.flag("improved_level_headed") {
        3
    } else if who.stats.flag("level_headed") {
        2
    } else {
        1
    };
    let mut drawn = Vec::new();
    for _ in 0..draws {
        drawn.push(state::draw(ctx, dice)?);
    }
    let best = |cards: &[Card]| cards.iter().copied().max_by_key(|c| c.order());
    let mut kept = best(&drawn).ok_or_else(|| RulesError::Invalid("no card drawn".into()))?;
    if who.stats.flag("quick") {
        // Bounded by the deck: a full deck has only 20 cards of rank 5 or lower.
        for _ in 0..60 {
            if kept.is_joker() || kept.rank() > QUICK_REDRAW_AT_MOST {
                break;
            }
            kept = state::draw(ctx, dice)?;
            drawn.push(kept);
        }
    }
    ctx.in_hand.push(kept);
    let mut init = Initiative::new(InitValue::Card(kept));
    init.drawn = drawn;
    Ok(init)
}

/// SW-INIT-6: a card from a physical deck, typed in.
pub(super) fn typed(text: &str) -> Result<Initiative, RulesError> {
    let card = Card::parse(text).ok_or_else(|| {
        RulesError::Invalid(format!(
            "a Savage Worlds initiative is a card such as QS, 10H, 2C or joker, not '{text}'"
        ))
    })?;
    let mut init = Initiative::new(InitValue::Card(card));
    init.drawn = vec![card];
    init.typed = true;
    Ok(init)
}
