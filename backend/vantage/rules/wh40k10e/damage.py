"""Damage outside the attack sequence and its consequences: mortal wounds (Grenade, Tank Shock,
Hazardous, Deadly Demise), and emitting the results of resolved attacks (wh40k-10th §8.3, §9).
"""

from __future__ import annotations

from vantage.rules.wh40k import FirstEligible, ModelState, UnitState, suffer_mortal_wounds
from vantage.rules.wh40k.dice_expr import parse_dice_expr
from vantage.rules.wh40k10e import geo, leaders
from vantage.rules.wh40k10e.attacks import Replay, Resolution, sheet_w, target_profile
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import (
    ModelsDamaged,
    MortalWoundsRolled,
    WeaponResolved,
)
from vantage.rules.wh40k10e.sheets import number

DEMISE_RANGE = 6.0


def mortal_wounds(
    em: Emitter,
    unit: str,
    points: int,
    source: str,
    dice: tuple[int, ...] = (),
    first: str | None = None,
) -> None:
    """``points`` mortal wounds to a unit, allocated one at a time, Feel No Pain per wound; an
    attached unit's CHARACTERs take them last (§3.6) unless ``first`` names one (Hazardous)."""
    state = em.state
    models = state.models_of(unit)
    if not models or points <= 0:
        em.emit(MortalWoundsRolled(source=source, unit=unit, dice=dice, mortal_wounds=0))
        return
    before = {m.id: m.wounds for m in models}
    characters = leaders.protected(state, unit)
    us = UnitState(
        tuple(
            ModelState(
                m.id,
                m.wounds,
                wounded=m.wounds < sheet_w(state, m),
                allocated=m.id in state.allocated,
                protected=m.id in characters,
            )
            for m in models
        )
    )
    roller = Replay((), em.dice)
    after, _, _ = suffer_mortal_wounds(
        us, points, target_profile(state, unit), roller, FirstEligible(), first
    )
    em.emit(
        MortalWoundsRolled(
            source=source,
            unit=unit,
            dice=dice,
            mortal_wounds=points,
            feel_no_pain=tuple(roller.by_kind.get("feel_no_pain", ())),
        )
    )
    left = after.wounds_left()
    apply_wounds(em, unit, before, left, source)


def apply_wounds(
    em: Emitter,
    unit: str,
    before: dict[str, int],
    left: dict[str, int],
    reason: str,
    allocated: tuple[str, ...] = (),
) -> None:
    """Emit the changed wounds and destroyed models; Deadly Demise for the destroyed."""
    changed = {m: w for m, w in left.items() if before.get(m) != w}
    destroyed = tuple(m for m in before if left.get(m, 0) <= 0)
    if not changed and not destroyed and not allocated:
        return
    demise = [
        em.state.table.models[m]
        for m in destroyed
        if em.state.sheets[unit].deadly_demise and m in em.state.table.models
    ]
    em.emit(
        ModelsDamaged(
            unit=unit, wounds=changed, destroyed=destroyed, reason=reason, allocated=allocated
        )
    )
    for model in demise:
        deadly_demise(em, unit, model)


def deadly_demise(em: Emitter, unit: str, model: object) -> None:
    """On a 6, each unit within 6" suffers x mortal wounds, rolled per unit (§9)."""
    from vantage.engine.table import Model

    assert isinstance(model, Model)
    expr = parse_dice_expr(
        str(number(em.state.sheets[unit].deadly_demise or "1", 1))
        if (em.state.sheets[unit].deadly_demise or "").strip().isdigit()
        else (em.state.sheets[unit].deadly_demise or "1").strip().upper()
    )
    roll = em.roll(1)
    victims = sorted(
        {
            m.unit
            for m in em.state.table.models.values()
            if geo.within_distance(model, m, DEMISE_RANGE)
        }
    )
    if roll[0] != 6 or not victims:
        em.emit(MortalWoundsRolled(source="deadly_demise", unit=unit, dice=roll, mortal_wounds=0))
        return
    for victim in victims:
        dice = em.roll(expr.count)
        points = sum((d + 1) // 2 if expr.sides == 3 else d for d in dice) + expr.bonus
        mortal_wounds(em, victim, points, "deadly_demise", roll + dice)


def emit_resolution(em: Emitter, unit: str, res: Resolution, reason: str) -> None:
    """The log of every resolved weapon, then the wounds and models lost per target unit."""
    state = em.state
    targets: dict[str, None] = {}
    for g in res.groups:
        r = g.result
        em.emit(
            WeaponResolved(
                unit=unit,
                weapon=g.weapon,
                target=g.target,
                models=g.models,
                dice=g.dice,
                attacks=r.attacks,
                hits=r.hits,
                wounds=r.wounds,
                mortal_wounds=r.mortal_wounds,
                failed_saves=r.failed_saves,
                damage=r.damage_inflicted,
                ignored=r.wounds_ignored,
                plunging=g.plunging,
            )
        )
        targets[g.target] = None
    for target in targets:
        before = {m.id: m.wounds for m in state.models_of(target)}
        left = {m: res.wounds.get(m, w) for m, w in before.items()}
        allocated = tuple(m for m in before if m in res.allocated and m not in state.allocated)
        apply_wounds(em, target, before, left, reason, allocated)
