"""The Charge phase (wh40k-10th §4.6): eligibility, targets within 12", the 2D6 roll and the
charge move (every target in Engagement Range, no non-target entered, coherency, each model
closer to a target, base contact where it can be reached).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Table
from vantage.rules.common.measuring import distance, h_gap, v_gap, within
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.commands import ChargeMove, DeclareCharge
from vantage.rules.wh40k10e.emitter import Emitter, problem
from vantage.rules.wh40k10e.events import ChargeDeclared, ChargeEnded
from vantage.rules.wh40k10e.movement import _check_paths, _placed
from vantage.rules.wh40k10e.paths import Sweep
from vantage.rules.wh40k10e.placement import physical
from vantage.rules.wh40k10e.state import State

CHARGE_RANGE = 12.0
CONTACT = 0.01


def can_charge(state: State, unit: str) -> bool:
    """Not Advanced, Fallen Back, barred from charging, engaged, AIRCRAFT or already declared."""
    s = state.status[unit]
    return (
        s.location == "table"
        and s.move not in ("advance", "fall_back")
        and not s.cannot_charge
        and not s.charge_declared
        and "AIRCRAFT" not in state.sheets[unit].keywords
        and not geo.engaged_enemies(state.table, unit)
    )


def charge_targets(state: State, unit: str) -> list[str]:
    """Enemy units within 12" that this unit may declare a charge against (§4.6)."""
    fly = "FLY" in state.sheets[unit].keywords
    return [
        t
        for t in state.units_of(state.opponent(state.owner(unit)))
        if geo.units_within(state.table, unit, t, CHARGE_RANGE)
        and (fly or "AIRCRAFT" not in state.sheets[t].keywords)
    ]


def could_engage(a: Model, b: Model, roll: float) -> bool:
    """Whether ``a`` could end within Engagement Range of ``b`` by moving ``roll`` inches in a
    straight line through anything (climbing included): a bound no legal charge move beats."""
    climb = max(0.0, v_gap(a, b) - geo.ER_V)
    if not within(climb, roll):
        return False
    return geo.h_within(a, b, geo.ER_H + math.sqrt(max(0.0, roll * roll - climb * climb)))


def out_of_reach(state: State, unit: str, targets: Iterable[str], roll: float) -> tuple[str, ...]:
    """The targets no model of ``unit`` could reach Engagement Range of with this charge roll,
    even in a straight line: with any of them the charge cannot succeed (§4.6)."""
    movers = state.models_of(unit)
    return tuple(
        t
        for t in targets
        if not any(could_engage(m, o, roll) for m in movers for o in state.models_of(t))
    )


def declare(em: Emitter, cmd: DeclareCharge) -> Rejection | None:
    """Declare targets and roll 2D6; then the charge move (after any Overwatch)."""
    state, player = em.state, em.actor or ""
    if state.phase != "charge" or state.active != player or state.pending is not None:
        return Rejection("phase/not_charge", "declare charges in your Charge phase")
    if state.sheets.get(cmd.unit) is None or state.owner(cmd.unit) != player:
        return Rejection("unit/not_yours", "select one of your units")
    if not cmd.targets or len(set(cmd.targets)) != len(cmd.targets):
        return Rejection("charge/targets", "name one or more different enemy units")
    problems = []
    if not can_charge(state, cmd.unit):
        problems.append(
            problem(
                "rule/cannot_charge",
                "this unit cannot declare a charge: it "
                "Advanced, Fell Back, disembarked from a moved transport, is in "
                "Engagement Range or has charged already (§4.6)",
            )
        )
    allowed = charge_targets(state, cmd.unit)
    for t in cmd.targets:
        if t not in state.sheets or state.owner(t) == player:
            return Rejection("charge/targets", f"{t!r} is not an enemy unit")
        if t not in allowed:
            problems.append(
                problem(
                    "rule/charge_range",
                    f"{state.sheets[t].name} is not within "
                    '12" (or is AIRCRAFT and you cannot FLY) (§4.6)',
                )
            )
    rejected = em.rules(problems)
    if rejected:
        return rejected
    em.emit(ChargeDeclared(unit=cmd.unit, targets=cmd.targets, dice=em.roll(2)))
    from vantage.rules.wh40k10e.reactions import after_charge_declared

    after_charge_declared(em, cmd.unit)
    return None


def charge_move(em: Emitter, cmd: ChargeMove) -> Rejection | None:
    """Validate the charge move against the roll; no paths: the charge fails."""
    state, player = em.state, em.actor or ""
    pending = state.pending
    if (
        pending is None
        or pending.kind != "charge_move"
        or pending.unit != cmd.unit
        or (pending.player != player)
    ):
        return Rejection("charge/not_pending", "no charge move of that unit is waiting")
    heroic = bool(pending.detail.get("heroic"))
    targets = tuple(pending.options)
    roll = state.charge_roll or 0
    if not cmd.paths:
        em.emit(ChargeEnded(unit=cmd.unit, success=False, heroic=heroic))
        _after(em, cmd.unit, heroic, False)
        return None
    outcome = _check_paths(em, cmd.unit, cmd.paths, "charge", float(roll), targets)
    if isinstance(outcome, Rejection):
        return outcome
    sweeps, problems = outcome
    after = state.table.with_models({m: s.end for m, s in sweeps.items() if s.end})
    problems += end_problems(state, after, cmd.unit, targets, sweeps, float(roll))
    rejected = em.rules(problems)
    if rejected:
        return rejected
    em.emit(
        ChargeEnded(
            unit=cmd.unit,
            success=True,
            heroic=heroic,
            models=tuple(_placed(s) for s in sweeps.values()),
        )
    )
    _after(em, cmd.unit, heroic, True)
    return None


def _after(em: Emitter, unit: str, heroic: bool, moved: bool) -> None:
    from vantage.rules.wh40k10e.reactions import after_charge

    if moved:
        after_charge(em, unit, heroic)
    else:
        from vantage.rules.wh40k10e.events import Waiting

        em.emit(Waiting(pending=None))


def end_problems(
    state: State,
    after: Table,
    unit: str,
    targets: tuple[str, ...],
    sweeps: dict[str, Sweep],
    roll: float,
) -> list[Rejection]:
    """Every target in Engagement Range; each moved model closer to a target; base contact
    where a straight move would reach it (§4.6, §11 item 22 DECISION)."""
    out = []
    missing = [t for t in targets if not geo.units_engaged(after, unit, t)]
    if missing:
        out.append(
            problem(
                "rule/charge_not_engaged",
                f"the charge must end within Engagement "
                f"Range of every target: not {state.sheets[missing[0]].name} (§4.6)",
            )
        )
    target_models = [m for t in targets for m in after.unit_models(t)]
    for mid, _s in sweeps.items():
        start = state.table.models[mid]
        before = min(distance(start, t) for t in target_models)
        end = after.models[mid]
        if min(distance(end, t) for t in target_models) >= before - 1e-6:
            out.append(
                problem(
                    "rule/charge_closer",
                    f"{after.model_label(mid)} must end closer to a charge target (§4.6)",
                    model=mid,
                )
            )
            break
        if not _in_contact(after, end) and _could_contact(after, start, target_models, roll):
            out.append(
                problem(
                    "rule/base_contact",
                    f"{after.model_label(mid)} could reach base contact with an enemy model "
                    "and must (§4.6)",
                    model=mid,
                )
            )
            break
    return out


def _in_contact(table: Table, model: Model) -> bool:
    owner = table.units[model.unit].player
    return any(
        h_gap(model, o) <= CONTACT
        for o in table.models.values()
        if table.units[o.unit].player != owner
    )


def _could_contact(table: Table, start: Model, targets: list[Model], roll: float) -> bool:
    """A straight move from the start into contact with a target model, within the roll, onto
    free ground (other models held where they ended)."""
    for t in targets:
        gap = h_gap(start, t)
        if gap > roll - 1e-6 or gap <= CONTACT:
            continue
        cx, cy = t.x - start.x, t.y - start.y
        norm = (cx * cx + cy * cy) ** 0.5 or 1.0
        step = gap - 0.005
        spot = start.placed(start.x + cx / norm * step, start.y + cy / norm * step)
        trial = table.with_models({start.id: spot})
        if physical(trial, [start.id]) is None:
            return True
    return False
