"""Golden scenario files of the wh40k-10e query types: answers against the hand-worked expect."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vantage.rules.wh40k10e import scenario_queries as q
from vantage.scenario.schema import parse_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "wh40k-10e"
ANSWER = {
    "legal_move": q.answer_legal_move,
    "charge": q.answer_charge,
    "battle_shock": q.answer_battle_shock,
    "objective_scoring": q.answer_objective_scoring,
}
FILES = sorted(
    p for d in ("movement", "charge", "battle_shock", "scoring") for p in (ROOT / d).glob("*.json")
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden(path: Path) -> None:
    raw = json.loads(path.read_text())
    scenario = parse_scenario(raw)
    for i, query in enumerate(scenario.queries):
        if query["type"] == "play":
            continue  # partial expectations: tests/scenarios/test_golden.py compares those
        answer = ANSWER[query["type"]](scenario, query, i)
        expected = raw["expect"][query["id"]]
        assert _close(answer, expected), (query["id"], answer, expected)


def _close(a: object, b: object) -> bool:
    if isinstance(a, float | int) and isinstance(b, float | int) and not isinstance(a, bool):
        return abs(a - b) <= 0.005
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    return a == b
