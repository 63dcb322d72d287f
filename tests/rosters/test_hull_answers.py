"""A model with no base answered as a hull (wh40k-10th §3.3: measured to its hull).

Army audit s14 left the picker able to answer only a round or an oval base; a vehicle without
a base had to be given "the nearest oval". A hull answer is a rectangle of length x width mm,
centred on the model, its length along the facing; the table already measures hull models
(scenario format, ``geometry.shapes.HullBase``), so a game plays with it end to end.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.wh40k10e.harness import new_game, play, ruleset
from vantage.geometry.shapes import HullBase
from vantage.rosters import Army, RosterError, army_from_json, import_roster
from vantage.rosters.army_json import base_from_json
from vantage.rosters.bases import HullSize, rectangle_hull

FIXTURES = Path(__file__).parent / "fixtures"
STRIDER = "Prism Strider"  # the fixture's vehicle with no base in the table


def _imported(answer: object) -> Army:
    army = import_roster("g.ros", (FIXTURES / "glasswright.ros").read_bytes(), {STRIDER: answer})  # type: ignore[dict-item]
    assert isinstance(army, Army), army
    return army


def _strider(army: Army) -> Any:
    return next(g for u in army.units for g in u.models if g.name == STRIDER)


def test_a_hull_answer_is_a_rectangle_about_the_model() -> None:
    army = _imported(HullSize(127, 50.8))
    base = _strider(army).base
    assert isinstance(base, HullBase)
    # 127 mm = 5" along the facing, 50.8 mm = 2" across, centred on the model's position
    assert base.points == ((-2.5, -1.0), (2.5, -1.0), (2.5, 1.0), (-2.5, 1.0))
    assert army.missing_bases() == []


def test_the_hull_reads_back_from_the_army_json() -> None:
    army = _imported(HullSize(120, 70))
    doc = army.to_json()
    strider = next(g for u in doc["units"] for g in u["models"] if g["name"] == STRIDER)
    assert strider["base"]["shape"] == "hull" and len(strider["base"]["points"]) == 4
    assert strider["base_missing"] is False
    back = army_from_json(json.loads(json.dumps(doc)))
    assert back == army and back.digest() == army.digest()


@pytest.mark.parametrize("size", [HullSize(0, 50), HullSize(100, -1), HullSize(2001, 50)])
def test_a_bad_hull_answer_is_refused(size: HullSize) -> None:
    data = (FIXTURES / "glasswright.ros").read_bytes()
    result = import_roster("g.ros", data, {STRIDER: size})
    assert isinstance(result, RosterError) and result.code == "roster/bad_base"
    assert "length and width" in result.message


@pytest.mark.parametrize(
    ("base", "field"),
    [
        ({"shape": "hull"}, "base.points"),
        ({"shape": "hull", "points": [[0, 0], [1, 0]]}, "base.points"),  # two corners
        ({"shape": "hull", "points": [[0, 0], [1, 0], [2, 0]]}, "base.points"),  # no area
        ({"shape": "hull", "points": [[0, 0], [1, 1], [1, 0], [0, 1]]}, "base.points"),  # crossed
        ({"shape": "hull", "points": [[0, 0], [1, 0], [1, "1"]]}, "base.points[2]"),
        ({"shape": "hull", "points": [[0, 0], [1, 0], [1, True]]}, "base.points[2]"),
        ({"shape": "hull", "points": [[0, 0], [1, 0], [1, 1e9]]}, "base.points[2]"),
        ({"shape": "hull", "points": [[0, 0], [1, 0], [1]]}, "base.points[2]"),
        ({"shape": "hull", "points": [[0, 0]] * 300}, "base.points"),
        ({"shape": "square"}, "base.shape"),
    ],
)
def test_a_malformed_stored_hull_is_refused_naming_it(base: object, field: str) -> None:
    with pytest.raises(ValueError) as err:
        base_from_json(base)
    assert str(err.value).startswith(f"{field}: ")


def test_a_game_plays_with_the_hull_model_and_replays_the_same() -> None:
    """The hull vehicle is deployed, moves, shoots and charges; the log replays to the same
    state and the state survives its codec (stored games re-read the army JSON)."""
    army = _imported(HullSize(120, 70))
    request = {"armies": {"p1": json.loads(json.dumps(army.to_json())), "p2": {"demo": 1}}}
    game = play(new_game(request, seed=b"hull"))
    assert game.state.result is not None
    hull_units = {
        s.id for s in game.setup.sheets for _, m in s.models if isinstance(m.base, HullBase)
    }
    assert len(hull_units) == 1
    (hull,) = hull_units
    done = {e["type"] for e in game.log if e.get("unit") == hull}
    assert {"unit_placed", "unit_moved", "weapon_resolved"} <= done
    rs = ruleset()
    state = rs.initial_state(rs.parse_setup({**rs.new_game_options({}), **request}))
    for raw in game.log:
        state = rs.evolve(state, rs.events.decode(raw))
    assert rs.state_codec.encode(state) == rs.state_codec.encode(game.state)
    assert rs.state_codec.decode(rs.state_codec.encode(game.state)) == game.state
    model = next(m for m in game.state.table.models.values() if m.unit == hull)
    assert model.base == rectangle_hull(120, 70)
