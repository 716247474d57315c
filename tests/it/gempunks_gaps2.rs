//! Gempunks gaps of issue 25, items 13 to 15 (rules/gempunks.md): identical chances compared by
//! the faces that hit (GEM-ATK-3); the log's words (why a hit is automatic, a lowered defense,
//! plural names, counts of hits, instance labels); and the weapon attributes the tracker applies
//! or refuses (GEM-WPN-2, GEM-OPT-4/5/7). Scripted dice in the spec's order (GEM-ROLL-1);
//! initiative typed so that it draws no dice.

use crate::gempunks::log;
use crate::harness::{run, run_err};

/// Hero (Accuracy 0) against Orc and Troll whose defenses are typed per case.
fn two_foes(orc_ad: i64, troll_ad: i64) -> String {
    format!(
        "new gempunks\nadd Hero side=pc\nweapon Hero club acc=0 dmg=1d6 melee\n\
         add Orc ad={orc_ad} toughness=4 hp=6\nadd Troll ad={troll_ad} toughness=4 hp=6\n\
         init Hero 10\ninit Orc 2\ninit Troll 1\nstart\n"
    )
}

// GEM-ATK-3: chances are the faces that hit, not the needs as numbers. Needs 7 and 9 both hit
// only on a 6 (it counts as 9): identical, so the plain need and no cap (both hits may go to the
// Troll); needs 6 and 9 likewise. Needs 5 and 9 differ: the Troll is the hardest, at most 1 of 2.
#[test]
fn gem_atk_3_identical_chances_compare_the_faces_that_hit() {
    // (Orc AD, Troll AD, both hits on the Troll accepted, the set's line names a common need)
    let cases: &[(i64, i64, bool, bool)] = &[
        (7, 9, true, false),
        (6, 9, true, false),
        (9, 8, true, false),
        (5, 9, false, true),
        (4, 7, false, true),
    ];
    for &(orc, troll, accepted, common) in cases {
        // Assault: two dice, both 6s; their crit dice 1, 1 miss; damage 3, 3.
        let script =
            format!("{}attack Hero Orc,Troll club assault split=troll:2\n", two_foes(orc, troll));
        if accepted {
            let state = run(&script, "6,6,1,1,3,3");
            let text = log(&state).join("\n");
            assert_eq!(text.contains("common need"), common, "{orc}/{troll}: {text}");
            assert!(!text.contains("→ Orc"), "{orc}/{troll}: {text}");
            assert_eq!(crate::gempunks::hp(&state, "troll"), 6, "{orc}/{troll}: 3 < T 4");
        } else {
            let err = run_err(&script, "6,6,1,1,3,3");
            assert!(err.contains("at most 1 of 2"), "{orc}/{troll}: {err}");
        }
    }
    // Without split=, identical chances deal the hits round-robin with no cap line.
    let state =
        run(&format!("{}attack Hero Orc,Troll club assault\n", two_foes(7, 9)), "6,6,1,1,3,3");
    let text = log(&state).join("\n");
    assert!(!text.contains("hardest"), "{text}");
}
