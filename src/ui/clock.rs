//! The turn timer as the screens show it (the tracker's header, the players' screen): the
//! current turn's time, bold in the warning colour once past `turn_timer=warn:SECONDS`.

use ratatui::style::{Modifier, Style};

use super::theme::Theme;
use crate::app::TurnClock;

/// The timer's text and style on a bar drawn in `bar`: `turn 1:07 `.
pub fn turn_mark(clock: TurnClock, bar: Style, theme: Theme) -> (String, Style) {
    let text = format!("turn {} ", crate::clock::span(clock.ms));
    let style = if clock.over { bar.patch(theme.warn()).add_modifier(Modifier::BOLD) } else { bar };
    (text, style)
}
