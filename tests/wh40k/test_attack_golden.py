"""Every golden file in tests/scenarios/wh40k-10e/attack/ through ``answer_attack`` directly.

The files give ``within_half_range`` and ``cover`` in ``context`` wherever they could matter, so
the measures passed here fail loudly if a file relied on the table.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from vantage.rules.wh40k.attack_query import answer_attack
from vantage.scenario.schema import parse_scenario

GOLDEN = Path(__file__).resolve().parents[1] / "scenarios" / "wh40k-10e" / "attack"
FILES = sorted(GOLDEN.glob("*.json"))


def _no_distance(a: str, b: str) -> float:
    raise AssertionError(f"golden attack files must not measure distance ({a} to {b})")


def _no_cover(a: str, b: str) -> bool:
    raise AssertionError(f"golden attack files must not measure cover ({a} to {b})")


def matches(expected: Any, actual: Any) -> bool:
    """The runner's comparison: dict keys in ``expected`` must match; numbers within 0.005."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return math.isclose(expected, actual, abs_tol=0.005)
    return bool(expected == actual)


def test_there_are_golden_files() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_file(path: Path) -> None:
    raw = json.loads(path.read_text())
    scenario = parse_scenario(raw)
    expect = raw["expect"]
    assert set(expect) == {q["id"] for q in scenario.queries}
    failures = []
    for index, query in enumerate(scenario.queries):
        assert query.get("note"), f"{query['id']}: every golden query explains its answer"
        answer = answer_attack(scenario, query, index, _no_distance, _no_cover)
        if not matches(expect[query["id"]], answer):
            failures.append(f"{query['id']}: expected {expect[query['id']]}, got {answer}")
    assert not failures, "\n".join(failures)
