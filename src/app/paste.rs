//! A stat block pasted into the tracker (`:import --text`, or pasted anywhere on the dashboard):
//! the text gathered in an overlay, then read as an import of the encounter's system; what did
//! not read is said and the text stays to be mended. Pasted text elsewhere goes into the field
//! being typed, its line breaks as spaces, so a paste never runs a command by itself.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::{App, Mode, Ran};
use crate::command::invocation::Value;
use crate::command::{Command, Invocation, table};
use crate::save::import::sheets_of;

/// The most text the overlay gathers: a stat block is a few hundred characters.
const MOST_PASTED: usize = 64 * 1024;

/// What the journal names a pasted block by, in place of a file.
pub const PASTED: &str = "-";

impl App {
    /// Text arrived in one piece (the terminal's bracketed paste).
    pub(super) fn pasted(&mut self, text: &str) {
        // Terminals send a pasted line break as a carriage return.
        let text = &text.replace("\r\n", "\n").replace('\r', "\n");
        match &mut self.mode {
            Mode::Paste { text: gathered } => push_within(gathered, text),
            Mode::Normal if self.summary.is_none() && !text.trim().is_empty() => {
                let mut gathered = String::new();
                push_within(&mut gathered, text);
                self.mode = Mode::Paste { text: gathered };
                self.hint("a stat block? Ctrl-D reads it as a combatant · Esc drops it");
            }
            Mode::Command => {
                let line = format!("{}{}", self.input.value(), one_line(text));
                self.input = tui_input::Input::new(line);
            }
            Mode::Dialog(dialog) => dialog.paste(&one_line(text)),
            _ => {}
        }
    }

    /// `import --text` with no file: the overlay, empty, waiting for the paste.
    pub(super) fn open_paste(&mut self) {
        self.mode = Mode::Paste { text: String::new() };
        self.hint("paste the stat block, then Ctrl-D reads it · Esc cancels");
    }

    pub(super) fn paste_key(&mut self, key: KeyEvent) {
        let Mode::Paste { text } = &mut self.mode else { return };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => {
                self.mode = Mode::Normal;
                self.hint("nothing imported");
            }
            KeyCode::Char('d') if ctrl => self.read_pasted(),
            KeyCode::Enter => push_within(text, "\n"),
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Char(c) if !ctrl => push_within(text, c.encode_utf8(&mut [0; 4])),
            _ => {}
        }
    }

    /// Ctrl-D: the text read as a stat block of the encounter's system and imported.
    fn read_pasted(&mut self) {
        let Mode::Paste { text } = &self.mode else { return };
        let system = self.session.encounter().system;
        let catalogue = self.session.assets().catalogue(system);
        let sheets = match sheets_of(text, "the pasted block", true, system, None, &catalogue) {
            Ok(sheets) => sheets,
            Err(err) => return self.error(err.to_string()),
        };
        let report: Vec<String> = sheets.iter().flat_map(|s| s.report.lines(&s.name)).collect();
        let args = vec![
            Value::Word(PASTED.into()),
            Value::Flag(true),
            Value::Absent,
            Value::Fields(Vec::new()),
            Value::Sheets(sheets),
        ];
        let command = Command::Verb(Invocation::new(&table::IMPORT.spec, args));
        let kept = std::mem::replace(&mut self.mode, Mode::Normal);
        if self.run_command(command, None) == Ran::Applied {
            self.mode = Mode::Report { title: "imported".into(), lines: report, scroll: 0 };
        } else {
            // Refused (a field out of range): the text stays to be mended.
            self.mode = kept;
        }
    }
}

/// `more` added to `text` as far as [`MOST_PASTED`] allows.
fn push_within(text: &mut String, more: &str) {
    for c in more.chars() {
        if text.len() + c.len_utf8() > MOST_PASTED {
            break;
        }
        text.push(c);
    }
}

/// Pasted text for a one-line field: its line breaks and tabs as spaces.
fn one_line(text: &str) -> String {
    text.split(['\n', '\r', '\t']).filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ")
}
