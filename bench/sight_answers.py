"""Equality check: the line-of-sight tool's answers over random pairs, recorded or compared.

Asks the websocket ``sight`` query (visible, fully visible, cover) for random observer/target
pairs on ``sight_heights.py``'s two tables in 10th, 9th and 8th edition, and records each answer
with a trace of the "fully visible" proof (the patches' point searches it ran, the centres they
were asked at, and which came out seen), so a change meant to make the proof faster can show
that it asks the same questions and gets the same answers, not only the same final one.
Run: ``cd bench && ../.venv/bin/python sight_answers.py --record answers.json [--pairs 500]``,
then ``--compare answers.json`` after a change (exit status 1 on any difference).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from sight_heights import legal_table, mixed_table
from vantage.engine.table import Table
from vantage.geometry import exposure
from vantage.geometry.sight import Sight, SightProblem
from vantage.rules.common.table_queries import answer_table_query

SYSTEMS = ("wh40k-10e", "wh40k-9e", "wh40k-8e")
TRACE: list[tuple[float, float, float, bool]] = []


def _traced_point_sight() -> None:
    """Record every point search of the "fully visible" proof (its point and its answer)."""
    original = exposure.point_sight

    def traced(prob: SightProblem, point: exposure.SurfacePoint) -> Sight:
        found = original(prob, point)
        TRACE.append((round(point.x, 9), round(point.y, 9), round(point.z, 9), found.clear))
        return found

    exposure.point_sight = traced  # type: ignore[assignment]


def _answers(table: Table, system: str, count: int, seed: int) -> list[dict[str, Any]]:
    p1 = [m.id for m in table.models.values() if table.units[m.unit].player == "p1"]
    p2 = [m.id for m in table.models.values() if table.units[m.unit].player == "p2"]
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        q = {"type": "sight", "observer": rng.choice(p1), "target": rng.choice(p2)}
        TRACE.clear()
        t0 = time.perf_counter()
        answer = answer_table_query(system, table, q)
        seconds = time.perf_counter() - t0
        out.append(
            {
                "q": q,
                "answer": json.loads(json.dumps(answer, default=repr)),
                "trace": [list(t) for t in TRACE],
                "ms": round(seconds * 1000, 2),
            }
        )
    return out


def collect(count: int) -> dict[str, list[dict[str, Any]]]:
    """Every table and edition's answers (``count`` pairs each)."""
    _traced_point_sight()
    report = {}
    for name, table in (("mixed", mixed_table()), ("legal", legal_table())):
        for k, system in enumerate(SYSTEMS):
            report[f"{system}_{name}"] = _answers(table, system, count, 100 + k)
    return report


def compare(old: dict[str, Any], new: dict[str, Any]) -> int:
    """Print the differences (answers, then traces); the number of differing questions."""
    bad = 0
    for key, rows in old.items():
        for a, b in zip(rows, new[key], strict=True):
            if a["q"] != b["q"] or a["answer"] != b["answer"] or a["trace"] != b["trace"]:
                bad += 1
                what = "answer" if a["answer"] != b["answer"] else "trace"
                print(f"{key} {a['q']['observer']}->{a['q']['target']}: {what} differs")
        old_ms = sum(r["ms"] for r in rows)
        new_ms = sum(r["ms"] for r in new[key])
        print(f"{key}: {len(rows)} questions, {old_ms / 1000:.1f} s -> {new_ms / 1000:.1f} s")
    return bad


def main() -> None:
    count = int(sys.argv[sys.argv.index("--pairs") + 1]) if "--pairs" in sys.argv else 500
    report = collect(count)
    if "--record" in sys.argv:
        with open(sys.argv[sys.argv.index("--record") + 1], "w") as f:
            json.dump(report, f)
    if "--compare" in sys.argv:
        with open(sys.argv[sys.argv.index("--compare") + 1]) as f:
            bad = compare(json.load(f), report)
        total = sum(len(rows) for rows in report.values())
        print(f"{total} questions, {bad} differ")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
