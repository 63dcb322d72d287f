"""AIRCRAFT and Hover (wh40k-10th §4.9, §4.10).

* AIRCRAFT start the battle in Reserves (they count as Strategic Reserves), unless in Hover mode.
* Hover mode, declared in Declare Battle Formations: the unit has M 20" and loses the AIRCRAFT
  keyword for the rest of the battle; the engine rewrites its sheet once (rules decision R22).
* An AIRCRAFT only makes Normal moves, even within Engagement Range: each model straight forward
  (along its facing, one straight segment) at least 20", no maximum, then a pivot of up to 90°.
  A move whose end would cross the battlefield edge takes the unit into Strategic Reserves.
* Other units ignore enemy AIRCRAFT for "is this unit in Engagement Range" and while moving, but
  may not end a move within Engagement Range of them (movement.py).
* An AIRCRAFT that went into Strategic Reserves always arrives in its controller's next turn:
  its Movement phase cannot end while it is still off the table (``RETURNING``, R32).
* Only FLY units charge AIRCRAFT (charge.py); an AIRCRAFT fights only when in Engagement Range
  of an enemy FLY unit and attacks only FLY units; only FLY models make melee attacks against
  AIRCRAFT; AIRCRAFT neither pile in nor consolidate (fight.py, §4.9).
* Only units that are themselves in Reserves start embarked in an AIRCRAFT transport in
  Reserves: they count towards the Strategic Reserves cap with it (R32).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace

from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e.commands import Move
from vantage.rules.wh40k10e.state import State

RETURNING = "aircraft_returning"
"""Effect ``aircraft_returning:<round>`` on an AIRCRAFT unit that left the battlefield in that
battle round: it must arrive in its controller's next turn (the next round)."""
MIN_MOVE = 20.0
HOVER_MOVE = 20.0
MAX_PIVOT = 90.0
STRAIGHT_TOLERANCE = 0.01
"""Inches a straight-forward move may drift sideways (rounding of client coordinates)."""


def _rule(code: str, message: str, **detail: str) -> Rejection:
    return Rejection(code, message, detail)


def is_aircraft(state: State, unit: str) -> bool:
    """The unit has the AIRCRAFT keyword (a unit in Hover mode has lost it)."""
    sheet = state.sheets.get(unit)
    return sheet is not None and "AIRCRAFT" in sheet.keywords


def aircraft_units(state: State, units: Iterable[str]) -> set[str]:
    """Those of ``units`` that are AIRCRAFT."""
    return {u for u in units if is_aircraft(state, u)}


def hover(state: State, units: Iterable[str]) -> State:
    """Hover mode: M 20" and no AIRCRAFT keyword for the rest of the battle (§4.9)."""
    sheets = dict(state.sheets)
    table_units = dict(state.table.units)
    for unit in units:
        sheet = sheets.get(unit)
        if sheet is None:
            continue
        keywords = tuple(k for k in sheet.keywords if k != "AIRCRAFT")
        models = tuple((mid, replace(ms, move=HOVER_MOVE)) for mid, ms in sheet.models)
        sheets[unit] = replace(sheet, keywords=keywords, models=models)
        if unit in table_units:
            table_units[unit] = replace(table_units[unit], keywords=keywords)
    return replace(state, sheets=sheets, table=replace(state.table, units=table_units))


def formation_problems(
    state: State, player: str, reserves: Iterable[str], hovering: Iterable[str]
) -> list[Rejection]:
    """AIRCRAFT not in Hover mode must start in Reserves (§4.9); Hover needs AIRCRAFT."""
    held = set(reserves)
    hovers = set(hovering)
    out = []
    for unit in hovers:
        sheet = state.sheets.get(unit)
        if (
            sheet is None
            or sheet.player != player
            or not is_aircraft(state, unit)
            or not sheet.has("HOVER")
        ):
            out.append(
                _rule(
                    "rule/hover",
                    f"{unit} is not one of your AIRCRAFT with Hover (§4.9)",
                    unit=unit,
                )
            )
    for unit in state.units_of(player, None):
        if is_aircraft(state, unit) and unit not in held and unit not in hovers:
            out.append(
                _rule(
                    "rule/aircraft_reserves",
                    f"{state.sheets[unit].name} is AIRCRAFT: it must start in Reserves unless "
                    "in Hover mode (§4.9)",
                    unit=unit,
                )
            )
    return out


def move_problems(state: State, cmd: Move) -> list[Rejection]:
    """Normal moves only; each model straight forward at least 20", then a pivot of up to 90°
    (§4.9)."""
    if cmd.kind != "normal":
        return [
            _rule(
                "rule/aircraft_move",
                "AIRCRAFT cannot Advance, Fall Back or Remain Stationary; they make a Normal "
                "move (§4.9)",
            )
        ]
    moved = {p.model for p in cmd.paths}
    for m in state.models_of(cmd.unit):
        if m.id not in moved:
            return [
                _rule(
                    "rule/aircraft_min",
                    f'{state.model_label(m.id)} must move at least 20" (§4.9)',
                    model=m.id,
                )
            ]
    for p in cmd.paths:
        m = state.table.models[p.model]
        who = state.model_label(p.model)
        if len(p.path) != 1:
            return [
                _rule(
                    "rule/aircraft_straight",
                    f"{who} moves straight forward: one segment, then pivots (§4.9)",
                    model=p.model,
                )
            ]
        dx, dy = p.path[0][0] - m.x, p.path[0][1] - m.y
        fx, fy = math.cos(math.radians(m.facing)), math.sin(math.radians(m.facing))
        forward = dx * fx + dy * fy
        sideways = abs(dx * fy - dy * fx)
        if sideways > STRAIGHT_TOLERANCE:
            return [
                _rule(
                    "rule/aircraft_straight",
                    f"{who} must move straight forward along its facing (§4.9)",
                    model=p.model,
                )
            ]
        if forward < MIN_MOVE - 1e-6:
            return [
                _rule(
                    "rule/aircraft_min",
                    f'{who} moves {max(forward, 0.0):.2f}" forward; AIRCRAFT move at least 20" '
                    "(§4.9)",
                    model=p.model,
                )
            ]
        facing = m.facing if p.facing is None else p.facing
        if abs((facing - m.facing + 180) % 360 - 180) > MAX_PIVOT + 1e-6:
            return [
                _rule(
                    "rule/aircraft_pivot",
                    f"{who} may pivot at most 90° after its move (§4.9)",
                    model=p.model,
                )
            ]
    return []


def leaves_battlefield(state: State, cmd: Move) -> bool:
    """Some model's end position would cross the battlefield edge (§4.9, §4.10)."""
    from vantage.rules.wh40k10e.placement import _bounds

    table = state.table
    for p in cmd.paths:
        m = table.models.get(p.model)
        if m is None or m.unit != cmd.unit or not p.path:
            continue
        x, y = p.path[-1]
        x0, y0, x1, y1 = _bounds(m.placed(float(x), float(y)))
        if x0 < -1e-6 or y0 < -1e-6 or x1 > table.width + 1e-6 or y1 > table.depth + 1e-6:
            return True
    return False


def leave(state: State, unit: str) -> State:
    """The unit's models leave the table for Strategic Reserves (§4.9)."""
    ids = [m.id for m in state.models_of(unit)]
    offboard = {**state.offboard, **{k: state.table.models[k] for k in ids}}
    models = {k: m for k, m in state.table.models.items() if k not in ids}
    state = replace(state, table=replace(state.table, models=models), offboard=offboard)
    effects = (*state.status[unit].effects, f"{RETURNING}:{state.round}")
    return state.with_status(
        unit,
        location="reserves",
        reserve="strategic",
        move="normal",
        moved_this_phase=True,
        effects=effects,
    )


def must_arrive_problems(state: State, player: str) -> list[Rejection]:
    """AIRCRAFT that left the battlefield arrive in their controller's next turn (seed
    L4159-L4161): the Movement phase cannot end while one is still in Strategic Reserves."""
    return [
        _rule(
            "rule/aircraft_return",
            f"{state.sheets[u].name} left the battlefield last turn: it must arrive from "
            "Strategic Reserves in this Reinforcements step (§4.9)",
            unit=u,
        )
        for u in state.units_of(player, "reserves")
        if any(_left_before(e, state.round) for e in state.status[u].effects)
    ]


def _left_before(effect: str, round_: int) -> bool:
    name, _, left = effect.partition(":")
    return name == RETURNING and left.isdigit() and int(left) < round_


def arrived(effects: tuple[str, ...]) -> tuple[str, ...]:
    """The effects of a unit arriving from Reserves: no longer returning."""
    return tuple(e for e in effects if e.partition(":")[0] != RETURNING)


def has_fly(state: State, unit: str) -> bool:
    """The unit has the FLY keyword."""
    sheet = state.sheets.get(unit)
    return sheet is not None and "FLY" in sheet.keywords


def fight_enemies(state: State, unit: str, engaged: Iterable[str]) -> set[str]:
    """The enemy units in Engagement Range that count for fighting (§4.9): an AIRCRAFT only
    FLY units; a unit without FLY not AIRCRAFT (it could not attack them)."""
    found = set(engaged)
    if is_aircraft(state, unit):
        return {u for u in found if has_fly(state, u)}
    if has_fly(state, unit):
        return found
    return found - aircraft_units(state, found)


def melee_problem(
    state: State, unit: str, model_keywords: Iterable[str], target: str
) -> str | None:
    """Why this model may not make melee attacks against ``target`` (§4.9), or ``None``."""
    if is_aircraft(state, unit) and not has_fly(state, target):
        return "an AIRCRAFT attacks only FLY units (§4.9)"
    if is_aircraft(state, target) and "FLY" not in set(model_keywords):
        return "only FLY models make melee attacks against AIRCRAFT (§4.9)"
    return None


def transport_load_in_reserves(
    state: State, embark: Mapping[str, str], hovering: Iterable[str] = ()
) -> list[str]:
    """Units declared embarked in an AIRCRAFT transport (not in Hover mode): they start in
    Reserves themselves (seed L4104-L4107) and count towards the Strategic Reserves cap."""
    hovers = set(hovering)
    return [u for u, t in embark.items() if is_aircraft(state, t) and t not in hovers]
