//! The players' view as plain text, for `watch --once` and anything else that prints it. Names
//! and log lines come out with their control characters escaped.

use std::fmt::Write as _;

use super::{PlayerHealth, PlayerView, band_word};
use crate::printable::escaped;

/// The view as lines of text: the round, now and on deck, the order, then the log.
pub fn to_text(view: &PlayerView) -> String {
    let mut out = String::new();
    // Each line as it reads, never a control character raw: a name cannot drive the terminal or
    // forge a line.
    let mut put = |line: &str| {
        out.push_str(&escaped(line));
        out.push('\n');
    };
    let round = match (view.round, &view.turn) {
        (0, None) => "not started".to_string(),
        (0, Some(_)) => "before round 1".to_string(),
        (n, _) => format!("round {n}"),
    };
    put(&format!("{} ({}), {round}", view.name, view.system));
    put(&format!("now: {}", view.turn.as_deref().unwrap_or("-")));
    put(&format!("on deck: {}", view.on_deck.as_deref().unwrap_or("-")));
    put("");
    put("order:");
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
        put(row.trim_end());
    }
    put("");
    put("log:");
    for line in &view.log {
        put(&format!("  {}", line.text));
    }
    out
}
