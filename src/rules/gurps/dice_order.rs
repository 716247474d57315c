//! The rolls a GURPS attack asks for, in order (GURPS-ORDER-1, a volley's hits GURPS-RAPID-1),
//! said for a GM typing the table's faces.

use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// GURPS-ORDER-1: location, attack, defense, damage, then knockdown and death checks.
pub fn describe(request: AttackRequest<'_, GurpsState>) -> Result<String, RulesError> {
    let f = FieldReader(request.fields);
    let mut steps = Vec::new();
    if f.value("loc") == Some("random") {
        steps.push("hit location 3d6 (a d6 more on 15–16)".to_string());
    }
    steps.push("attack 3d6 (a critical rolls its table 3d6)".to_string());
    if f.value("defense") != Some("none") {
        steps.push("if it hits, the defense 3d6".to_string());
    }
    let damage = f
        .value("dmg")
        .map(str::to_string)
        .or_else(|| {
            let stats = &request.weapon?.stats;
            stats.dice("dmg").or_else(|| stats.text("dmg")).map(str::to_string)
        })
        .unwrap_or_else(|| "thr".to_string());
    // `sw+1` and `thr` come from the attacker's ST: said as the dice to throw (`1d+3`).
    let st = request.attacker.stats.int_or("st", super::DEFAULT_ATTRIBUTE);
    let damage = match super::weapon::parse_damage_text(&damage, st) {
        Ok(d) if damage.trim().starts_with(['s', 't', 'S', 'T']) => {
            let dice = super::weapon::dice_text(d.dice, d.adds);
            format!("{dice}{} ({damage} at ST {st})", super::weapon::divisor_words(d.divisor))
        }
        _ => damage,
    };
    steps.push(format!("damage {damage} if not defended"));
    // GURPS-RAPID-1: a volley's further hits, each on its own.
    if let Some(v) = super::skill::plan(&request).ok().and_then(|p| p.volley) {
        steps.push(format!(
            "rapid fire of {} rounds: a hit more per {} of margin, each further hit rolling its \
             own {}damage",
            v.rounds,
            v.rcl,
            if f.value("loc") == Some("random") { "location and " } else { "" }
        ));
    }
    steps.push("then HT 3d6 for a major wound's knockdown and each death check".to_string());
    Ok(steps.join(", "))
}
