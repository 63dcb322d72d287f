"""``run_file``: exit 2 with the JSON path of the first bad field, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from vantage.scenario.run import run_file

BASE: dict[str, Any] = {
    "format": "vantage-scenario/1",
    "system": "wh40k-10e",
    "table": {"width": 60, "depth": 44},
    "players": ["p1", "p2"],
    "units": [
        {"id": "A", "player": "p1", "keywords": ["INFANTRY"]},
        {"id": "B", "player": "p2", "keywords": ["INFANTRY"]},
    ],
    "models": [
        {"id": "a", "unit": "A", "base": {"shape": "circle", "diameter_mm": 32}, "x": 10, "y": 10},
        {"id": "b", "unit": "B", "base": {"shape": "circle", "diameter_mm": 32}, "x": 20, "y": 10},
    ],
    "terrain": [],
    "objectives": [{"id": "o", "x": 30, "y": 22}],
}


def run(tmp_path: Path, queries: list[dict[str, Any]], **changes: Any) -> tuple[int, str, str]:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**BASE, **changes, "queries": queries}))
    return run_file(str(path))


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"id": "q", "type": "nope"}, "queries[0].type: unsupported query type 'nope'"),
        ({"id": "q", "type": "distance", "a": "a"}, "queries[0].b: is required"),
        (
            {"id": "q", "type": "visible", "observer": "a", "target": "x9"},
            "queries[0].target: unknown model 'x9'",
        ),
        (
            {"id": "q", "type": "within", "a": "a", "b": "b", "range": "far"},
            "queries[0].range: must be a number",
        ),
        ({"id": "q", "type": "coherent", "unit": "Z"}, "queries[0].unit: unknown unit 'Z'"),
        (
            {"id": "q", "type": "objective_control", "objective": "zz"},
            "queries[0].objective: unknown objective 'zz'",
        ),
        (
            {"id": "q", "type": "visibility_matrix", "observers": "p1", "targets": "p9"},
            "queries[0].targets: unknown player 'p9'",
        ),
        (
            {"id": "q", "type": "wholly_within", "model": "a", "zone": [[0, 0], [1, 1], [2, 2]]},
            "queries[0].zone: must be a simple polygon with an area",
        ),
        (
            {"id": "q", "type": "setup_legal", "model": "a", "x": 1, "y": 2, "reserve": "yes"},
            "queries[0].reserve: must be true or false",
        ),
        (  # "either zone, or range with objective or of": both has no single answer
            {
                "id": "q",
                "type": "wholly_within",
                "model": "a",
                "zone": [[0, 0], [20, 0], [20, 20]],
                "range": 3,
                "of": "b",
            },
            "queries[0].range: not allowed with zone (give either zone, or range)",
        ),
        (
            {
                "id": "q",
                "type": "wholly_within",
                "model": "a",
                "range": 3,
                "objective": "o",
                "of": "b",
            },
            "queries[0].of: not allowed with objective (give either objective, or of)",
        ),
    ],
)
def test_bad_query_field(tmp_path: Path, query: dict[str, Any], message: str) -> None:
    code, out, err = run(tmp_path, [{"id": "ok", "type": "distance", "a": "a", "b": "b"}, query])
    assert (code, out) == (2, "")
    assert err.strip().replace("[1]", "[0]") == message
    assert "Traceback" not in err and err.count("\n") == 1


def test_invalid_json_and_missing_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    code, _out, err = run_file(str(bad))
    assert (code, err) == (
        2,
        "$: invalid JSON: line 1 column 2: Expecting property name enclosed in double quotes\n",
    )
    code, _out, err = run_file(str(tmp_path / "missing.json"))
    assert (code, err) == (
        2,
        f"{tmp_path / 'missing.json'}: cannot read: No such file or directory\n",
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "$: invalid JSON: line 1 column 1: Expecting value"),
        (b"hello world", "$: invalid JSON: line 1 column 1: Expecting value"),
        (
            b'{"format": "vantage-scenario/1", "system": "wh40k-10e\xff"}',
            "$: invalid JSON: not UTF-8 text (byte 53)",
        ),
    ],
)
def test_a_file_that_is_not_json_is_named_by_the_whole_document_path(
    tmp_path: Path, content: bytes, message: str
) -> None:
    """Audit s16 A F1: the contract names the first bad field by its JSON path on every exit-2
    line; these had no path (``invalid JSON: ...``, ``FILE: cannot read: 'utf-8' codec ...``)."""
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert run_file(str(path)) == (2, "", message + "\n")


def test_schema_error_names_path(tmp_path: Path) -> None:
    models = [dict(BASE["models"][0], base={"shape": "circle", "diameter_mm": -1})]
    code, _out, err = run(tmp_path, [], models=models)
    assert code == 2 and err.startswith("models[0].base.diameter_mm")


def _changed(section: str, index: int, key: str, value: Any) -> dict[str, Any]:
    rows = [dict(row) for row in BASE[section]]
    rows[index][key] = value
    return {section: rows}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (_changed("models", 0, "x", "10"), "models[0].x: must be a number"),
        (_changed("models", 0, "x", True), "models[0].x: must be a number"),
        (_changed("models", 0, "oc", "2"), "models[0].oc: must be a whole number"),
        (_changed("models", 0, "wounds", True), "models[0].wounds: must be a whole number"),
        (_changed("models", 0, "wounds", 1.5), "models[0].wounds: must be a whole number"),
        (_changed("models", 0, "id", 7), "models[0].id: must be a string"),
        (
            _changed("units", 1, "battle_shocked", 1),
            "units[1].battle_shocked: must be true or false",
        ),
        (
            _changed("units", 1, "battle_shocked", "true"),
            "units[1].battle_shocked: must be true or false",
        ),
        (
            _changed("models", 1, "base", {"shape": "circle", "diameter_mm": "32"}),
            "models[1].base.diameter_mm: must be a number",
        ),
        (
            _changed("models", 1, "base", {"shape": "square", "diameter_mm": 32}),
            "models[1].base.shape: must be one of 'circle', 'oval', 'hull'",
        ),
        (_changed("models", 0, "x", 1e308), "models[0].x: must be <= 1000000"),
        (
            {"terrain": [{"id": "t", "kind": "ruins", "polygon": [[0, 0], ["4", 0], [4, 4]]}]},
            "terrain[0].polygon[1][0]: must be a number",
        ),
        ({"table": {"width": "60", "depth": 44}}, "table.width: must be a number"),
    ],
)
def test_values_are_not_converted(tmp_path: Path, changes: dict[str, Any], message: str) -> None:
    """scenario-format.md lines 7-9: a value of the wrong JSON type is a bad field (a string
    where a number belongs once read as that number, and ``true`` as 1), and a position far
    past any table is refused rather than answered with an infinite distance."""
    code, out, err = run(tmp_path, [{"id": "d", "type": "distance", "a": "a", "b": "b"}], **changes)
    assert (code, out, err.strip()) == (2, "", message)


def test_whole_numbers_and_arrays_are_accepted(tmp_path: Path) -> None:
    """Integers stand for numbers, and JSON arrays for points."""
    models = [dict(m, x=m["x"] + 0.5) for m in BASE["models"]]
    terrain = [{"id": "t", "kind": "ruins", "polygon": [[40, 0], [44.5, 0], [44, 4]]}]
    code, out, err = run(
        tmp_path,
        [{"id": "d", "type": "distance", "a": "a", "b": "b"}],
        models=models,
        terrain=terrain,
    )
    assert code == 0, err
    assert json.loads(out)["results"]["d"] == pytest.approx(10 - 64 / 50.8, abs=1e-6)


def test_results_and_no_mutation(tmp_path: Path) -> None:
    code, out, err = run(
        tmp_path,
        [
            {"id": "d", "type": "distance", "a": "a", "b": "b"},
            {"id": "s", "type": "setup_legal", "model": "a", "x": 19.5, "y": 10},
            {"id": "d2", "type": "distance", "a": "a", "b": "b"},
        ],
    )
    assert code == 0, err
    res = json.loads(out)["results"]
    assert res["d"] == res["d2"] == pytest.approx(10 - 64 / 50.8, abs=1e-6)
    assert res["s"] == {"legal": False, "reason": "overlap"}


def test_attack_is_dispatched(tmp_path: Path) -> None:
    code, _out, err = run(tmp_path, [{"id": "q", "type": "attack", "attacker": "A"}])
    assert code == 2
    assert err.startswith("queries[0].")
    assert "Traceback" not in err


NESTED = '{"a":' * 3000 + "1" + "}" * 3000


@pytest.mark.parametrize("text", [NESTED, "[" * 3000 + "]" * 3000])
def test_json_nested_too_deeply_is_one_line_not_a_traceback(tmp_path: Path, text: str) -> None:
    """Found by an audit: the JSON decoder's RecursionError escaped as a traceback (exit 1)."""
    path = tmp_path / "deep.json"
    path.write_text(text)
    code, out, err = run_file(str(path))
    assert (code, out, err) == (2, "", "$: invalid JSON: nested too deeply\n")


def test_the_cli_exits_2_on_a_deeply_nested_file(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(NESTED)
    cli = "import sys; from vantage.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", cli, "scenario", "run", str(path)], capture_output=True, text=True
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "$: invalid JSON: nested too deeply\n"


def test_a_base_that_is_not_an_object_is_named_in_words(tmp_path: Path) -> None:
    models = [{**BASE["models"][0], "base": "circle"}, BASE["models"][1]]
    code, out, err = run(tmp_path, [], models=models)
    assert (code, out, err) == (2, "", "models[0].base: must be an object\n")


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    """Editors on Windows write one; JSON parsers may ignore it (RFC 8259 §8.1)."""
    path = tmp_path / "bom.json"
    query = {"id": "d", "type": "distance", "a": "a", "b": "b"}
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({**BASE, "queries": [query]}).encode())
    code, out, err = run_file(str(path))
    assert (code, err) == (0, "")
    assert abs(json.loads(out)["results"]["d"] - (10 - 64 / 50.8)) < 1e-6
