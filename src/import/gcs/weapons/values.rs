//! The text of a GCS weapon's computed values read into skirmish's forms: damage (`3d-1(2) cr`),
//! an absolute Parry or Block (`11F`, `No`) and a leading number (`3x9`, `-6*`).

use crate::rules::gurps::{injury, weapon};

/// Damage as skirmish takes it, and what could not be kept.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DamageRead {
    /// Dice, adds and armor divisor: `2d+1`, `3d-1(2)`.
    pub dmg: Option<String>,
    /// A skirmish damage type: `cr`, `pi+`.
    pub kind: Option<String>,
    pub odd: Vec<String>,
}

/// GCS's resolved damage (`2d+1 cut`, `3d-1(2) cr`, `1d+2 pi inc [2d cut]`, `spec.`).
pub fn damage(text: &str) -> DamageRead {
    let mut out = DamageRead::default();
    let text = text.replace('−', "-");
    let (main, fragments) = match text.split_once('[') {
        Some((main, rest)) => (main.trim(), Some(rest.trim_end_matches(']').trim())),
        None => (text.trim(), None),
    };
    if let Some(fragments) = fragments {
        out.odd.push(format!("fragmentation [{fragments}] not kept"));
    }
    let mut words = main.split_whitespace().peekable();
    let dice = words.next_if(|w| w.starts_with(|c: char| c.is_ascii_digit()));
    if let Some(dice) = dice {
        match weapon::parse_damage_text(dice, crate::rules::gurps::DEFAULT_ATTRIBUTE) {
            Ok(_) => out.dmg = Some(dice.to_string()),
            Err(_) => out.odd.push(format!("damage {dice} is not dice skirmish rolls; left out")),
        }
    } else {
        out.odd.push(format!("damage \"{main}\" has no dice; dmg left out"));
    }
    let rest: Vec<&str> = words.collect();
    match rest.split_first() {
        Some((kind, more)) => {
            match injury::damage_type(kind).ok().filter(|k| *k != "tbb") {
                Some(k) => out.kind = Some(k.to_string()),
                None => out.odd.push(format!("damage type \"{kind}\" is not one skirmish has")),
            }
            if !more.is_empty() {
                out.odd.push(format!("damage \"{}\" after the type not kept", more.join(" ")));
            }
        }
        None if out.dmg.is_some() => out.odd.push("no damage type; skirmish takes cr".into()),
        None => {}
    }
    out
}

/// A Parry or Block GCS computed: none, or the score with its marks (`F`, `U`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Absolute {
    No,
    Value { value: i64, marks: String },
}

impl Absolute {
    /// As skirmish's weapon modifier: the score less the skill's own (skill/2 + 3), so that
    /// skirmish's Parry comes out at GCS's: `+2F`, `-1`, `No`.
    pub fn modifier(&self, base: i64) -> String {
        match self {
            Absolute::No => "No".into(),
            Absolute::Value { value, marks } => format!("{:+}{marks}", value.saturating_sub(base)),
        }
    }
}

/// `11`, `9F`, `10U`, `No`; `None` when it is neither.
pub fn defense(text: &str) -> Option<Absolute> {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    if lower.is_empty() || lower.contains("no") || matches!(lower.as_str(), "-" | "–" | "—") {
        return Some(Absolute::No);
    }
    let (value, marks) = first_number(text)?;
    let marks = marks.to_ascii_uppercase();
    marks.chars().all(|c| matches!(c, 'F' | 'U')).then_some(Absolute::Value { value, marks })
}

/// The whole number a value starts with and the rest: `3x9` → 3 and `x9`, `-6*` → −6 and `*`.
pub fn first_number(text: &str) -> Option<(i64, String)> {
    let text = text.trim().replace('−', "-");
    let sign_len = usize::from(text.starts_with(['+', '-']));
    let digits = text.get(sign_len..)?.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    let end = sign_len + digits;
    let number = text.get(..end)?.trim_start_matches('+').parse().ok()?;
    Some((number, text.get(end..)?.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_as_gcs_writes_it() {
        let cases: [(&str, Option<&str>, Option<&str>, usize); 7] = [
            ("2d+1 cut", Some("2d+1"), Some("cut"), 0),
            ("3d-1(2) cr", Some("3d-1(2)"), Some("cr"), 0),
            ("1d−2 pi+", Some("1d-2"), Some("pi+"), 0),
            ("spec.", None, None, 2),
            ("1d+2 pi inc [2d cut]", Some("1d+2"), Some("pi"), 2),
            ("1d3 cr", None, Some("cr"), 1),
            ("2d", Some("2d"), None, 1),
        ];
        for (text, dmg, kind, odd) in cases {
            let read = damage(text);
            assert_eq!(read.dmg.as_deref(), dmg, "{text}");
            assert_eq!(read.kind.as_deref(), kind, "{text}");
            assert_eq!(read.odd.len(), odd, "{text}: {:?}", read.odd);
        }
    }

    #[test]
    fn parry_and_block_as_modifiers_of_the_skill() {
        let base = 14 / 2 + 3;
        let as_modifier = |text: &str| defense(text).map(|d| d.modifier(base));
        assert_eq!(as_modifier("12").as_deref(), Some("+2"));
        assert_eq!(as_modifier("9F").as_deref(), Some("-1F"));
        assert_eq!(as_modifier("10U").as_deref(), Some("+0U"));
        assert_eq!(as_modifier("No").as_deref(), Some("No"));
        assert_eq!(as_modifier("12Z"), None);
        assert_eq!(first_number("30+1(3)"), Some((30, "+1(3)".into())));
        assert_eq!(first_number("-6*"), Some((-6, "*".into())));
        assert_eq!(first_number("Jet"), None);
    }
}
