//! What a command that only answers (`branches`, `help`) said in a `skirmish run` script, shared
//! by the script's runner and its text and JSON printers.

/// What a command that only answers (`branches`, `help`) said in a script: nothing is recorded
/// for it, and `skirmish run` prints it in order with the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The script's line (from 1).
    pub line: usize,
    /// The command as typed, trimmed.
    pub command: String,
    pub text: String,
    /// How many log lines came before it.
    pub log: usize,
}
