//! Words for people that every part of the rules writes: "did you mean" lists, signed modifiers,
//! combatants' id slugs, and a name's possessive and verbs when it stands for many.

/// Up to `n` candidates closest to `wanted` by edit distance (prefix matches first), for
/// "did you mean" lists in errors.
pub fn nearest<'a>(
    wanted: &str,
    candidates: impl Iterator<Item = &'a str>,
    n: usize,
) -> Vec<&'a str> {
    let wanted = wanted.to_ascii_lowercase();
    let mut scored: Vec<(usize, &str)> = candidates
        .map(|c| {
            let lower = c.to_ascii_lowercase();
            let score = if lower.starts_with(&wanted) || wanted.starts_with(&lower) {
                0
            } else {
                edit_distance(&wanted, &lower)
            };
            (score, c)
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(n).map(|(_, c)| c).collect()
}

/// Levenshtein distance over characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = (diag + usize::from(ca != cb)).min(row[j] + 1).min(up + 1);
            diag = up;
        }
    }
    row[b.len()]
}

/// A modifier as people write it: `+2`, `−3` (a true minus sign), `+0`.
pub fn signed(n: i64) -> String {
    match n {
        n if n < 0 => format!("−{}", n.unsigned_abs()),
        n => format!("+{n}"),
    }
}

/// Turn a name into an id slug: lowercase letters and digits, other runs become one `-`. The
/// rules name combatants by these ids too (a weapon's `of=` owner), so the function lives here.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() { "combatant".to_string() } else { out }
}

/// `1 hit`, `3 hits`: a count with its noun.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A combatant's name as the subject of a log line: one creature, or one that stands for many
/// (a Gempunks regiment, `Bandits`), whose possessive and verbs are plural.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named<'a> {
    pub name: &'a str,
    pub many: bool,
}

impl Named<'_> {
    /// `Rook's`, `Boris's`; for many, `Bandits'`, `Crossbowmen's`.
    pub fn possessive(&self) -> String {
        if self.many && self.name.ends_with('s') {
            format!("{}'", self.name)
        } else {
            format!("{}'s", self.name)
        }
    }

    /// The verb, given as it goes with one (`joins`, `has`, `tries`), made to agree with the name.
    pub fn verb(&self, one: &str) -> String {
        if !self.many {
            return one.to_string();
        }
        match one {
            "is" => "are".into(),
            "has" => "have".into(),
            "was" => "were".into(),
            "does" => "do".into(),
            _ => {
                if let Some(stem) = one.strip_suffix("ies") {
                    format!("{stem}y")
                } else if ["sses", "shes", "ches", "xes", "zes", "oes"]
                    .iter()
                    .any(|e| one.ends_with(e))
                {
                    one[..one.len() - 2].to_string()
                } else {
                    one.strip_suffix('s').unwrap_or(one).to_string()
                }
            }
        }
    }

    /// `Ogre joins`, `Bandits join`: the name and its verb.
    pub fn does(&self, one: &str) -> String {
        format!("{} {}", self.name, self.verb(one))
    }

    /// `its` or `their`.
    pub fn its(&self) -> &'static str {
        if self.many { "their" } else { "its" }
    }
}

#[cfg(test)]
mod named_tests {
    use super::Named;

    #[test]
    fn a_name_that_stands_for_many_takes_plural_words() {
        let one = Named { name: "Boris", many: false };
        let many = Named { name: "Bandits", many: true };
        let men = Named { name: "Crossbowmen", many: true };
        assert_eq!(one.possessive(), "Boris's");
        assert_eq!(many.possessive(), "Bandits'");
        assert_eq!(men.possessive(), "Crossbowmen's");
        let verbs = [
            ("joins", "join"),
            ("has", "have"),
            ("is", "are"),
            ("tries", "try"),
            ("reaches", "reach"),
            ("misses", "miss"),
            ("goes", "go"),
            ("attack", "attack"),
        ];
        for (singular, plural) in verbs {
            assert_eq!(one.verb(singular), singular);
            assert_eq!(many.verb(singular), plural, "{singular}");
        }
        assert_eq!(many.does("holds"), "Bandits hold");
        assert_eq!((one.its(), many.its()), ("its", "their"));
    }
}
