//! Older save formats, converted on load. Version 1 kept some systems' events in the shared event
//! list (`LucSpent(…)`, `DeckShuffled(…)`, …); version 2 wraps each in its system
//! (`System(Woin(LucSpent(…)))`) and calls the ambush turn a surprise turn.

/// Version 1 event tags and the system each now belongs to.
const MOVED: &[(&str, &str)] = &[
    ("DeckShuffled", "Savage"),
    ("LucSpent", "Woin"),
    ("AmbushDeclared", "Woin"),
    ("AmbushRolled", "Woin"),
    ("OverwatchShot", "Woin"),
    ("Suppressed", "Woin"),
];

/// Renamed without moving: (old text, new text).
const RENAMED: &[(&str, &str)] = &[("AmbushTurn(winners:", "SurpriseTurn(ids:")];

/// Version 1 save text as version 2. Strings are copied untouched; only event tags outside them
/// change, so positions in error messages stay on the same line.
pub fn v1_to_v2(text: &str) -> String {
    moved_events(&gm_bennies(text))
}

/// The GM's benny pool was an option string in version 1; now it is a Savage Worlds counter.
fn gm_bennies(text: &str) -> String {
    const OLD: &str = "OptionSet(name: \"gm_bennies\", value: \"";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(OLD) {
        let after = &rest[at + OLD.len()..];
        let digits = after.find('"').map(|end| &after[..end]);
        match digits.filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) {
            Some(count) => {
                out.push_str(&rest[..at]);
                out.push_str(&format!("System(Savage(GmBennies(count: {count})))"));
                rest = &after[count.len() + 2..];
            }
            None => {
                out.push_str(&rest[..at + OLD.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn moved_events(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    // Closing parentheses still owed, by the nesting depth at which they fall due.
    let mut owed: Vec<(usize, &str)> = Vec::new();
    let mut depth = 0usize;
    let mut at = 0usize;
    while at < bytes.len() {
        let rest = &text[at..];
        let c = bytes[at];
        if c == b'"' {
            let end = string_end(bytes, at);
            out.push_str(&text[at..end]);
            at = end;
            continue;
        }
        let boundary = at == 0 || !is_ident(bytes[at - 1]);
        if boundary && is_ident(c) {
            if let Some((old, new)) = RENAMED.iter().find(|(old, _)| rest.starts_with(old)) {
                out.push_str(new);
                at += old.len();
                depth += 1;
                continue;
            }
            if let Some((tag, system)) = MOVED.iter().find(|(tag, _)| {
                rest.starts_with(tag) && rest.as_bytes().get(tag.len()) == Some(&b'(')
            }) {
                out.push_str("System(");
                out.push_str(system);
                out.push('(');
                owed.push((depth, "))"));
                out.push_str(tag);
                at += tag.len();
                continue;
            }
        }
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                out.push(char::from(c));
                at += 1;
                while owed.last().is_some_and(|(d, _)| *d == depth) {
                    if let Some((_, close)) = owed.pop() {
                        out.push_str(close);
                    }
                }
                continue;
            }
            _ => {}
        }
        let len = rest.chars().next().map_or(1, char::len_utf8);
        out.push_str(&rest[..len]);
        at += len;
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The byte just past the string starting at `start` (a `"`), honouring backslash escapes.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return at + 1,
            _ => at += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::v1_to_v2;

    #[test]
    fn moved_events_are_wrapped_in_their_system_and_strings_left_alone() {
        let cases = [
            (
                r#"events: [LucSpent(id: "a", amount: 1, reaction: true), Noted(id: "a", text: "LucSpent(x)")]"#,
                r#"events: [System(Woin(LucSpent(id: "a", amount: 1, reaction: true))), Noted(id: "a", text: "LucSpent(x)")]"#,
            ),
            (
                r#"[DeckShuffled(kept: [Card(rank: 2, suit: Clubs)]), RoundStarted(round: 2)]"#,
                r#"[System(Savage(DeckShuffled(kept: [Card(rank: 2, suit: Clubs)]))), RoundStarted(round: 2)]"#,
            ),
            (r#"AmbushTurn(winners: ["aria"])"#, r#"SurpriseTurn(ids: ["aria"])"#),
            (
                r#"Noted(id: "a", text: "say \"Suppressed(\" twice")"#,
                r#"Noted(id: "a", text: "say \"Suppressed(\" twice")"#,
            ),
            ("NotSuppressed(x: 1)", "NotSuppressed(x: 1)"),
            (
                r#"[OptionSet(name: "gm_bennies", value: "3"), OptionSet(name: "deck", value: "physical")]"#,
                r#"[System(Savage(GmBennies(count: 3))), OptionSet(name: "deck", value: "physical")]"#,
            ),
        ];
        for (old, new) in cases {
            assert_eq!(v1_to_v2(old), new);
        }
    }
}
