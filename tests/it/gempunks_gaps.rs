//! Gempunks gaps of issue 25 (rules/gempunks.md): Shove refused for a weapon with the Piercing
//! attribute (GEM-OPT-5), Pickpocket taking only an item not held (GEM-OPT-9), and an Assault
//! with two weapons (GEM-ACT-1, GEM-WPN-1, GEM-MOD-4). Scripted dice in the spec's order
//! (GEM-ROLL-1); initiative typed so that it draws no dice.

use crate::gempunks::log;
use crate::harness::{run, run_err};

/// Hero against Orc (GD 3, T 4, HP 5), with weapons of every kind a Shove asks about.
const SHOVERS: &str = "new gempunks\nadd Hero side=pc\n\
                       weapon Hero fists acc=0 dmg=1d6 unarmed melee\n\
                       weapon Hero club acc=0 dmg=1d6 type=blunt melee\n\
                       weapon Hero spear acc=0 dmg=1d6 type=blunt melee piercing\n\
                       weapon Hero pick acc=0 dmg=1d6 type=piercing melee\n\
                       weapon Hero torch acc=0 dmg=1d6 type=fire melee\n\
                       weapon Hero claws acc=0 dmg=1d6 unarmed melee piercing\n\
                       add Orc gd=3 ad=5 toughness=4 hp=5\ninit Hero 10\ninit Orc 1\nstart\n";

// GEM-OPT-5: a Shove takes non-piercing physical damage only: a weapon with the Piercing
// attribute is refused whatever its damage type, as is damage typed piercing or not physical.
#[test]
fn gem_opt_5_shove_is_refused_for_a_piercing_weapon() {
    // (weapon, refused with, or the log's line when it shoves)
    let cases: &[(&str, Result<&str, &str>)] = &[
        ("fists", Ok("Orc is flung 1 m (GEM-OPT-5)")),
        ("club", Ok("Orc is flung 1 m (GEM-OPT-5)")),
        ("spear", Err("spear has the Piercing attribute")),
        ("claws", Err("claws has the Piercing attribute")),
        ("pick", Err("non-piercing physical damage only")),
        ("torch", Err("non-piercing physical damage only")),
    ];
    for (weapon, want) in cases {
        let script = format!("{SHOVERS}attack Hero Orc {weapon} option=shove\n");
        match want {
            // Need GD 3 − (0 − 1) = 4 (−1 unless unarmed; 3 unarmed): the 4 hits; damage 5.
            Ok(line) => {
                let state = run(&script, "4,5");
                let text = log(&state).join("\n");
                assert!(text.contains(line), "{weapon}: {text}");
                assert_eq!(crate::gempunks::hp(&state, "orc"), 5, "{weapon}: no wounds");
            }
            Err(why) => {
                let err = run_err(&script, "4,5");
                assert!(err.contains(why), "{weapon}: {err}");
                assert!(err.contains("GEM-OPT-5"), "{weapon}: {err}");
            }
        }
    }
}
