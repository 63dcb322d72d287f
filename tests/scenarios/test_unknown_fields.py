"""A key that nothing reads inside an object of a scenario file (a typo such as
``context.wound_modifer``) is named on standard error, while the answers and the exit status stay
those of the file without it (docs/scenario-format.md "Reading a file"). Unknown top-level keys
are the contract's to ignore and are not named. The golden files give no warning at all
(``test_golden.check``)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from vantage.scenario.run import run_text

CIRCLE = {"shape": "circle", "diameter_mm": 32}
WEAPON = {"name": "Gun", "type": "ranged", "range": 24, "attacks": "2", "skill": 3, "strength": 4,
          "ap": 0, "damage": "1", "abilities": []}  # fmt: skip
ATTACK = {
    "id": "shot",
    "type": "attack",
    "attacker": "A",
    "target": "B",
    "weapon": WEAPON,
    "models_attacking": 1,
    "target_profile": {"toughness": 4, "save": 4, "wounds": 2},
    "context": {"within_half_range": False, "cover": False},
    "dice": {"hit": [3, 3], "wound": [3, 4], "save": [1, 1]},
}


def scenario(system: str = "wh40k-10e", queries: list[dict[str, Any]] | None = None) -> Any:
    return {
        "format": "vantage-scenario/1",
        "system": system,
        "table": {"width": 60, "depth": 44},
        "players": ["p1", "p2"],
        "units": [
            {"id": "A", "player": "p1", "keywords": ["INFANTRY"]},
            {"id": "B", "player": "p2", "keywords": ["INFANTRY"]},
        ],
        "models": [
            {"id": "a1", "unit": "A", "base": dict(CIRCLE), "x": 10, "y": 4, "wounds": 1},
            {"id": "b1", "unit": "B", "base": dict(CIRCLE), "x": 20, "y": 4, "wounds": 2},
            {"id": "b2", "unit": "B", "base": dict(CIRCLE), "x": 20, "y": 5.5, "wounds": 2},
        ],
        "terrain": [
            {"id": "r", "kind": "ruins", "polygon": [[30, 30], [34, 30], [34, 34]], "height": 3}
        ],
        "objectives": [{"id": "o1", "x": 30, "y": 22}],
        "queries": [copy.deepcopy(ATTACK)] if queries is None else queries,
    }


def run(doc: Any) -> tuple[int, str, list[str]]:
    code, out, err = run_text(json.dumps(doc))
    return code, out, err.splitlines()


def test_typos_in_nested_objects_keep_the_answer_and_are_named_in_file_order() -> None:
    clean = scenario()
    code, expected, lines = run(clean)
    assert (code, lines) == (0, [])
    typos = copy.deepcopy(clean)
    typos["models"][1]["wound"] = 8
    query = typos["queries"][0]
    query["weapon"]["strenght"] = 8
    query["target_profile"]["toughnes"] = 8
    query["context"]["wound_modifer"] = 1
    code, out, lines = run(typos)
    assert (code, out) == (0, expected)
    assert lines == [
        "warning: models[1].wound: unknown field 'wound', ignored",
        "warning: queries[0].weapon.strenght: unknown field 'strenght', ignored",
        "warning: queries[0].target_profile.toughnes: unknown field 'toughnes', ignored",
        "warning: queries[0].context.wound_modifer: unknown field 'wound_modifer', ignored",
    ]


def test_the_command_keeps_stdout_and_exit_status_and_warns_on_stderr(tmp_path: Path) -> None:
    cli = "import sys; from vantage.cli import main; sys.exit(main(sys.argv[1:]))"
    answers = []
    for name, doc in [("clean", scenario()), ("typo", scenario())]:
        if name == "typo":
            doc["queries"][0]["context"]["wound_modifer"] = 1
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc))
        done = subprocess.run(
            [sys.executable, "-c", cli, "scenario", "run", str(path)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0
        answers.append(done.stdout)
        if name == "typo":
            assert done.stderr == (
                "warning: queries[0].context.wound_modifer: unknown field 'wound_modifer', "
                "ignored\n"
            )
        else:
            assert done.stderr == ""
    assert answers[0] == answers[1]


def test_every_object_the_contract_defines_names_its_unknown_keys() -> None:
    doc = scenario(
        queries=[
            {"id": "d", "type": "distance", "a": "a1", "b": "b1", "range": 3},
            {
                "id": "w",
                "type": "wholly_within",
                "model": "a1",
                "zone": [[0, 0], [20, 0], [0, 20]],
                "zoen": 1,
            },
            {"id": "s", "type": "setup_legal", "model": "a1", "x": 5, "y": 5, "reserves": True},
            {"id": "m", "type": "visibility_matrix", "observers": "p1", "targets": "p2", "x": 1},
            {**copy.deepcopy(ATTACK), "id": "k", "dice": {**ATTACK["dice"], "wounds": [3, 4]}},
        ]
    )
    doc["table"]["heigth"] = 5
    doc["units"][0]["battleshocked"] = True
    doc["models"][0]["base"]["diamter_mm"] = 40
    doc["terrain"][0]["trait"] = ["obscuring"]
    doc["objectives"][0]["diameter"] = 60
    code, _out, lines = run(doc)
    assert code == 0
    assert lines == [
        "warning: table.heigth: unknown field 'heigth', ignored",
        "warning: units[0].battleshocked: unknown field 'battleshocked', ignored",
        "warning: models[0].base.diamter_mm: unknown field 'diamter_mm', ignored",
        "warning: terrain[0].trait: unknown field 'trait', ignored",
        "warning: objectives[0].diameter: unknown field 'diameter', ignored",
        "warning: queries[0].range: unknown field 'range', ignored",  # within's, not distance's
        "warning: queries[1].zoen: unknown field 'zoen', ignored",
        "warning: queries[2].reserves: unknown field 'reserves', ignored",
        "warning: queries[3].x: unknown field 'x', ignored",
        "warning: queries[4].dice.wounds: unknown field 'wounds', ignored",
    ]


def test_top_level_keys_notes_and_fields_of_other_systems_that_the_object_reads() -> None:
    doc = scenario()
    doc.update(comment="top-level keys are ignored by the contract", expect={"shot": {}})
    for obj in (doc["table"], doc["units"][0], doc["models"][0], doc["terrain"][0]):
        obj["note"] = "a comment"
    doc["queries"][0]["note"] = "a comment"
    doc["queries"][0]["context"]["note"] = "a comment"
    doc["models"][0]["melee_range"] = 1  # Deathmatch's, but every model reads it
    doc["models"][0]["base"] = {"shape": "hull", "points": [[0, 0], [1, 0], [0, 1]]}
    assert run(doc)[2] == []
    doc["models"][0]["base"]["length_mm"] = 40  # an oval's, not a hull's
    assert run(doc)[2] == ["warning: models[0].base.length_mm: unknown field 'length_mm', ignored"]


def test_context_extensions_of_9th_edition_are_unknown_to_10th() -> None:
    for system, expected in [
        ("wh40k-9e", []),
        (
            "wh40k-10e",
            ["warning: queries[0].context.heavy_cover: unknown field 'heavy_cover', ignored"],
        ),
    ]:
        doc = scenario(system)
        doc["queries"][0]["context"]["heavy_cover"] = True
        code, _out, lines = run(doc)
        assert (code, lines) == (0, expected), system


def test_system_query_types_name_their_unknown_keys() -> None:
    doc = scenario(
        queries=[
            {
                "id": "mv",
                "type": "legal_move",
                "unit": "A",
                "kind": "normal",
                "move": 6,
                "paths": [{"model": "a1", "path": [[10, 4], [12, 4]], "Z": 0}],
            },
            {
                "id": "bs",
                "type": "battle_shock",
                "unit": "B",
                "roll": [3, 4],
                "leadership": 6,
                "wound": 3,
            },
            {"id": "p", "type": "play", "game": {"phase": "movement"}, "comands": []},
        ]
    )
    code, _out, lines = run(doc)
    assert code == 0
    assert lines == [
        "warning: queries[0].paths[0].Z: unknown field 'Z', ignored",
        "warning: queries[1].wound: unknown field 'wound', ignored",
        "warning: queries[2].comands: unknown field 'comands', ignored",
    ]


def test_a_key_that_is_not_a_plain_name_stays_on_one_line() -> None:
    doc = scenario()
    doc["models"][0]["a.b\nc"] = 1
    doc["models"][0]["k" * 200] = 1
    lines = run(doc)[2]
    assert lines[0] == "warning: models[0][\"a.b\\nc\"]: unknown field 'a.b\\nc', ignored"
    assert lines[1].startswith('warning: models[0]["kkk')
    assert len(lines[1]) < 250 and len(lines) == 2


@pytest.mark.parametrize("system", ["wh40k-10e", "wh40k-9e", "wh40k-8e"])
def test_a_ranged_weapon_without_range_is_answered_with_a_warning(system: str) -> None:
    doc = scenario(system)
    expected = run(doc)[1]
    del doc["queries"][0]["weapon"]["range"]
    code, out, lines = run(doc)
    assert (code, out) == (0, expected)
    assert lines == [
        "warning: queries[0].weapon.range: not given for a ranged weapon; not needed for this "
        "answer"
    ]
    rapid_fire = "RAPID FIRE 1" if system == "wh40k-10e" else "RAPID FIRE"  # 9th/8th: a type
    doc["queries"][0]["weapon"]["abilities"] = [rapid_fire]
    del doc["queries"][0]["context"]["within_half_range"]  # measured: the range is needed
    code, out, err = run_text(json.dumps(doc))
    assert (code, out) == (2, "")
    assert err == "queries[0].weapon.range: is required to measure half range\n"


def test_a_melee_weapon_with_a_range_is_answered_with_a_warning() -> None:
    doc = scenario()
    doc["queries"][0]["weapon"]["type"] = "melee"
    del doc["queries"][0]["weapon"]["range"]
    expected = run(doc)
    doc["queries"][0]["weapon"]["range"] = 12
    code, out, lines = run(doc)
    assert (code, out) == (0, expected[1]) and expected[2] == []
    assert lines == ["warning: queries[0].weapon.range: a melee weapon has no range, ignored"]
