//! Sharing a set's hit instances among its targets (GEM-ATK-3, GEM-ATK-6..8): the common need,
//! the hardest targets and their cap, the proposed round-robin, and the GM's `split=` override.

use crate::rules::types::RulesError;

/// How a set's targets are to be hit: the need each die uses, and the cap on the hardest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The need every die of the set uses.
    pub common: i64,
    /// Targets with the highest single need (empty when all needs are equal).
    pub hardest: Vec<usize>,
}

/// GEM-ATK-3: targets whose chances are identical keep the plain need and no cap; otherwise the
/// highest need − 1, and the targets hit by no more faces than the one with the highest need are
/// the hardest. Chances are the die faces that hit, not the needs as numbers: a 6 counts as 9, so
/// needs 6 to 9 are all "a 6", needs of 1 or less all "any face", needs of 10 or more "none".
pub fn plan(needs: &[i64]) -> Plan {
    let max = needs.iter().copied().max().unwrap_or(0);
    let hardest_faces = lowest_face(max);
    if needs.iter().all(|&n| lowest_face(n) == hardest_faces) {
        return Plan { common: max, hardest: Vec::new() };
    }
    let hardest = (0..needs.len()).filter(|&t| lowest_face(needs[t]) == hardest_faces).collect();
    Plan { common: max.saturating_sub(1), hardest }
}

/// The lowest d6 face that meets `need` (GEM-ATK-2), or 7 when none does: the faces that hit are
/// that one and every face above it, so two needs with the same lowest face have the same chance.
pub fn lowest_face(need: i64) -> u32 {
    (1..=6).find(|&face| super::set::meets(face, need)).unwrap_or(7)
}

/// The most instances the hardest targets may take together: floor(H/2).
pub fn cap(instances: usize) -> usize {
    instances / 2
}

/// GEM-ATK-6: instances (already in the split order) dealt round-robin over the targets in the
/// order typed, skipping a hardest target while the hardest group is at its cap. `None`: a hit
/// with no legal place (GEM-ATK-8), lost.
pub fn propose(instances: usize, targets: usize, plan: &Plan) -> Vec<Option<usize>> {
    let limit = cap(instances);
    let mut on_hardest = 0;
    let mut at = 0;
    let mut out = Vec::with_capacity(instances);
    for _ in 0..instances {
        let mut placed = None;
        for step in 0..targets {
            let t = (at + step) % targets;
            let hard = plan.hardest.contains(&t);
            if hard && on_hardest >= limit {
                continue;
            }
            if hard {
                on_hardest += 1;
            }
            placed = Some(t);
            at = t + 1;
            break;
        }
        out.push(placed);
    }
    out
}

/// GEM-ATK-7: the GM's `split=ogre:3,troll:2` (counts, filled in order) or
/// `split=ogre:h1+h4,troll:h2` (instances by number). `find` turns a name into a target index.
pub fn parse(
    text: &str,
    instances: usize,
    plan: &Plan,
    find: &dyn Fn(&str) -> Option<usize>,
    names: &dyn Fn(usize) -> String,
) -> Result<Vec<Option<usize>>, RulesError> {
    let bad = |why: String| RulesError::Invalid(format!("split={text}: {why}"));
    let mut out: Vec<Option<usize>> = vec![None; instances];
    let mut next = 0usize;
    let mut total = 0usize;
    for piece in text.split(',') {
        let Some((name, what)) = piece.split_once(':') else {
            return Err(bad(format!("'{piece}' is not NAME:COUNT or NAME:h1+h2")));
        };
        let t =
            find(name.trim()).ok_or_else(|| bad(format!("'{}' is not a target", name.trim())))?;
        let what = what.trim();
        if what.starts_with(['h', 'H']) {
            for h in what.split('+') {
                let n = h
                    .trim()
                    .strip_prefix(['h', 'H'])
                    .and_then(|d| d.parse::<usize>().ok())
                    .filter(|n| (1..=instances).contains(n))
                    .ok_or_else(|| bad(format!("'{h}' is not an instance h1 to h{instances}")))?;
                if out[n - 1].is_some() {
                    return Err(bad(format!("h{n} is given twice")));
                }
                out[n - 1] = Some(t);
                total += 1;
            }
        } else {
            let count = what
                .parse::<usize>()
                .ok()
                .filter(|&c| c <= instances)
                .ok_or_else(|| bad(format!("'{what}' is not a count from 0 to {instances}")))?;
            for _ in 0..count {
                while next < instances && out[next].is_some() {
                    next += 1;
                }
                if next >= instances {
                    return Err(bad(format!("more than the {instances} hits")));
                }
                out[next] = Some(t);
                total += 1;
            }
        }
    }
    if total != instances {
        return Err(bad(format!("gives {total} hits; the set made {instances}")));
    }
    let on_hardest = out.iter().flatten().filter(|t| plan.hardest.contains(t)).count();
    if on_hardest > cap(instances) {
        let hardest: Vec<String> = plan.hardest.iter().map(|&t| names(t)).collect();
        return Err(bad(format!(
            "{on_hardest} hits on the hardest ({}); at most {} of {instances} may go there",
            hardest.join(", "),
            cap(instances)
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // GEM-ATK-3, GEM-ATK-6: spec example 4 — needs 4, 6, 3: common 5, troll hardest, cap 2.
    #[test]
    fn gem_atk_6_round_robin_skips_the_hardest_at_its_cap() {
        let p = plan(&[4, 6, 3]);
        assert_eq!(p, Plan { common: 5, hardest: vec![1] });
        let got = propose(5, 3, &p);
        assert_eq!(got, [Some(0), Some(1), Some(2), Some(0), Some(1)]);
        let got = propose(4, 2, &plan(&[4, 6]));
        assert_eq!(got, [Some(0), Some(1), Some(0), Some(1)]);
        let got = propose(3, 2, &plan(&[6, 4]));
        assert_eq!(got, [Some(0), Some(1), Some(1)]);
        assert_eq!(plan(&[4, 4]), Plan { common: 4, hardest: vec![] });
    }

    // GEM-ATK-3: chances compare the faces that hit. (needs, common need, hardest)
    #[test]
    fn gem_atk_3_identical_chances_are_the_same_faces() {
        let cases: &[(&[i64], i64, &[usize])] = &[
            (&[7, 9], 9, &[]),
            (&[6, 8], 8, &[]),
            (&[0, 1, -3], 1, &[]),
            (&[10, 12], 12, &[]),
            (&[5, 6], 5, &[1]),
            (&[4, 7, 9], 8, &[1, 2]),
            (&[2, 1], 1, &[0]),
            (&[9, 10], 9, &[1]),
        ];
        for (needs, common, hardest) in cases {
            assert_eq!(
                plan(needs),
                Plan { common: *common, hardest: hardest.to_vec() },
                "{needs:?}"
            );
        }
    }
}
