"""Damage outside the attack sequence and its consequences: mortal wounds (Grenade, Tank Shock,
Hazardous, Deadly Demise), and emitting the results of resolved attacks (wh40k-10th §8.3, §9).
"""

from __future__ import annotations

from vantage.engine.table import Model
from vantage.rules.wh40k.dice_expr import parse_dice_expr
from vantage.rules.wh40k10e import geo, leaders, mortals
from vantage.rules.wh40k10e.attacks import Resolution
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import (
    ModelsDamaged,
    MortalWoundsRolled,
    WeaponResolved,
)
from vantage.rules.wh40k10e.sheets import number
from vantage.rules.wh40k10e.state import MortalJob

DEMISE_RANGE = 6.0


def mortal_wounds(
    em: Emitter,
    unit: str,
    points: int,
    source: str,
    dice: tuple[int, ...] = (),
    first: str | None = None,
    after: str = "active",
) -> bool:
    """``points`` mortal wounds to a unit, allocated one at a time by its controller (R30),
    Feel No Pain per wound; an attached unit's CHARACTERs take them last (§3.6) unless ``first``
    names one. ``False``: the game now waits for the controller and then goes on with ``after``.
    """
    if not em.state.models_of(unit) or points <= 0:
        em.emit(MortalWoundsRolled(source=source, unit=unit, dice=dice, mortal_wounds=0))
        return mortals.drain(em, after)
    mortals.queue(em, MortalJob(unit=unit, source=source, points=points, dice=dice, first=first))
    return mortals.drain(em, after)


def apply_wounds(
    em: Emitter,
    unit: str,
    before: dict[str, int],
    left: dict[str, int],
    reason: str,
    allocated: tuple[str, ...] = (),
) -> None:
    """Emit the changed wounds and destroyed models; Deadly Demise for the destroyed, each with
    its own datasheet's value (a Leader's in an attached unit, §3.6), queued (``mortals.py``)."""
    changed = {m: w for m, w in left.items() if before.get(m) != w}
    destroyed = tuple(m for m in before if left.get(m, 0) <= 0)
    if not changed and not destroyed and not allocated:
        return
    state = em.state
    demise = [
        (state.table.models[m], value)
        for m in destroyed
        if m in state.table.models
        and (value := leaders.model_sheet(state, m, unit).deadly_demise) is not None
    ]
    em.emit(
        ModelsDamaged(
            unit=unit, wounds=changed, destroyed=destroyed, reason=reason, allocated=allocated
        )
    )
    for model, value in demise:
        deadly_demise(em, unit, model, value)


def deadly_demise(em: Emitter, unit: str, model: Model, value: str = "1") -> None:
    """On a 6, each unit within 6" suffers x mortal wounds, x rolled per unit (§9); the
    wounds are queued behind any being resolved."""
    text = value.strip().upper() or "1"
    expr = parse_dice_expr(str(number(text, 1)) if text.isdigit() else text)
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
    jobs = []
    for victim in victims:
        dice = em.roll(expr.count)
        points = sum((d + 1) // 2 if expr.sides == 3 else d for d in dice) + expr.bonus
        jobs.append(MortalJob(unit=victim, source="deadly_demise", points=points, dice=roll + dice))
    mortals.queue(em, *jobs)


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
                needs=g.needs,
            )
        )
        targets[g.target] = None
    for target in targets:
        before = {m.id: m.wounds for m in state.models_of(target)}
        left = {m: res.wounds.get(m, w) for m, w in before.items()}
        allocated = tuple(m for m in before if m in res.allocated and m not in state.allocated)
        apply_wounds(em, target, before, left, reason, allocated)
