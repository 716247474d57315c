//! The journal's checksums: FNV-1a over a line chained to the line before, written either as a
//! record line's fixed-width prefix (version 6) or inside the line's RON as its `sum` field (the
//! header; records before version 6).

use super::lines::Damage;

/// A record line's prefix since version 6: its sum's 16 hex digits and a space.
pub const PREFIX: usize = 17;

/// What a sum reads before it is known.
pub const BLANK: &str = "0000000000000000";

const BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: enough to notice an edit, not meant to resist a forger.
pub fn fnv(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The sum of `bytes` chained to `previous` (the sum of the line before, empty for none).
pub fn chained(bytes: &[u8], previous: &str) -> String {
    format!("{:016x}", fnv(bytes, fnv(previous.as_bytes(), BASIS)))
}

/// A version 6 record line split into its sum and its record's text; `None` when it does not
/// start with 16 hex digits and a space.
pub fn split(line: &str) -> Option<(&str, &str)> {
    let sum = line.get(..BLANK.len()).filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))?;
    let body = line.get(BLANK.len()..)?.strip_prefix(' ')?;
    Some((sum, body))
}

/// A record line's text after its sum, or the whole line when it has no prefix (an older
/// version's record).
pub fn body(line: &str) -> &str {
    split(line).map_or(line, |(_, body)| body)
}

/// Where a sum written inside a line (its 16 hex digits) starts: it is the line's last field.
/// Strings in RON escape their quotes, so `sum: "` is never found inside one.
pub fn sum_at(line: &str) -> Option<usize> {
    let at = line.rfind("sum: \"")? + "sum: \"".len();
    line.get(at..at + BLANK.len()).filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))?;
    Some(at)
}

/// The sum of a line that holds its sum at `at`, read as blank, chained to `previous`.
pub fn inside(line: &str, at: usize, previous: &str) -> String {
    let mut hash = fnv(previous.as_bytes(), BASIS);
    hash = fnv(&line.as_bytes()[..at], hash);
    hash = fnv(BLANK.as_bytes(), hash);
    hash = fnv(&line.as_bytes()[at + BLANK.len()..], hash);
    format!("{hash:016x}")
}

/// A record whose sum is not the one its text and the line before give.
pub fn mismatch(line: usize) -> Damage {
    Damage {
        line,
        column: 1,
        message: "this record does not match its checksum: it, or one before it, was edited, \
                  removed or moved"
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::{body, chained, split};

    #[test]
    fn a_prefix_is_16_hex_digits_and_a_space() {
        let cases = [
            ("3974df0761c667b5 Command(n: 1)", Some(("3974df0761c667b5", "Command(n: 1)"))),
            ("3974df0761c667b5 ", Some(("3974df0761c667b5", ""))),
            ("3974df0761c667b5Command(n: 1)", None),
            ("3974df0761c667bz Command(n: 1)", None),
            ("3974df0761c667 Command(n: 1)", None),
            ("Command(n: 1, sum: \"3974df0761c667b5\")", None),
            ("é974df0761c667b5 Command", None),
            ("", None),
        ];
        for (line, expected) in cases {
            assert_eq!(split(line), expected, "{line:?}");
        }
        assert_eq!(body("At(n: 2)"), "At(n: 2)", "an older record is its own body");
    }

    #[test]
    fn a_sum_chains_to_the_one_before() {
        // FNV-1a 64 of the empty input is its offset basis.
        assert_eq!(chained(b"", ""), "cbf29ce484222325");
        assert_ne!(chained(b"At(n: 1)", "a"), chained(b"At(n: 1)", "b"));
    }
}
