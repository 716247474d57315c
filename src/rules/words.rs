//! Words for people that every part of the rules writes: "did you mean" lists, signed modifiers
//! and combatants' id slugs.

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
fn edit_distance(a: &str, b: &str) -> usize {
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
