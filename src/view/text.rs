//! The players' view as plain text, for `watch --once` and anything else that prints it.

use std::fmt::Write as _;

use super::{PlayerHealth, PlayerView, band_word};

/// The view as lines of text: the round, now and on deck, the order, then the log.
pub fn to_text(view: &PlayerView) -> String {
    let mut out = String::new();
    let round = match (view.round, &view.turn) {
        (0, None) => "not started".to_string(),
        (0, Some(_)) => "before round 1".to_string(),
        (n, _) => format!("round {n}"),
    };
    let _ = writeln!(out, "{} ({}), {round}", view.name, view.system);
    let _ = writeln!(out, "now: {}", view.turn.as_deref().unwrap_or("-"));
    let _ = writeln!(out, "on deck: {}", view.on_deck.as_deref().unwrap_or("-"));
    let _ = writeln!(out, "\norder:");
    for c in &view.order {
        let mark = if c.current {
            ">"
        } else if c.on_deck {
            "+"
        } else if c.down {
            "x"
        } else if c.held {
            "h"
        } else {
            " "
        };
        let mut row = format!("{mark} ");
        if let Some(card) = &c.card {
            let _ = write!(row, "[{card}] ");
        }
        let _ = write!(row, "{} ({})", c.name, c.side);
        match &c.health {
            PlayerHealth::Exact { text, .. } => {
                let _ = write!(row, " {text}");
            }
            PlayerHealth::Label { band } => {
                let _ = write!(row, " {}", band_word(*band));
            }
            PlayerHealth::Hidden => {}
        }
        if !c.conditions.is_empty() {
            let _ = write!(row, ": {}", c.conditions.join(", "));
        }
        let _ = writeln!(out, "{}", row.trim_end());
    }
    let _ = writeln!(out, "\nlog:");
    for line in &view.log {
        let _ = writeln!(out, "  {}", line.text);
    }
    out
}
