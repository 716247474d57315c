//! The attack dialog's GURPS picks and switches narrowed to what the rules allow for the attack
//! written so far (issue 24 item 2): a hit location the weapon may not target (GURPS-LOC-2: the
//! eye and vitals only for imp, pi and tight-beam burning), a shield arm on a target with no
//! shield (GURPS-ATK-2), a Rapid Strike with a ranged weapon (GURPS-ATK-6), Dodge and Drop
//! against melee or a retreat against a ranged attack (GURPS-DEF-2, GURPS-DEF-5), an acrobatic
//! dodge by a target with no Acrobatics (GURPS-DEF-10) are not offered.

use super::Gurps;
use super::skill::plan;
use super::spec::SPEC;
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::AttackRequest;
use crate::rules::ruleset::option;

/// The fields of `req` with `key` set to `value` (or added as a switch), any `key=` before gone.
fn with_field(
    req: &AttackRequest<'_, GurpsState>,
    key: &str,
    value: Option<&str>,
) -> Vec<(String, Option<String>)> {
    let mut fields: Vec<(String, Option<String>)> =
        req.fields.iter().filter(|(k, _)| k != key).cloned().collect();
    fields.push((key.to_string(), value.map(str::to_string)));
    fields
}

/// The location pick's options the rules allow for this attack (the spec's, in its order);
/// `None` when the attack as written is not one the rules would make.
pub fn locations(req: &AttackRequest<'_, GurpsState>) -> Option<Vec<(String, String)>> {
    let without: Vec<(String, Option<String>)> =
        req.fields.iter().filter(|(k, _)| k != "loc").cloned().collect();
    plan(&AttackRequest { fields: &without, ..*req }).ok()?;
    let all = SPEC.attack.choices.iter().find(|c| c.label == "location")?.options;
    let allowed = all.iter().filter(|(_, text)| {
        let Some(loc) = text.strip_prefix("loc=") else { return true };
        let fields = with_field(req, "loc", Some(loc));
        plan(&AttackRequest { fields: &fields, ..*req }).is_ok()
    });
    Some(allowed.map(|(label, text)| (label.to_string(), text.to_string())).collect())
}

/// The switches that apply to this attack (the spec's, in its order); `None` when the attack
/// as written is not one the rules would make.
pub fn toggles(req: &AttackRequest<'_, GurpsState>) -> Option<Vec<(&'static str, &'static str)>> {
    let p = plan(req).ok()?;
    let melee = p.arms.melee();
    let acrobatic = option(&Gurps, req.options, "gurps_acrobatic_dodge") == "flat"
        || req.target.stats.int("acrobatics").is_some();
    let rapid = || {
        let fields = with_field(req, "rapid", None);
        plan(&AttackRequest { fields: &fields, ..*req }).is_ok()
    };
    let open = |key: &str| match key {
        "rapid" => rapid(),
        "retreat" => melee,
        "drop" => !melee,
        "acrobatic" => acrobatic,
        _ => true,
    };
    Some(SPEC.attack.toggles.iter().copied().filter(|(key, _)| open(key)).collect())
}
