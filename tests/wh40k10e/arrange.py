"""Arrange a battle position directly (events folded into the initial state)."""

from __future__ import annotations

from typing import Any

from vantage.rules.wh40k10e.events import (
    FirstTurn,
    FormationsDeclared,
    PhaseStarted,
    Placed,
    RolesSet,
    UnitPlaced,
    Waiting,
)
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.setup import initial_state, parse_setup, stamped, zones
from vantage.rules.wh40k10e.state import State


def arranged(
    where: dict[str, list[tuple[float, float]]],
    phase: str = "movement",
    active: str = "p1",
    round_: int = 2,
    request: dict[str, Any] | None = None,
    attach: dict[str, dict[str, str]] | None = None,
) -> State:
    """Units at the given model positions (in unit order), in ``phase`` of ``active``; each
    player's Leaders attached as ``attach`` gives (player -> leader unit -> bodyguard unit)."""
    setup = parse_setup({**stamped({"layout": "empty", "objectives": "layout"}), **(request or {})})
    assert not hasattr(setup, "code"), setup
    state = initial_state(setup)  # type: ignore[arg-type]
    events: list[Any] = [
        RolesSet(attacker="p1", defender="p2", zones=zones(60, 44, "p1", "p2")),
        *(FormationsDeclared(player=p, attach=(attach or {}).get(p, {})) for p in ("p1", "p2")),
    ]
    for unit, spots in where.items():
        ids = [mid for mid, m in state.offboard.items() if m.unit == unit]
        events.append(
            UnitPlaced(
                unit=unit,
                how="deploy",
                models=tuple(
                    Placed(model=mid, x=x, y=y) for mid, (x, y) in zip(ids, spots, strict=False)
                ),
            )
        )
    events += [
        FirstTurn(player="p1"),
        PhaseStarted(round=round_, player=active, phase=phase),  # type: ignore[arg-type]
        Waiting(pending=None),
    ]
    for e in events:
        state = evolve(state, e)
    return state


def row(x: float, y: float, n: int, dx: float = 1.3) -> list[tuple[float, float]]:
    """``n`` positions in a line along x."""
    return [(x + i * dx, y) for i in range(n)]
