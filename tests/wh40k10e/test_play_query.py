"""The ``play`` scenario query: input errors name their JSON path (exit 2); refusals are answers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from vantage.scenario.run import run_text


def _doc(query: dict[str, Any]) -> str:
    units = [
        {"id": "A", "player": "p1", "keywords": ["INFANTRY"]},
        {"id": "B", "player": "p2", "keywords": ["INFANTRY"]},
        {"id": "L", "player": "p1", "keywords": ["INFANTRY", "CHARACTER"]},
        {"id": "K", "player": "p2", "keywords": ["INFANTRY", "CHARACTER"]},
    ]
    models = [
        {"id": "a1", "unit": "A", "base": {"shape": "circle", "diameter_mm": 32}, "x": 10, "y": 5},
        {"id": "b1", "unit": "B", "base": {"shape": "circle", "diameter_mm": 32}, "x": 10, "y": 39},
        {
            "id": "l1",
            "unit": "L",
            "base": {"shape": "circle", "diameter_mm": 32},
            "x": 11.5,
            "y": 5,
        },
        {
            "id": "k1",
            "unit": "K",
            "base": {"shape": "circle", "diameter_mm": 32},
            "x": 11.5,
            "y": 39,
        },
    ]
    return json.dumps(
        {
            "system": "wh40k-10e",
            "table": {"width": 60, "depth": 44},
            "players": ["p1", "p2"],
            "units": units,
            "models": models,
            "queries": [{"id": "q", "type": "play", **query}],
        }
    )


def _answer(query: dict[str, Any]) -> dict[str, Any]:
    code, out, err = run_text(_doc(query))
    assert code == 0, err
    return json.loads(out)["results"]["q"]  # type: ignore[no-any-return]


def _error(query: dict[str, Any]) -> str:
    code, out, err = run_text(_doc(query))
    assert code == 2 and not out
    return err.strip()


MOVE = {
    "type": "move",
    "unit": "A",
    "kind": "normal",
    "paths": [{"model": "a1", "path": [[10, 9]]}],
}


def test_a_move_is_refereed_and_reported() -> None:
    answer = _answer({"commands": [{"command": MOVE}]})
    assert answer["steps"][0]["ok"] and answer["steps"][0]["player"] == "p1"
    assert answer["positions"]["a1"] == [10, 9] and answer["units"]["A"]["move"] == "normal"
    assert answer["events"]["unit_moved"][0]["unit"] == "A"


def test_a_refusal_is_an_answer_and_leaves_the_state() -> None:
    far = {**MOVE, "paths": [{"model": "a1", "path": [[10, 12]]}]}
    answer = _answer({"game": {"cp": {"p1": 3}}, "commands": [{"command": far}]})
    assert answer["steps"] == [
        {
            "player": "p1",
            "ok": False,
            "code": "rule/too_far",
            "message": answer["steps"][0]["message"],
        }
    ]
    assert answer["positions"]["a1"] == [10, 5] and answer["cp"]["p1"] == 3


def test_casual_games_warn() -> None:
    far = {**MOVE, "paths": [{"model": "a1", "path": [[10, 12]]}]}
    answer = _answer({"game": {"strict": False}, "commands": [{"command": far}]})
    assert answer["steps"][0]["warnings"] == ["rule/too_far"]


def test_missing_wounds_means_full_w() -> None:
    answer = _answer({"sheets": {"A": {"wounds": 3}}})
    assert answer["units"]["A"]["wounds"] == {"a1": 3}


def test_a_leader_attached_in_the_position_makes_one_unit() -> None:
    # §3.6: one unit under the Bodyguard's id, Starting Strength 1 + 1; the Leader is "attached".
    answer = _answer({"game": {"attach": {"L": "A"}}})
    a, leader = answer["units"]["A"], answer["units"]["L"]
    assert a["models"] == 2 and a["starting_strength"] == 2 and a["leader"] == "L"
    assert leader["location"] == "attached" and leader["attached_to"] == "A"
    assert leader["models"] == 0 and a["wounds"] == {"a1": 1, "l1": 1}


@pytest.mark.parametrize(
    ("attach", "why"),
    [
        ({"L": "B"}, "same player"),
        ({"A": "L"}, "not a CHARACTER"),
        ({"L": "Q"}, "unknown unit"),
        ({"L": "A", "K": "L"}, "no chains"),
    ],
)
def test_a_bad_attachment_is_an_input_error(attach: dict[str, str], why: str) -> None:
    err = _error({"game": {"attach": attach}})
    assert err.startswith("queries[0].game.attach.") and why in err


def test_a_leader_and_bodyguard_must_be_in_one_place() -> None:
    err = _error(
        {
            "game": {
                "attach": {"L": "A"},
                "units": {"A": {"location": "reserves", "reserve": "deep_strike"}},
            }
        }
    )
    assert err.startswith("queries[0].game.attach.L:") and "one place" in err


@pytest.mark.parametrize(
    ("query", "path"),
    [
        ({"game": {"phase": "dance"}}, "queries[0].game.phase"),
        ({"game": {"active": "p9"}}, "queries[0].game.active"),
        ({"game": {"cp": {"p1": -1}}}, "queries[0].game.cp.p1"),
        ({"game": {"units": {"Z": {}}}}, "queries[0].game.units.Z"),
        ({"game": {"units": {"A": {"location": "reserves"}}}}, "queries[0].game.units.A.reserve"),
        ({"game": {"stratagems_used": {"p1": ["nap"]}}}, "queries[0].game.stratagems_used.p1[0]"),
        ({"game": {"colour": 1}}, "queries[0].game.colour"),
        ({"game": {"units": {"A": {"spent": ["b1|gun"]}}}}, "queries[0].game.units.A.spent[0]"),
        ({"game": {"units": {"A": {"spent": ["a1"]}}}}, "queries[0].game.units.A.spent[0]"),
        (
            {"sheets": {"A": {"weapons": [{"name": "g", "type": "ranged", "skill": 3}]}}},
            "queries[0].sheets.A.weapons[0].range",
        ),
        (
            {
                "sheets": {
                    "A": {
                        "weapons": [
                            {"name": "g", "type": "melee", "skill": 3, "abilities": ["zap"]}
                        ]
                    }
                }
            },
            "queries[0].sheets.A.weapons[0].abilities[0]",
        ),
        ({"commands": [{"command": {"type": "fly"}}]}, "queries[0].commands[0].command.type"),
        (
            {"commands": [{"command": {"type": "move", "unit": "A"}}]},
            "queries[0].commands[0].command.kind",
        ),
        ({"commands": [{"command": {**MOVE, "unit": "Q"}}]}, "queries[0].commands[0].command.unit"),
        (
            {"commands": [{"command": {"type": "roll_advance", "unit": "A"}}]},
            "queries[0].commands[0].dice",
        ),
        ({"commands": [{"command": MOVE, "dice": [7]}]}, "queries[0].commands[0].dice[0]"),
        ({"commands": [{"command": MOVE, "player": "p3"}]}, "queries[0].commands[0].player"),
    ],
)
def test_invalid_input_names_the_field(query: dict[str, Any], path: str) -> None:
    assert _error(query).startswith(f"{path}:")
