"""``vantage verify`` on a file that is not a well-formed export: exit 2 and one line naming the
first bad field by its JSON path, never a traceback (found by an adversarial audit)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.app.test_fairness import _play
from vantage.app.verify import export_problem, verify_export
from vantage.engine.context import Viewer

CLI = [
    sys.executable,
    "-c",
    "import tests.app.dice_duel, sys; from vantage.cli import main; sys.exit(main(sys.argv[1:]))",
    "verify",
]


def _verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, str(path)], capture_output=True, text=True)


@pytest.fixture
async def export(sqlite_url: str) -> dict[str, Any]:
    service, game_id, _ = await _play(sqlite_url, entropy=False)
    doc = await service.export(game_id, Viewer("p1"))
    assert isinstance(doc, dict) and verify_export(doc).ok
    return doc


def test_a_deeply_nested_file_exits_2_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"a":' * 3000 + "1" + "}" * 3000)
    done = _verify(path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == f"cannot read {path}: invalid JSON: nested too deeply\n"


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    *parents, last = path
    target: Any = doc
    for key in parents:
        target = target[key]
    if value is _DELETE:
        del target[last]
    else:
        target[last] = value
    return doc


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("events",), "x", "events: must be a list"),
        (("events",), _DELETE, "events: missing"),
        (("events", 2, "at"), _DELETE, "events[2].at: missing"),
        (("events", 2, "at"), "yesterday", "events[2].at: must be an ISO 8601 date and time"),
        (("events", 1), "x", "events[1]: must be an object"),
        (("events", 0, "v"), "1", "events[0].v: must be a whole number"),
        (("events", 0, "v"), True, "events[0].v: must be a whole number"),
        (("events", 0, "e"), None, "events[0].e: must be an object"),
        (("events", 0, "command"), "roll", "events[0].command: must be an object or null"),
        (
            ("events", 0, "dice"),
            [1, "6"],
            "events[0].dice: must be a list of whole numbers or null",
        ),
        (("events", 0, "actor"), 7, "events[0].actor: must be a string or null"),
        (("dice",), [], "dice: must be an object"),
        (("dice", "seed"), "zz", "dice.seed: must be hexadecimal"),
        (("dice", "commitment"), _DELETE, "dice.commitment: missing"),
        (("setup",), "x", "setup: must be an object"),
        (("version",), -1, "version: must be a whole number >= 0"),
        (("over",), "yes", "over: must be true or false"),
        (("system",), None, "system: must be a string"),
        (("format",), "vantage-game/0", "format: must be 'vantage-game/1'"),
    ],
)
def test_a_malformed_export_names_its_first_bad_field(
    export: dict[str, Any], path: tuple[Any, ...], value: Any, message: str
) -> None:
    doc = _set(export, path, value)
    assert export_problem(doc) == message
    verdict = verify_export(doc)
    assert not verdict.ok and verdict.malformed and verdict.problem == message


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("events",), "x", "events: must be a list"),  # was an AttributeError traceback
        (("events", 2, "at"), _DELETE, "events[2].at: missing"),  # was "cannot be replayed"
        (("dice", "seed"), "zz", "dice.seed: must be hexadecimal"),
    ],
)
def test_the_cli_exits_2_with_the_bad_field(
    export: dict[str, Any], tmp_path: Path, path: tuple[Any, ...], value: Any, message: str
) -> None:
    doc = _set(export, path, value)
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(doc))
    done = _verify(file)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message + "\n")


def test_a_well_formed_export_that_does_not_verify_still_exits_1(
    export: dict[str, Any], tmp_path: Path
) -> None:
    doc = _set(export, ("events", 2, "v"), 9)
    assert export_problem(doc) == ""
    file = tmp_path / "gap.json"
    file.write_text(json.dumps(doc))
    done = _verify(file)
    assert done.returncode == 1 and done.stderr.startswith("FAILED: event v=9")


async def test_an_export_in_progress_is_not_over_not_malformed(
    sqlite_url: str, tmp_path: Path
) -> None:
    """Its hidden events are their version alone ({"v": n}): the verdict is still "not over"."""
    _service, _game_id, early = await _play(sqlite_url, entropy=False)
    early = copy.deepcopy(early)
    early["events"].append({"v": len(early["events"]) + 1})  # as a hidden event is shown
    assert export_problem(early) == ""
    file = tmp_path / "early.json"
    file.write_text(json.dumps(early))
    done = _verify(file)
    assert done.returncode == 1 and "not over" in done.stderr
