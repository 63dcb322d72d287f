"""Benchmark: line of sight when heights matter (docs/geometry.md, "Heights that matter").

The los_matrix table with mixed model heights: each unit is 1.2", 1.6", 2.5", 3.5" or 5" tall
(infantry to tanks), and models standing inside a ruin are raised onto its 3" floor, so many
pairs have an obstacle of intermediate height or a raised one in the way. Times single lines of
sight over random pairs (p50, p99, max) and counts how the search over boxes of plan lines and the
shadow search ended: a clear segment, every box or cell proven blocked, or undecided within its
budget (then the candidate lines decide and "blocked" is not proven). With ``--matrix``, also
times the full 100 x 100 visibility matrix of this table and of ``legal_table`` (the same units
placed without overlapping bases), and counts the pairs the vectorised plan solver leaves to the
general one (with ``--9e`` also in 9th edition). ``--9e`` alone adds 1,000 single lines of sight
in 9th edition on each table, where ruins are not walls. ``--ws`` adds 300 websocket ``sight``
queries (visible, fully visible and cover, as the line-of-sight tool asks) per table and
edition. Prints JSON.
Run: ``cd bench && ../.venv/bin/python sight_heights.py [--9e] [--ws] [--matrix]``.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections import Counter
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray
from shapely.geometry import Point, Polygon

from los_matrix import make_table
from vantage.api.app import tune_runtime
from vantage.engine.table import Table
from vantage.geometry import cell_search, line_boxes
from vantage.geometry.plan_scene import PlanScene
from vantage.rules.common import visibility_matrix
from vantage.rules.common.systems import geometry_for
from vantage.rules.common.table_queries import answer_table_query

HEIGHTS = (1.2, 1.6, 2.5, 3.5, 5.0)
FLOOR = 3.0
OUTCOMES: Counter[str] = Counter()


def mixed_table(seed: int = 20240611) -> Table:
    """The benchmark table with mixed heights and models on ruin floors."""
    table = make_table(seed)
    rng = random.Random(seed + 1)
    height = {u: rng.choice(HEIGHTS) for u in table.units}
    ruins = [Polygon(t.polygon) for t in table.terrain if t.kind == "ruins"]
    models = {}
    for mid, m in table.models.items():
        raised = any(r.contains(Point(m.x, m.y)) for r in ruins)
        models[mid] = replace(m, height=height[m.unit], z=FLOOR if raised else 0.0)
    return replace(table, models=models)


def legal_table(seed: int = 20240611) -> Table:
    """The same terrain, heights and floors, with the models placed as in a real game: each
    unit within 3" of a random point, no base overlapping another base or a building or
    barricade (the ``mixed_table`` packs ten models in 8" x 8" and most overlap)."""
    table = mixed_table(seed)
    rng = random.Random(seed + 2)
    radius = 32 / 50.8
    ruins = [Polygon(t.polygon) for t in table.terrain if t.kind == "ruins"]
    solid = [Polygon(t.polygon) for t in table.terrain if t.kind in ("building", "barricade")]
    placed: list[tuple[float, float]] = []
    models = {}
    for uid in table.units:
        unit = [m for m in table.models.values() if m.unit == uid]
        spots = _unit_spots(rng, len(unit), radius, placed, solid)
        placed += spots
        for m, (x, y) in zip(unit, spots, strict=True):
            raised = any(r.contains(Point(x, y)) for r in ruins)
            models[m.id] = replace(m, x=x, y=y, z=FLOOR if raised else 0.0)
    return replace(table, models=models)


def _unit_spots(
    rng: random.Random,
    count: int,
    radius: float,
    placed: list[tuple[float, float]],
    solid: list[Polygon],
) -> list[tuple[float, float]]:
    """Free spots for one unit's bases around a random point (a new point when they do not
    fit)."""
    while True:
        cx, cy = rng.uniform(4, 56), rng.uniform(4, 40)
        spots: list[tuple[float, float]] = []
        for _ in range(count):
            for _ in range(200):
                x, y = cx + rng.uniform(-3, 3), cy + rng.uniform(-3, 3)
                free = radius <= x <= 60 - radius and radius <= y <= 44 - radius
                free = free and all(
                    math.dist((x, y), p) >= 2 * radius + 0.05 for p in placed + spots
                )
                if free and all(s.distance(Point(x, y)) >= radius for s in solid):
                    spots.append((x, y))
                    break
        if len(spots) == count:
            return spots


def _count_outcomes() -> None:
    run = cell_search.CellSearch.run

    def counted(self: cell_search.CellSearch, budget: int, check: cell_search.Check):  # type: ignore[no-untyped-def]
        found = run(self, budget, check)
        kind = "plan" if self.plan_only else "heights"
        OUTCOMES[
            f"{kind}_"
            + ("undecided" if found is None else "blocked" if found is False else "clear")
        ] += 1
        return found

    cell_search.CellSearch.run = counted  # type: ignore[method-assign]
    boxes = line_boxes.LineBoxSearch.run

    def boxed(self: line_boxes.LineBoxSearch, budget: int, check: line_boxes.Check):  # type: ignore[no-untyped-def]
        found = boxes(self, budget, check)
        OUTCOMES[
            "line_boxes_"
            + ("undecided" if found is None else "blocked" if found is False else "clear")
        ] += 1
        return found

    line_boxes.LineBoxSearch.run = boxed  # type: ignore[method-assign]


def main() -> None:
    table = mixed_table()
    rules = geometry_for("wh40k-10e")
    p1 = [m.id for m in table.models.values() if table.units[m.unit].player == "p1"]
    p2 = [m.id for m in table.models.values() if table.units[m.unit].player == "p2"]
    tune_runtime()
    _count_outcomes()
    rng = random.Random(3)
    wall, cpu = [], []
    visible = 0
    for _ in range(2000):
        a, b = rng.choice(p1), rng.choice(p2)
        t0, c0 = time.perf_counter(), time.thread_time()
        visible += rules.visible(table, a, b).clear
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - t0)
    report = {
        "queries": len(wall),
        "visible": visible,
        "raised_models": sum(1 for m in table.models.values() if m.z > 0),
        "wall": _percentiles(wall),
        "cpu": _percentiles(cpu),
        "searches": dict(sorted(OUTCOMES.items())),
    }
    if "--9e" in sys.argv:  # ruins are not walls there: many more pairs need the 3-D search
        for name, shown in (("mixed", table), ("legal", legal_table())):
            report[f"single_wh40k-9e_{name}_table"] = _singles(shown, "wh40k-9e", 1000)
    if "--ws" in sys.argv:  # the line-of-sight tool's whole question, fully visible included
        for name, shown in (("mixed", table), ("legal", legal_table())):
            for system in ("wh40k-10e", "wh40k-9e"):
                report[f"ws_sight_{system}_{name}_table"] = _ws_sight(shown, system, 300)
    if "--matrix" in sys.argv:
        editions = ["wh40k-10e", "wh40k-9e"] if "--9e" in sys.argv else ["wh40k-10e"]
        for system in editions:
            report[f"matrix_{system}"] = _matrix(table, system)
            report[f"matrix_{system}_legal_table"] = _matrix(legal_table(), system)
    print(json.dumps(report, indent=2))


def _singles(table: Table, system: str, count: int) -> dict[str, object]:
    """Wall-clock percentiles of ``count`` random single lines of sight (p1 model to p2 model)."""
    rules = geometry_for(system)
    p1 = [m.id for m in table.models.values() if table.units[m.unit].player == "p1"]
    p2 = [m.id for m in table.models.values() if table.units[m.unit].player == "p2"]
    rng = random.Random(3)
    wall = []
    visible = 0
    for _ in range(count):
        a, b = rng.choice(p1), rng.choice(p2)
        t0 = time.perf_counter()
        visible += rules.visible(table, a, b).clear
        wall.append(time.perf_counter() - t0)
    return {
        "queries": count,
        "visible": visible,
        "over_50_ms": sum(w > 0.05 for w in wall),
        "wall": _percentiles(wall),
    }


def _ws_sight(table: Table, system: str, count: int) -> dict[str, object]:
    """Wall-clock percentiles of the websocket ``sight`` query (visible, fully visible, cover)
    over ``count`` random pairs, as the line-of-sight tool asks it."""
    p1 = [m.id for m in table.models.values() if table.units[m.unit].player == "p1"]
    p2 = [m.id for m in table.models.values() if table.units[m.unit].player == "p2"]
    rng = random.Random(5)
    wall = []
    for _ in range(count):
        q = {"type": "sight", "observer": rng.choice(p1), "target": rng.choice(p2)}
        t0 = time.perf_counter()
        answer_table_query(system, table, q)
        wall.append(time.perf_counter() - t0)
    return {"queries": count, "over_1_s": sum(w > 1 for w in wall), "wall": _percentiles(wall)}


def _matrix(table: Table, system: str) -> dict[str, float]:
    """The whole visibility matrix, and the pairs the plan solver leaves undecided."""
    left: list[int] = []
    plan = visibility_matrix.plan_matrix

    def counted(scene: PlanScene) -> NDArray[np.int8]:
        grid = plan(scene)
        left.append(int((grid < 0).sum()))
        return grid

    visibility_matrix.plan_matrix = counted
    try:
        t0 = time.perf_counter()
        seen = geometry_for(system).visibility_matrix(table, "p1", "p2")
        seconds = time.perf_counter() - t0
    finally:
        visibility_matrix.plan_matrix = plan
    return {
        "seconds": round(seconds, 1),
        "visible_pairs": sum(len(v) for v in seen.values()),
        "pairs_left_to_the_general_solver": left[0],
    }


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)

    return {"p50_ms": pick(0.5), "p99_ms": pick(0.99), "max_ms": round(ordered[-1] * 1000, 3)}


if __name__ == "__main__":
    main()
