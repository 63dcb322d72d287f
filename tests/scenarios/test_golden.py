"""Golden scenarios: every file under tests/scenarios and ../shared/scenarios must match its
``expect`` object (numbers within 0.005 inch, objects compared on the keys given), with nothing on
standard error: no warning of an unknown key or terrain kind in a valid file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vantage.scenario.run import run_file

HERE = Path(__file__).parent
SHARED = Path(__file__).parents[2].parent / "shared" / "scenarios"
FILES = sorted(HERE.rglob("*.json"))
SHARED_FILES = sorted(SHARED.glob("*.json")) if SHARED.is_dir() else []


def matches(answer: Any, expected: Any) -> bool:
    """The scenario-format comparison: numbers within 0.005, objects on the expected keys."""
    if isinstance(expected, dict):
        return isinstance(answer, dict) and all(
            k in answer and matches(answer[k], v) for k, v in expected.items()
        )
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        return answer == expected
    if isinstance(expected, int | float):
        return (
            isinstance(answer, int | float)
            and not isinstance(answer, bool)
            and abs(answer - expected) <= 0.005
        )
    if isinstance(expected, list):
        return (
            isinstance(answer, list)
            and len(answer) == len(expected)
            and all(matches(a, e) for a, e in zip(answer, expected, strict=True))
        )
    return bool(answer == expected)


def check(path: Path) -> None:
    code, out, err = run_file(str(path))
    assert code == 0, err
    assert err == "", f"{path.name}: a valid file gives no warning: {err}"  # unknown keys, kinds
    results = json.loads(out)["results"]
    expect = json.loads(path.read_text())["expect"]
    wrong = {k: (results.get(k), v) for k, v in expect.items() if not matches(results.get(k), v)}
    assert not wrong, f"{path.name}: answer, expected: {wrong}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(HERE)))
def test_project_golden(path: Path) -> None:
    check(path)


@pytest.mark.skipif(not SHARED_FILES, reason="../shared/scenarios is not beside the repository")
@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: p.name)
def test_shared_example(path: Path) -> None:
    check(path)
