"""Benchmark: latency of single geometry queries on the los_matrix table.

p50/p99 over a few thousand random queries of each kind: distance, engagement, coherency of a
20-model unit, and one line of sight (on the same table, and on a new table version after each
move, as the live server sees it). Also the websocket ``sight`` query (visible, fully visible and
cover in one answer) through ``answer_table_query``. Prints JSON; ``*_cpu`` entries are the
thread CPU time of the same calls (less inflated by other processes on a shared machine).
The server's start-up policy (``vantage.api.app.tune_runtime``: numpy warmed, ``gc.freeze`` after
the table is built, higher collector thresholds) is applied before timing, as in the server;
``--default-gc`` leaves CPython's defaults (to measure the policy's effect).
Run: ``.venv/bin/python bench/geometry_queries.py [--default-gc]``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace

from los_matrix import make_table
from vantage.api.app import tune_runtime
from vantage.engine.table import Model, Table, Unit
from vantage.geometry.shapes import CircleBase
from vantage.rules.common.systems import geometry_for
from vantage.rules.common.table_queries import answer_table_query


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50_ms": round(pick(0.5) * 1000, 4), "p99_ms": round(pick(0.99) * 1000, 4)}


CPU: dict[str, list[float]] = {}
"""Thread CPU time of the same calls (what load on a shared machine does not inflate as much:
time spent waiting for a core is not counted; garbage collection still is)."""


def _time(fn: Callable[[], object], n: int, name: str = "") -> list[float]:
    out, cpu = [], []
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpu.append(time.thread_time() - c0)
        out.append(time.perf_counter() - t0)
    if name:
        CPU[name] = cpu
    return out


def with_big_unit(table: Table, rng: random.Random) -> Table:
    """The table plus a 20-model unit in two ranks."""
    unit = Unit(id="big", player="p1", keywords=("INFANTRY",))
    models = {
        f"big{i}": Model(
            id=f"big{i}",
            unit="big",
            base=CircleBase(diameter_mm=32),
            x=10 + (i % 10) * 1.8 + rng.uniform(-0.1, 0.1),
            y=20 + (i // 10) * 1.8,
        )
        for i in range(20)
    }
    return replace(table, units={**table.units, "big": unit}, models={**table.models, **models})


def _after_move(
    table: Table, rules: object, rng: random.Random, p1: list[str], p2: list[str], n: int
) -> list[float]:
    """Each query on a new table version: one model moved (new ``models``, same terrain)."""
    out = []
    for _ in range(n):
        mover = table.models[rng.choice(p1)]
        table = table.with_models({mover.id: mover.placed(mover.x, mover.y)})
        o, t = rng.choice(p1), rng.choice(p2)
        t0 = time.perf_counter()
        rules.visible(table, o, t)  # type: ignore[attr-defined]
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    rng = random.Random(7)
    table = with_big_unit(make_table(), rng)
    rules = geometry_for("wh40k-10e")
    p1 = [m.id for m in table.models.values() if table.units[m.unit].player == "p1"]
    p2 = [m.id for m in table.models.values() if table.units[m.unit].player == "p2"]
    n = 3000
    server_gc = "--default-gc" not in sys.argv[1:]
    if server_gc:
        tune_runtime()
    report: dict[str, object] = {
        "gc_policy": "server (tune_runtime)" if server_gc else "CPython default",
        "distance": _percentiles(
            _time(lambda: rules.distance(table, rng.choice(p1), rng.choice(p2)), n)
        ),
        "engagement": _percentiles(
            _time(lambda: rules.engagement(table, [rng.choice(p1)], [rng.choice(p2)]), n)
        ),
        "coherency_20": _percentiles(_time(lambda: rules.coherency(table, "big"), 500)),
        "line_of_sight": _percentiles(
            _time(lambda: rules.visible(table, rng.choice(p1), rng.choice(p2)), n, "los")
        ),
        "line_of_sight_after_move": _percentiles(_after_move(table, rules, rng, p1, p2, n)),
        "ws_sight_query": _percentiles(
            _time(
                lambda: answer_table_query(
                    "wh40k-10e",
                    table,
                    {"type": "sight", "observer": rng.choice(p1), "target": rng.choice(p2)},
                ),
                1000,
                "ws",
            )
        ),
    }
    report["line_of_sight_cpu"] = _percentiles(CPU["los"])
    report["ws_sight_query_cpu"] = _percentiles(CPU["ws"])
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
