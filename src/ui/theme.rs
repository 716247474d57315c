//! Styles for the dashboard, in colour or (with `NO_COLOR`) without: markers are always symbols,
//! so nothing depends on colour alone.

use ratatui::style::{Color, Modifier, Style};

/// The styles the panes use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to anything non-empty.
    pub fn from_env() -> Theme {
        Theme { color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) }
    }

    fn fg(self, color: Color) -> Style {
        if self.color { Style::new().fg(color) } else { Style::new() }
    }

    pub fn plain(self) -> Style {
        Style::new()
    }

    pub fn title(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn header(self) -> Style {
        if self.color {
            Style::new().bg(Color::Blue).fg(Color::White)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    pub fn current(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn down(self) -> Style {
        self.dim().add_modifier(Modifier::CROSSED_OUT)
    }

    pub fn error(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn good(self) -> Style {
        self.fg(Color::Green)
    }

    pub fn warn(self) -> Style {
        self.fg(Color::Yellow)
    }

    pub fn bad(self) -> Style {
        self.fg(Color::Red)
    }

    /// A die face that matters: a six, an ace, a critical.
    pub fn notable(self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    pub fn key(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn side(self, side: crate::rules::Side) -> Style {
        match side {
            crate::rules::Side::Pc => self.fg(Color::LightGreen),
            crate::rules::Side::Ally => self.fg(Color::Green),
            crate::rules::Side::Enemy => self.fg(Color::LightRed),
            crate::rules::Side::Neutral => self.fg(Color::Gray),
        }
    }
}
