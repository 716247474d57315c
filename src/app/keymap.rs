//! Key bindings: the actions keys can trigger, the shipped defaults (`assets/keys.ron`) and the
//! user's patch file on top of them.

use std::collections::BTreeMap;
use std::fmt;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Something a key does in the dashboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    SelectDown,
    SelectUp,
    NextTurn,
    Damage,
    Heal,
    Condition,
    ShakeOff,
    Attack,
    Roll,
    Initiative,
    Hold,
    Act,
    Undo,
    Redo,
    Save,
    CommandLine,
    Help,
    Fold,
    LogUp,
    LogDown,
    LogOldest,
    LogNewest,
    LogFold,
    Timeline,
    Quit,
}

impl Action {
    pub const ALL: [Action; 25] = [
        Action::SelectDown,
        Action::SelectUp,
        Action::NextTurn,
        Action::Damage,
        Action::Heal,
        Action::Condition,
        Action::ShakeOff,
        Action::Attack,
        Action::Roll,
        Action::Initiative,
        Action::Hold,
        Action::Act,
        Action::Undo,
        Action::Redo,
        Action::Save,
        Action::CommandLine,
        Action::Help,
        Action::Fold,
        Action::LogUp,
        Action::LogDown,
        Action::LogOldest,
        Action::LogNewest,
        Action::LogFold,
        Action::Timeline,
        Action::Quit,
    ];

    /// The name used in keys.ron.
    pub fn key(self) -> &'static str {
        match self {
            Action::SelectDown => "select_down",
            Action::SelectUp => "select_up",
            Action::NextTurn => "next_turn",
            Action::Damage => "damage",
            Action::Heal => "heal",
            Action::Condition => "condition",
            Action::ShakeOff => "shake_off",
            Action::Attack => "attack",
            Action::Roll => "roll",
            Action::Initiative => "initiative",
            Action::Hold => "hold",
            Action::Act => "act",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Save => "save",
            Action::CommandLine => "command_line",
            Action::Help => "help",
            Action::Fold => "fold",
            Action::LogUp => "log_up",
            Action::LogDown => "log_down",
            Action::LogOldest => "log_oldest",
            Action::LogNewest => "log_newest",
            Action::LogFold => "log_fold",
            Action::Timeline => "timeline",
            Action::Quit => "quit",
        }
    }

    /// What it does, for the help screen.
    pub fn help(self) -> &'static str {
        match self {
            Action::SelectDown => "select the next combatant",
            Action::SelectUp => "select the previous combatant",
            Action::NextTurn => "end the turn (next)",
            Action::Damage => "damage a combatant",
            Action::Heal => "heal a combatant",
            Action::Condition => "give a condition",
            Action::ShakeOff => "roll to shake off a condition",
            Action::Attack => "attack with the current combatant",
            Action::Roll => "roll dice",
            Action::Initiative => "set initiative by hand",
            Action::Hold => "hold the current turn",
            Action::Act => "a held combatant acts now",
            Action::Undo => "undo the last command",
            Action::Redo => "redo",
            Action::Save => "save under a name",
            Action::CommandLine => "type a command",
            Action::Help => "this help",
            Action::Fold => "fold or unfold a group; on a combatant, its whole sheet",
            Action::LogUp => "scroll the dice log back",
            Action::LogDown => "scroll the dice log forward",
            Action::LogOldest => "the dice log's first line",
            Action::LogNewest => "the dice log's newest line",
            Action::LogFold => {
                "fold the dice log's open command under its headline, or unfold it (older \
                 commands show folded, `▸ +N` lines; scrolling back shows every line)"
            }
            Action::Timeline => "the timeline: look back at any step (Esc returns)",
            Action::Quit => "quit (everything is already saved)",
        }
    }

    fn parse(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.key() == name)
    }
}

/// A key with its modifiers, as written in keys.ron.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
    pub alt: bool,
}

impl Key {
    /// Parse `j`, `H`, `ctrl-r`, `pageup`, `f1`, `space`.
    pub fn parse(text: &str) -> Option<Key> {
        let mut rest = text;
        let (mut ctrl, mut alt) = (false, false);
        loop {
            if let Some(r) = rest.strip_prefix("ctrl-").filter(|r| !r.is_empty()) {
                (ctrl, rest) = (true, r);
            } else if let Some(r) = rest.strip_prefix("alt-").filter(|r| !r.is_empty()) {
                (alt, rest) = (true, r);
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => match rest.to_ascii_lowercase().as_str() {
                "up" => KeyCode::Up,
                "down" => KeyCode::Down,
                "left" => KeyCode::Left,
                "right" => KeyCode::Right,
                "enter" | "return" => KeyCode::Enter,
                "tab" => KeyCode::Tab,
                "backtab" => KeyCode::BackTab,
                "esc" | "escape" => KeyCode::Esc,
                "space" => KeyCode::Char(' '),
                "backspace" => KeyCode::Backspace,
                "delete" | "del" => KeyCode::Delete,
                "home" => KeyCode::Home,
                "end" => KeyCode::End,
                "pageup" => KeyCode::PageUp,
                "pagedown" => KeyCode::PageDown,
                f if f.starts_with('f') => {
                    KeyCode::F(f[1..].parse().ok().filter(|n| (1..=12).contains(n))?)
                }
                _ => return None,
            },
        };
        Some(Key { code, ctrl, alt })
    }

    /// Does a key press match? Shift is carried by the character itself (`H`).
    pub fn matches(self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let alt = event.modifiers.contains(KeyModifiers::ALT);
        let code = match event.code {
            KeyCode::Char(c) if ctrl => KeyCode::Char(c.to_ascii_lowercase()),
            other => other,
        };
        code == self.code && ctrl == self.ctrl && alt == self.alt
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            write!(f, "Ctrl-")?;
        }
        if self.alt {
            write!(f, "Alt-")?;
        }
        match self.code {
            KeyCode::Char(' ') => write!(f, "Space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "F{n}"),
            KeyCode::PageUp => write!(f, "PgUp"),
            KeyCode::PageDown => write!(f, "PgDn"),
            KeyCode::Up => write!(f, "↑"),
            KeyCode::Down => write!(f, "↓"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// Why a keys file was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMapError(pub String);

impl fmt::Display for KeyMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Every action's keys, and the verbs bound to keys of their own (`"verb:soak": ["S"]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMap {
    bindings: Vec<(Action, Vec<Key>)>,
    verbs: Vec<(String, Vec<Key>)>,
}

/// How keys.ron names a verb bound to a key: `verb:NAME`.
const VERB: &str = "verb:";

/// The shipped defaults.
pub const DEFAULT_KEYS: &str = include_str!("../../assets/keys.ron");

impl KeyMap {
    /// The shipped bindings. The file is part of the binary and checked by a test.
    pub fn defaults() -> KeyMap {
        let mut map = KeyMap { bindings: Vec::new(), verbs: Vec::new() };
        // An unreadable shipped file would be caught by the tests; fall back to nothing bound.
        let _ = map.patch(DEFAULT_KEYS);
        map
    }

    /// Apply a keys.ron text on top: each action it names gets exactly the keys listed.
    pub fn patch(&mut self, text: &str) -> Result<(), KeyMapError> {
        let table: BTreeMap<String, Vec<String>> =
            ron::Options::default().from_str(text).map_err(|e| {
                KeyMapError(format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))
            })?;
        for (name, keys) in table {
            let keys = keys
                .iter()
                .map(|k| {
                    Key::parse(k).ok_or_else(|| KeyMapError(format!("{name}: '{k}' is not a key")))
                })
                .collect::<Result<Vec<Key>, _>>()?;
            // A verb's own key opens its dialog; which system has it is known only in a fight.
            if let Some(verb) = name.strip_prefix(VERB) {
                let verb = verb.trim().to_ascii_lowercase();
                if verb.is_empty() || !verb.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                    return Err(KeyMapError(format!(
                        "{name}: expected verb:NAME, such as verb:soak"
                    )));
                }
                self.verbs.retain(|(v, _)| *v != verb);
                self.verbs.push((verb, keys));
                continue;
            }
            let action = Action::parse(&name).ok_or_else(|| {
                let valid: Vec<&str> = Action::ALL.iter().map(|a| a.key()).collect();
                KeyMapError(format!(
                    "unknown action '{name}'; actions: {}, or verb:NAME for a verb",
                    valid.join(", ")
                ))
            })?;
            self.bindings.retain(|(a, _)| *a != action);
            self.bindings.push((action, keys));
        }
        self.bindings.sort_by_key(|(a, _)| *a);
        Ok(())
    }

    /// The verb a key press opens, when a verb is bound to it (these come before the actions).
    pub fn verb(&self, event: &KeyEvent) -> Option<&str> {
        self.verbs
            .iter()
            .find(|(_, keys)| keys.iter().any(|k| k.matches(event)))
            .map(|(v, _)| v.as_str())
    }

    /// The verbs bound to keys, with their keys (`S`), for the help screen.
    pub fn verb_keys(&self) -> impl Iterator<Item = (&str, String)> {
        self.verbs.iter().map(|(verb, keys)| {
            (verb.as_str(), keys.iter().map(ToString::to_string).collect::<Vec<_>>().join("/"))
        })
    }

    /// The action a key press triggers.
    pub fn action(&self, event: &KeyEvent) -> Option<Action> {
        self.bindings
            .iter()
            .find(|(_, keys)| keys.iter().any(|k| k.matches(event)))
            .map(|(a, _)| *a)
    }

    /// The first key of an action, for the key bar.
    pub fn first_key_of(&self, action: Action) -> String {
        self.bindings
            .iter()
            .find(|(a, _)| *a == action)
            .and_then(|(_, keys)| keys.first())
            .map(ToString::to_string)
            .unwrap_or_default()
    }

    /// The keys of an action, for hints: `n/Space`.
    pub fn keys_of(&self, action: Action) -> String {
        self.bindings
            .iter()
            .find(|(a, _)| *a == action)
            .map(|(_, keys)| keys.iter().map(ToString::to_string).collect::<Vec<_>>().join("/"))
            .unwrap_or_default()
    }
}
