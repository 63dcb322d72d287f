"""A simple scripted player: it answers every pending decision and plays its turns with legal
commands (moves towards objectives, shoots the nearest target it may, charges when close,
fights with everything). Candidate commands are tried against the engine itself, so the bot
never submits a command that the referee would reject.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from vantage.engine.decision import Accepted
from vantage.engine.table import Model
from vantage.rules.common.measuring import distance, h_gap
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.charge import can_charge, charge_targets, out_of_reach
from vantage.rules.wh40k10e.decide import decide, waiting_for
from vantage.rules.wh40k10e.fight import can_fight
from vantage.rules.wh40k10e.shooting import Sight, eligible_targets, model_can_target
from vantage.rules.wh40k10e.state import Pending, State

CHARGE_WITHIN = 9.0
STEP_FRACTIONS = (1.0, 0.75, 0.5, 0.25)
SHIFTS = (0.0, 1.5, -1.5, 3.0, -3.0)


class NoDice:
    """Dice for trying a command that must not roll."""

    used = 0

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """Trying a command never rolls."""
        raise LookupError("a trial command rolled dice")


def legal(state: State, player: str, cmd: Any) -> bool:
    """Whether the referee accepts ``cmd`` without rolling dice."""
    try:
        return isinstance(decide(state, cmd, player, NoDice()), Accepted)
    except LookupError:
        return True


def choose(state: State, player: str) -> Any | None:
    """The bot's next command as ``player``, or ``None`` when it is not this player's move."""
    if state.result is not None:
        return None
    pending = waiting_for(state)
    if pending is None:
        return _act(state, player) if state.active == player else None
    if pending.kind == "declare_formations":
        return _formations(state, player) if player in pending.options else None
    if pending.player != player:
        return None
    return _answer(state, player, pending)


def _answer(state: State, player: str, pending: Pending) -> Any:
    kind = pending.kind
    if kind == "place_objective":
        return _objective(state, player)
    if kind == "deploy":
        return _deploy(state, player, pending.options[0])
    if kind in ("allocate", "precision", "allocate_mortal", "hazardous"):
        return c.Allocate(model=pending.options[0])
    if kind == "reaction":
        return _reaction(state, player, pending)
    if kind == "charge_move":
        return _charge_move(state, player, pending)
    if kind == "fight":
        return _fight(state, pending.options[0])
    if kind == "consolidate":
        return c.Consolidate(unit=pending.unit or "")
    if kind == "confirm_undo":
        return c.AnswerUndo(accept=True)
    if kind == "reroll":
        failed = pending.detail.get("failed", pending.options)
        assert isinstance(failed, tuple)
        return c.Reroll(roll=int(failed[0]))
    if kind == "coherency":
        suggested = pending.detail.get("suggested", ())
        assert isinstance(suggested, tuple)
        return c.RemoveModels(unit=pending.unit or "", models=suggested)
    return c.Pass()


def _objective(state: State, player: str) -> c.PlaceObjective:
    w, d = state.table.width, state.table.depth
    spots = [(w * fx, d * fy) for fy in (0.3, 0.7, 0.5) for fx in (0.25, 0.75, 0.5, 0.12, 0.88)]
    for x, y in spots:
        cmd = c.PlaceObjective(x=round(x, 2), y=round(y, 2))
        if legal(state, player, cmd):
            return cmd
    return c.PlaceObjective(x=w / 2, y=d / 2)


def _formations(state: State, player: str) -> c.DeclareFormations:
    """Each Leader joins the first unit it may lead; Deep Strike units (not attached) and
    AIRCRAFT without Hover wait in Reserves; without the Leaders if that is refused."""
    attach = _attachments(state, player)
    joined = {*attach, *attach.values()}
    reserves = tuple(
        u
        for u in state.units_of(player, None)
        if state.sheets[u].has("DEEP STRIKE") and u not in joined
    )
    planes = [u for u in state.units_of(player, None) if "AIRCRAFT" in state.sheets[u].keywords]
    hover = tuple(u for u in planes if state.sheets[u].has("HOVER"))
    strategic = tuple(u for u in planes if u not in hover and u not in reserves)
    cmd = c.DeclareFormations(
        attach=attach, reserves=reserves, strategic_reserves=strategic, hover=hover
    )
    if attach and not legal(state, player, cmd):
        plain = tuple(u for u in state.units_of(player, None) if state.sheets[u].has("DEEP STRIKE"))
        return c.DeclareFormations(reserves=plain, strategic_reserves=strategic, hover=hover)
    return cmd


def _attachments(state: State, player: str) -> dict[str, str]:
    """Leader → the first unit its ability names that has no Leader yet (§3.6)."""
    units = state.units_of(player, None)
    leaders = [
        u
        for u in units
        if state.sheets[u].has("LEADER") and "CHARACTER" in state.sheets[u].keywords
    ]
    attach: dict[str, str] = {}
    for leader in leaders:
        for bodyguard in state.sheets[leader].leads:
            free = bodyguard not in attach.values() and bodyguard not in leaders
            if free and bodyguard in units and "AIRCRAFT" not in state.sheets[bodyguard].keywords:
                attach[leader] = bodyguard
                break
    return attach


def _block(state: State, unit: str, cx: float, cy: float, facing: float) -> tuple[c.Place, ...]:
    """The unit's off-table models in rows of five around (cx, cy)."""
    ids = [mid for mid, m in state.offboard.items() if m.unit == unit]
    size = max(geo.radius(state.offboard[m]) for m in ids) * 2 + 0.4
    places = []
    for i, mid in enumerate(ids):
        row, col = divmod(i, 5)
        x = cx + (col - min(4, len(ids) - 1) / 2) * size
        places.append(
            c.Place(
                model=mid,
                x=round(x, 3),
                y=round(cy + row * size * _sign(cy, state), 3),
                facing=facing,
            )
        )
    return tuple(places)


def _sign(cy: float, state: State) -> float:
    return 1.0 if cy < state.table.depth / 2 else -1.0


def _deploy(state: State, player: str, unit: str) -> Any:
    zone = state.zones[player]
    ys = [p[1] for p in zone]
    low = min(ys) < 1
    facing = 90.0 if low else 270.0
    for cy in (min(ys) + 3.0, min(ys) + 6.5) if low else (max(ys) - 3.0, max(ys) - 6.5):
        for i in range(12):
            cx = state.table.width * ((i * 0.37 + 0.12) % 0.8 + 0.1)
            cmd = c.Deploy(unit=unit, models=_block(state, unit, cx, cy, facing))
            if legal(state, player, cmd):
                return cmd
    for depth in (2.0, 5.0, 8.0, 10.5):  # a crowded zone (big armies): a finer search
        cy = min(ys) + depth if low else max(ys) - depth
        for i in range(25):
            cx = state.table.width * (0.05 + 0.9 * i / 24)
            cmd = c.Deploy(unit=unit, models=_block(state, unit, cx, cy, facing))
            if legal(state, player, cmd):
                return cmd
    return c.Deploy(
        unit=unit, models=_block(state, unit, state.table.width / 2, sum(ys) / 4, facing)
    )


def _reaction(state: State, player: str, pending: Pending) -> Any:
    if "go_to_ground" in pending.options and state.attack:
        for a in state.attack.assignments:
            if state.owner(a.target) == player and "INFANTRY" in state.sheets[a.target].keywords:
                return c.UseStratagem(name="go_to_ground", unit=a.target)
    if "fire_overwatch" in pending.options and pending.unit:
        from vantage.rules.wh40k10e.reactions import overwatch_units

        units = overwatch_units(state, pending.unit)
        if units:
            return c.UseStratagem(name="fire_overwatch", unit=units[0])
    return c.Pass()


def _act(state: State, player: str) -> Any:
    phase = state.phase
    if phase == "movement":
        return _movement(state, player) or c.EndPhase()
    if phase == "shooting":
        return _shooting(state, player) or c.EndPhase()
    if phase == "charge":
        return _charge(state, player) or c.EndPhase()
    return c.EndPhase()


def _centre(models: Sequence[Model]) -> tuple[float, float]:
    return (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))


def _goal(state: State, player: str, unit: str) -> tuple[float, float] | None:
    models = state.models_of(unit)
    cx, cy = _centre(models)
    objs = [o for o in state.table.objectives if state.control.get(o.id) != player]
    points = [(o.x, o.y) for o in objs] or [
        _centre(state.models_of(u)) for u in state.units_of(state.opponent(player))
    ]
    if not points:
        return None
    return min(points, key=lambda p: math.hypot(p[0] - cx, p[1] - cy))


def _translations(dist: float, ux: float, uy: float) -> Iterator[tuple[float, float]]:
    for frac in STEP_FRACTIONS:
        for shift in SHIFTS:
            step = dist * frac
            yield ux * step - uy * shift, uy * step + ux * shift


def _movement(state: State, player: str) -> Any | None:
    for unit in state.units_of(player, "reserves"):
        cmd = _arrive(state, player, unit)
        if cmd is not None:
            return cmd
    for unit in state.units_of(player):
        s = state.status[unit]
        if s.moved_this_phase or s.disembarked_now or "AIRCRAFT" in state.sheets[unit].keywords:
            continue
        if geo.engaged_enemies(state.table, unit):
            return c.Move(unit=unit, kind="stationary")
        cmd = _advance_to_goal(state, player, unit)
        return cmd or c.Move(unit=unit, kind="stationary")
    return None


def _advance_to_goal(state: State, player: str, unit: str) -> Any | None:
    goal = _goal(state, player, unit)
    models = state.models_of(unit)
    if goal is None or not models:
        return None
    cx, cy = _centre(models)
    gap = math.hypot(goal[0] - cx, goal[1] - cy)
    if gap < 1.0:
        return None
    ux, uy = (goal[0] - cx) / gap, (goal[1] - cy) / gap
    move = min(state.sheets[unit].model(m.id).move for m in models) - 0.05
    for dx, dy in _translations(min(move, max(0.0, gap - 1.0)), ux, uy):
        paths = tuple(
            c.PathIn(model=m.id, path=((round(m.x + dx, 3), round(m.y + dy, 3)),)) for m in models
        )
        cmd = c.Move(unit=unit, kind="normal", paths=paths)
        if legal(state, player, cmd):
            return cmd
    return None


def _arrive(state: State, player: str, unit: str) -> Any | None:
    if state.round < 2:
        return None
    zone = state.zones[player]
    ys = [p[1] for p in zone]
    low = min(ys) < 1
    cy = min(ys) + 2.0 if low else max(ys) - 2.0
    for i in range(10):
        cx = state.table.width * ((i * 0.29 + 0.15) % 0.8 + 0.1)
        cmd = c.Arrive(unit=unit, models=_block(state, unit, cx, cy, 90.0 if low else 270.0))
        if legal(state, player, cmd):
            return cmd
    return None


def _shooting(state: State, player: str) -> Any | None:
    for unit in state.units_of(player):
        if state.status[unit].shot:
            continue
        options = eligible_targets(state, unit)
        if not options:
            continue
        targets = sorted(
            {t for ts in options.values() for t in ts},
            key=lambda t: geo.unit_distance(state.table, unit, t),
        )
        rows = _shots(state, unit, targets[0], options)
        if rows:
            return c.Shoot(unit=unit, attacks=rows)
    return None


def _shots(
    state: State, unit: str, target: str, options: dict[str, list[str]]
) -> tuple[c.AttackIn, ...]:
    sight = Sight(state)
    sheet = state.sheets[unit]
    rows: list[c.AttackIn] = []
    for m in state.models_of(unit):
        usable = [
            w
            for w in sheet.model(m.id).weapons
            if target in options.get(w, [])
            and (ws := sheet.weapon(w)) is not None
            and model_can_target(state, sight, m, ws, target) is None
        ]
        other = [w for w in usable if (ws := sheet.weapon(w)) and not ws.has("PISTOL")]
        big = bool({"MONSTER", "VEHICLE"} & set(sheet.keywords))
        for w in usable if big else (other or usable):
            rows.append(c.AttackIn(model=m.id, weapon=w, target=target))
    return tuple(rows)


def _charge(state: State, player: str) -> Any | None:
    for unit in state.units_of(player):
        if not can_charge(state, unit):
            continue
        close = [
            t
            for t in charge_targets(state, unit)
            if geo.units_within(state.table, unit, t, CHARGE_WITHIN)
        ]
        if close:
            return c.DeclareCharge(unit=unit, targets=(close[0],))
    return None


def _charge_move(state: State, player: str, pending: Pending) -> Any:
    unit = pending.unit or ""
    roll = float(state.charge_roll or 0)
    targets = [m for t in pending.options for m in state.models_of(t)]
    if not targets or out_of_reach(state, unit, pending.options, roll):
        return c.ChargeMove(unit=unit)  # the charge fails (§4.6)
    for slack in (0.02, 0.3, 0.6):
        paths = []
        for m in state.models_of(unit):
            near = min(targets, key=lambda t, m=m: distance(m, t))  # type: ignore[misc]
            gap = h_gap(m, near)
            go = max(0.0, min(roll - 0.01, gap - slack))
            dx, dy = near.x - m.x, near.y - m.y
            norm = math.hypot(dx, dy) or 1.0
            paths.append(
                c.PathIn(
                    model=m.id,
                    path=((round(m.x + dx / norm * go, 3), round(m.y + dy / norm * go, 3)),),
                )
            )
        cmd = c.ChargeMove(unit=unit, paths=tuple(paths))
        if legal(state, player, cmd):
            return cmd
    return c.ChargeMove(unit=unit)


def _fight(state: State, unit: str) -> c.Fight:
    sheet = state.sheets[unit]
    rows: list[c.AttackIn] = []
    for m in state.models_of(unit):
        reach = sorted(can_fight(state.table, m))
        if not reach:
            continue
        melee = [
            w
            for w in sheet.model(m.id).weapons
            if (ws := sheet.weapon(w)) is not None and ws.kind == "melee"
        ]
        main = [w for w in melee if not sheet.weapon(w).has("EXTRA ATTACKS")][:1]  # type: ignore[union-attr]
        extra = [w for w in melee if sheet.weapon(w).has("EXTRA ATTACKS")]  # type: ignore[union-attr]
        rows.extend(c.AttackIn(model=m.id, weapon=w, target=reach[0]) for w in main + extra)
    return c.Fight(unit=unit, attacks=tuple(rows))
