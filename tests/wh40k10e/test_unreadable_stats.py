"""A characteristic the rules cannot read (army audit s14 #3, #6, #7): a new game refuses the
army naming the unit, weapon and field, and a stored game that holds one refuses the shot with
a code instead of failing on an exception. The armies are the demo armies, altered."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.wh40k10e.arrange import row
from tests.wh40k10e.test_datasheet_abilities import BROOD, LINE, battle
from tests.wh40k10e.test_rerolls import shots
from tests.wh40k10e.test_rules import run
from vantage.engine.errors import Rejection
from vantage.rosters import demo_armies
from vantage.rules.wh40k10e.setup import GameSetup, parse_setup


def _army(**weapon: str) -> dict[str, Any]:
    doc = demo_armies()[0].content_json()
    stats = doc["units"][0]["weapons"][0]
    stats.update(weapon)
    return doc


def _setup(p1: dict[str, Any], revision: int = 4) -> GameSetup:
    setup = parse_setup({"armies": {"p1": p1, "p2": {"demo": 1}}, "rules_revision": revision})
    assert isinstance(setup, GameSetup), setup
    return setup


def test_a_new_game_refuses_a_weapon_whose_attacks_are_words() -> None:
    setup = _setup(_army(A="lots"))
    refusal = setup.new_game_refusal
    assert refusal is not None and refusal.code == "setup/invalid"
    assert refusal.detail == {"field": "armies.p1.units[0].weapons[0].A"}
    assert "'lots' is not a number or a dice expression" in refusal.message


def test_a_new_game_refuses_a_ninth_edition_list() -> None:
    doc = {**demo_armies()[0].content_json(), "edition": "wh40k-9e", "game_system": "9th Edition"}
    refusal = _setup(doc).new_game_refusal
    assert refusal is not None and refusal.detail == {"field": "armies.p1.edition"}
    assert "9th Edition, not Warhammer 40,000 10th edition" in refusal.message


def test_a_new_game_refuses_a_model_with_a_save_of_0_plus() -> None:
    doc = demo_armies()[0].content_json()
    doc["units"][0]["models"][0]["profile"]["SV"] = "0+"
    refusal = _setup(doc).new_game_refusal
    assert refusal is not None and refusal.detail == {
        "field": "armies.p1.units[0].models[0].profile.SV"
    }


def test_a_stored_game_refuses_the_shot_instead_of_failing() -> None:
    """attacks.py read the weapon's A with parse_dice_expr and raised (intent/failed)."""
    s = battle({LINE: row(10, 5, 11), BROOD: row(10, 25, 10)})
    sheet = s.sheets[LINE]
    weapons = tuple(
        replace(w, attacks="lots") if w.name == "Ember carbine" else w for w in sheet.weapons
    )
    s = replace(s, sheets={**s.sheets, LINE: replace(sheet, weapons=weapons)})
    _, d = run(s, "p1", shots(s, LINE, "Ember carbine", BROOD), [4] * 30)
    assert isinstance(d, Rejection) and d.code == "army/unreadable", d


def test_a_new_game_refuses_a_deadly_demise_without_a_value() -> None:
    """Review s14 (R41 d): Deadly Demise with no value the rules can roll, in its name or text,
    would fail the destroyed model's roll; a new game names the unit instead."""
    doc = demo_armies()[0].content_json()
    doc["units"][0]["abilities"].append({"name": "Deadly Demise", "text": "roll one D6 ..."})
    refusal = _setup(doc).new_game_refusal
    assert refusal is not None and refusal.detail == {"field": "armies.p1.units[0].abilities"}
    assert "Deadly Demise has no value the rules can roll" in refusal.message
    doc["units"][0]["abilities"].append({"name": "Deadly Demise D3", "text": ""})
    assert _setup(doc).new_game_refusal is None
