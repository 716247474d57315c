//! A group of separate creatures attacking as one set (`attack goblin …`, GEM-ATK-5): which
//! members take part, and the standard action each of them spends (GEM-INIT-2) — on the turn of
//! the member leading it, and ahead of its own turn for a member whose turn is still to come.

use super::Gempunks;
use super::state::{self, GemEvent, GemState};
use crate::rules::effect::Effect;
use crate::rules::request::{AttackRequest, CombatantView, FieldReader, Party};
use crate::rules::types::{Options, Pass};

/// Whether the members pay for the set with their standard actions: on the leader's own turn,
/// unless it is a guard's reaction or an immediate action (paid otherwise, GEM-ACT-7..9).
fn pays(req: &AttackRequest<'_, GemState>) -> bool {
    let f = FieldReader(req.fields);
    req.on_turn && !f.flag("reaction") && !f.flag("immediate")
}

/// The standard actions `who`'s next turn holds (none after Incapacitate, or when immediate
/// actions owed take it, GEM-INIT-3).
fn standard_of(who: CombatantView<'_>, options: &Options) -> u8 {
    Gempunks
        .budget_in(who, Pass::main(0, 0), options)
        .iter()
        .find(|p| p.name == "standard")
        .map_or(0, |p| p.total)
}

/// Why a member other than the leader cannot join the set, if it cannot.
fn cannot_join(member: &Party<'_>, gem: &GemState, options: &Options) -> Option<String> {
    if member.turn_over {
        Some("its turn this round is over".to_string())
    } else if let Some(with) = gem.ahead_of(member.id) {
        Some(format!("its standard action this round went into {with}'s set"))
    } else if standard_of(member.view, options) == 0 {
        Some("it has no standard action this round (GEM-INIT-3)".to_string())
    } else {
        None
    }
}

/// The members taking part (the leader first) and those left out with the reason: a member
/// with no standard action left this round does not roll (`force` brings everyone in).
pub fn taking_part<'a>(
    req: &AttackRequest<'a, GemState>,
    gem: &GemState,
) -> (Vec<Party<'a>>, Vec<(Party<'a>, String)>) {
    let mut part = Vec::new();
    let mut out = Vec::new();
    let forced = FieldReader(req.fields).flag("force");
    for (i, member) in req.members.iter().enumerate() {
        let why = (i > 0 && pays(req) && !forced)
            .then(|| cannot_join(member, gem, req.options))
            .flatten();
        match why {
            Some(why) => out.push((*member, why)),
            None => part.push(*member),
        }
    }
    (part, out)
}

/// What a group's set records beyond the leader's own cost: a line for each member left out,
/// and each other member's standard action spent ahead of its turn (GEM-INIT-2).
pub fn effects(req: &AttackRequest<'_, GemState>, gem: &GemState) -> Vec<Effect> {
    let (part, out) = taking_part(req, gem);
    let mut effects: Vec<Effect> = out
        .iter()
        .map(|(m, why)| Effect::Log {
            text: format!("{} does not attack in this set: {why} (GEM-INIT-2)", m.view.name),
            roll: None,
        })
        .collect();
    if pays(req) {
        for member in part.iter().skip(1).filter(|m| !m.turn_over) {
            effects.push(Effect::System(state::event(GemEvent::Ahead {
                id: member.id.to_string(),
                with: req.attacker.name.to_string(),
            })));
        }
    }
    effects
}
