//! `skirmish odds savage …`: the success and raise odds of one trait roll, from its words.

/// What `skirmish odds` takes for Savage Worlds.
pub const USAGE: &str = "savage DIE [tn=N] [mod=N] [extra]";

/// `skirmish odds savage d8 tn=4 mod=-2 [extra]`: success and raise odds of a trait roll.
pub fn odds_report(args: &[String]) -> Result<String, String> {
    use super::attack::MAX_FIELD;
    use crate::rules::stats::TraitDie;
    let usage = "expected: skirmish odds savage d8 [tn=4] [mod=-2] [extra]";
    let die = args.first().and_then(|d| TraitDie::parse(d)).ok_or(usage)?;
    let (mut tn, mut modifier, mut wild) = (4i64, 0i64, true);
    // The same ranges an attack's `tn=` and `mod=` take, so the sums below stay small.
    let within = |key: &str, v: &str, min: i64| {
        v.trim_start_matches('+')
            .parse::<i64>()
            .ok()
            .filter(|n| (min..=MAX_FIELD).contains(n))
            .ok_or_else(|| {
                format!("{key}={v}: expected a whole number from {min} to {MAX_FIELD}; {usage}")
            })
    };
    for arg in &args[1..] {
        match arg.split_once('=') {
            Some(("tn", v)) => tn = within("tn", v, 0)?,
            Some(("mod", v)) => modifier = within("mod", v, -MAX_FIELD)?,
            None if arg == "extra" => wild = false,
            None if arg == "wild" => wild = true,
            _ => return Err(format!("'{arg}': {usage}")),
        }
    }
    let need = tn - modifier - die.bonus;
    let success = crate::rules::odds::savage_trait(die.sides, wild, need);
    let raise = crate::rules::odds::savage_trait(die.sides, wild, need + 4);
    Ok(format!(
        "{die}{} {modifier:+} vs TN {tn}: success {} ({:.2}%), raise {} ({:.2}%)\n",
        if wild { " with the Wild Die" } else { "" },
        success,
        success.percent(),
        raise,
        raise.percent()
    ))
}
