"""Scenario query types of this system (docs/wh40k10e.md "Scenario queries"): ``legal_move``,
``charge``, ``battle_shock`` and ``objective_scoring``, answered on the scenario's table, and
``play`` (``play_query.answer_play``: commands refereed from a game position).

Each ``answer_<type>(scenario, query, index)`` raises ``ScenarioError`` naming the bad field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.dice import FixedDice
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.charge import end_problems
from vantage.rules.wh40k10e.command import below_half
from vantage.rules.wh40k10e.commands import PathIn
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.movement import _check_paths
from vantage.rules.wh40k10e.play_query import PlayIn
from vantage.rules.wh40k10e.play_query import answer_play as answer_play
from vantage.rules.wh40k10e.sheets import ModelSheet, UnitSheet
from vantage.rules.wh40k10e.state import RULES_REVISION, Options, PlayerState, State, UnitStatus
from vantage.scenario.fields import Each, Shape, obj
from vantage.scenario.schema import Scenario, ScenarioError

KINDS = ("normal", "advance", "fall_back", "charge", "pile_in", "consolidate", "scouts")
_PATHS = Each(obj("model", "path", "z"))
FIELDS: dict[str, Shape] = {
    "legal_move": obj("unit", "kind", "move", "advance_roll", "roll", "targets", paths=_PATHS),
    "charge": obj("unit", "targets", "roll", paths=_PATHS),
    "battle_shock": obj("unit", "roll", "leadership", "wounds"),
    "objective_scoring": obj("player", "round"),
    "play": PlayIn,
}
"""The keys each query type reads (besides ``id`` and ``type``), so the runner names the others
(``vantage.scenario.fields``); ``play`` refuses unknown keys inside its objects itself."""


def _num(query: Mapping[str, Any], key: str, at: str, default: float | None = None) -> float:
    value = query.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ScenarioError(f"{at}.{key}", "must be a number")
    return float(value)


def _unit(scenario: Scenario, query: Mapping[str, Any], at: str, key: str = "unit") -> str:
    unit = query.get(key)
    if not isinstance(unit, str) or unit not in scenario.table.units:
        raise ScenarioError(f"{at}.{key}", f"unknown unit {unit!r}")
    return unit


def state_of(
    scenario: Scenario, move: float = 6.0, leadership: int = 7, wounds: int | None = None
) -> State:
    """A game state in the battle with the scenario's table (every unit on it)."""
    table = scenario.table
    sheets = {}
    for uid, u in table.units.items():
        models = tuple(
            (
                m.id,
                ModelSheet(
                    name=m.name,
                    move=move,
                    toughness=4,
                    save=7,
                    wounds=wounds or max(1, m.wounds),
                    leadership=leadership,
                    oc=m.oc,
                    base=m.base,
                    height=m.height,
                ),
            )
            for m in table.unit_models(uid)
        )
        n = u.starting_strength or len(models)
        models += (
            tuple((f"{uid}#{i}", models[0][1]) for i in range(len(models), n)) if models else ()
        )
        sheets[uid] = UnitSheet(
            id=uid, player=u.player, name=u.name or uid, keywords=u.keywords, models=models
        )
    status = {
        uid: UnitStatus(location="table", battle_shocked=u.battle_shocked)
        for uid, u in table.units.items()
    }
    return State(
        options=Options(strict=True, revision=RULES_REVISION),
        players=table.players,
        sheets=sheets,
        table=table,
        status=status,
        sides={p: PlayerState() for p in table.players},
        phase="movement",
        round=2,
        active=table.players[0],
    )


def _paths(query: Mapping[str, Any], at: str) -> tuple[PathIn, ...]:
    raw = query.get("paths")
    if not isinstance(raw, list) or not raw:
        raise ScenarioError(f"{at}.paths", "must be a non-empty list")
    out = []
    for i, p in enumerate(raw):
        try:
            out.append(
                PathIn(
                    model=p["model"],
                    path=tuple((float(x), float(y)) for x, y in p["path"]),
                    z=p.get("z"),
                )
            )
        except (KeyError, TypeError, ValueError):
            raise ScenarioError(f"{at}.paths[{i}]", "needs model and path [[x, y], ...]") from None
    return tuple(out)


def answer_legal_move(scenario: Scenario, query: Mapping[str, Any], index: int) -> Any:
    """``{unit, kind, move, advance_roll?, roll?, targets?, paths}`` → ``{"legal", "reasons",
    "distances"}``: the whole path checked as the live game checks it."""
    at = f"queries[{index}]"
    unit = _unit(scenario, query, at)
    kind = query.get("kind")
    if kind not in KINDS:
        raise ScenarioError(f"{at}.kind", f"must be one of {list(KINDS)}")
    state = state_of(scenario, _num(query, "move", at, 6.0))
    limit = {
        "normal": _num(query, "move", at, 6.0),
        "advance": _num(query, "move", at, 6.0) + _num(query, "advance_roll", at, 0),
        "fall_back": _num(query, "move", at, 6.0),
        "charge": _num(query, "roll", at, 0),
        "scouts": _num(query, "move", at, 6.0),
    }.get(str(kind), 3.0)
    targets = tuple(query.get("targets", ()))
    em = Emitter(state, FixedDice([]), state.owner(unit))
    outcome = _check_paths(em, unit, _paths(query, at), str(kind), limit, targets)
    if not isinstance(outcome, tuple):
        return {"legal": False, "reasons": [outcome.code], "distances": {}}
    sweeps, problems = outcome
    if kind == "charge":
        after = state.table.with_models({m: s.end for m, s in sweeps.items() if s.end})
        problems += end_problems(state, after, unit, targets, sweeps, limit)
    return {
        "legal": not problems,
        "reasons": [p.code for p in problems],
        "distances": {m: round(s.length, 4) for m, s in sweeps.items()},
    }


def answer_charge(scenario: Scenario, query: Mapping[str, Any], index: int) -> Any:
    """``{unit, targets, roll, paths}`` → ``{"in_range": {target: bool}, "success", "reasons"}``:
    targets within 12", and whether the given charge move succeeds with that 2D6 total."""
    at = f"queries[{index}]"
    unit = _unit(scenario, query, at)
    targets = query.get("targets")
    if not isinstance(targets, list) or not targets:
        raise ScenarioError(f"{at}.targets", "must be a non-empty list of unit ids")
    for i, t in enumerate(targets):
        _unit(scenario, {"unit": t}, f"{at}.targets[{i}]".replace(".unit", ""), "unit")
    in_range = {t: geo.units_within(scenario.table, unit, t, 12.0) for t in targets}
    move = answer_legal_move(scenario, {**query, "kind": "charge"}, index)
    return {
        "in_range": in_range,
        "success": move["legal"] and all(in_range.values()),
        "reasons": move["reasons"],
        "distances": move["distances"],
    }


def answer_battle_shock(scenario: Scenario, query: Mapping[str, Any], index: int) -> Any:
    """``{unit, roll: [d, d], leadership, wounds?}`` → ``{"below_half", "tested", "passed",
    "battle_shocked"}``: a Battle-shock test in the Command phase (§6.3)."""
    at = f"queries[{index}]"
    unit = _unit(scenario, query, at)
    roll = query.get("roll")
    if not (
        isinstance(roll, list)
        and len(roll) == 2
        and all(isinstance(d, int) and 1 <= d <= 6 for d in roll)
    ):
        raise ScenarioError(f"{at}.roll", "must be two D6 results")
    ld = int(_num(query, "leadership", at, 7))
    wounds = query.get("wounds")
    state = state_of(scenario, leadership=ld, wounds=wounds if isinstance(wounds, int) else None)
    tested = below_half(state, unit)
    passed = sum(roll) >= ld
    return {
        "below_half": tested,
        "tested": tested,
        "passed": passed if tested else None,
        "battle_shocked": tested and not passed,
    }


def answer_objective_scoring(scenario: Scenario, query: Mapping[str, Any], index: int) -> Any:
    """``{player, round}`` → ``{"control": {marker: player|null}, "vp": n}``: Take and Hold at
    the end of that player's Command phase (§10)."""
    at = f"queries[{index}]"
    player = query.get("player")
    if player not in scenario.table.players:
        raise ScenarioError(f"{at}.player", f"unknown player {player!r}")
    rnd = int(_num(query, "round", at, 2))
    control = geo.control(scenario.table)
    held = sum(1 for p in control.values() if p == player)
    return {"control": control, "vp": min(3, held) if rnd >= 2 else 0}
