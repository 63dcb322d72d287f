"""Benchmarks of the wh40k-10e engine, printed as JSON.

- ``shooting_ms``: one Shoot command of 20 models making 40 attacks (eligibility, hit, wound,
  allocation, saves, damage), decided from the state (median of runs); on the empty layout and
  on the ruined city with the targets behind the Chapel ruin (sight and cover cross terrain).
- ``replay_ms``: a whole bot-played game's log decoded and folded into its final state.
- ``replay_big_ms``: the same for a 5-round bot game between armies of ``BIG_COPIES`` copies of
  each demo army's units (issue #4: "a 5-round game's full log (about 2,000 events) replays to
  its final state in under 1 s"). Three copies (1,337 events) is the most the bot deploys in
  the 12" zones; the final state is checked equal to the played one. Playing that game takes
  about half a minute; only the replay is timed.
"""

from __future__ import annotations

import copy
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.wh40k10e.harness import new_game, play, ruleset

from vantage.engine.decision import Accepted
from vantage.engine.dice import SeededDice
from vantage.rosters import demo_armies
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.decide import decide
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
from vantage.rules.wh40k10e.setup import initial_state, parse_setup, zones
from vantage.rules.wh40k10e.state import State

RUNS = 15
BIG_COPIES = 3


def big_squad_army() -> dict[str, Any]:
    """The first demo army with a 20-model Ashguard Line whose carbines have A2."""
    doc = demo_armies()[0].to_json()
    for unit in doc["units"]:
        if unit["id"] == "ac-line":
            unit["models"] = unit["models"][:1]
            unit["models"][0]["count"] = 20
            unit["models"][0]["loadout"] = [{"weapon": "Ember carbine", "total": 20}]
            for w in unit["weapons"]:
                if w["name"] == "Ember carbine":
                    w["A"] = "2"
                    w["keywords"] = []
                    w["abilities"] = []
    return doc


TERRAIN_LINE = (8.0, 9.0)
"""Ruined city: the 20 shooters' front corner, south-west of the Chapel ruin (14-21, 17-22)."""
TERRAIN_BROOD = (6.0, 27.0)
"""Ruined city: the targets' first model, north of the ruin: 73 of the 200 sight lines are
blocked by it, every shooter still sees a target."""


def shooting_state(
    layout: str = "empty",
    line_at: tuple[float, float] = (10.0, 10.0),
    brood_at: tuple[float, float] = (10.0, 24.0),
) -> State:
    setup = parse_setup(
        {
            "armies": {"p1": big_squad_army(), "p2": {"demo": 1}},
            "layout": layout,
            "objectives": "layout",
        }
    )
    assert not hasattr(setup, "code")
    state = initial_state(setup)  # type: ignore[arg-type]
    line = [m for m, x in state.offboard.items() if x.unit == "p1-ac-line"]
    brood = [m for m, x in state.offboard.items() if x.unit == "p2-vh-brood"]
    events: list[Any] = [
        RolesSet(attacker="p1", defender="p2", zones=zones(60, 44, "p1", "p2")),
        FormationsDeclared(player="p1"),
        FormationsDeclared(player="p2"),
        UnitPlaced(
            unit="p1-ac-line",
            how="deploy",
            models=tuple(
                Placed(model=m, x=line_at[0] + (i % 10) * 1.3, y=line_at[1] + (i // 10) * 1.3)
                for i, m in enumerate(line)
            ),
        ),
        UnitPlaced(
            unit="p2-vh-brood",
            how="deploy",
            models=tuple(
                Placed(model=m, x=brood_at[0] + i * 1.3, y=brood_at[1]) for i, m in enumerate(brood)
            ),
        ),
        FirstTurn(player="p1"),
        PhaseStarted(round=2, player="p1", phase="shooting"),
        Waiting(pending=None),
    ]
    for e in events:
        state = evolve(state, e)
    return state


def bench_shooting(state: State | None = None) -> float:
    """Median ms of deciding the Shoot command (every model fires at the Seedling Brood)."""
    state = state or shooting_state()
    rows = tuple(
        c.AttackIn(model=m.id, weapon="Ember carbine", target="p2-vh-brood")
        for m in state.models_of("p1-ac-line")
    )
    cmd = c.Shoot(unit="p1-ac-line", attacks=rows)
    times = []
    for i in range(RUNS):
        start = time.perf_counter()
        decision = decide(state, cmd, "p1", SeededDice(b"bench", first=i * 1000))
        times.append(time.perf_counter() - start)
        assert isinstance(decision, Accepted), decision
    return statistics.median(times) * 1000


def copied_army(index: int, copies: int) -> dict[str, Any]:
    """A demo army with every unit ``copies`` times (ids ``<unit>-2``, ``<unit>-3``, ...)."""
    doc = demo_armies()[index].to_json()
    units = []
    for k in range(copies):
        for unit in doc["units"]:
            twin = copy.deepcopy(unit)
            if k:
                twin["id"] = f"{unit['id']}-{k + 1}"
            units.append(twin)
    doc["units"] = units
    doc.pop("digest", None)
    return doc


def bench_replay(copies: int = 1) -> tuple[float, int, int]:
    """ms to fold a bot game's log into its final state; the events and rounds played."""
    request: dict[str, Any] = {"layout": "open-field"}
    if copies > 1:
        request["armies"] = {"p1": copied_army(0, copies), "p2": copied_army(1, copies)}
    game = play(new_game(request, seed=b"bench-replay"), max_steps=20000)
    rs = ruleset()
    start = time.perf_counter()
    state = rs.initial_state(game.setup)
    for raw in game.log:
        state = rs.evolve(state, rs.events.decode(raw))
    elapsed = (time.perf_counter() - start) * 1000
    assert state == game.state
    return elapsed, len(game.log), game.state.round


def main() -> None:
    shooting = bench_shooting()
    terrain = bench_shooting(shooting_state("ruined-city", TERRAIN_LINE, TERRAIN_BROOD))
    replay, events, _ = bench_replay()
    big, big_events, big_rounds = bench_replay(BIG_COPIES)
    print(
        json.dumps(
            {
                "shooting_20_models_40_attacks_ms": round(shooting, 2),
                "shooting_ruined_city_ms": round(terrain, 2),
                "shooting_budget_ms": 20,
                "replay_ms": round(replay, 1),
                "replay_events": events,
                "replay_big_ms": round(big, 1),
                "replay_big_events": big_events,
                "replay_big_rounds": big_rounds,
                "replay_budget_ms": 1000,
            }
        )
    )


if __name__ == "__main__":
    main()
