"""Victory and defeat, and dying in the winning moment (death-angel §7.4, §9, §11.25)."""

from __future__ import annotations

from typing import Any

from tests.death_angel.helpers import do, face, of, prompt, reject, settle, start_resolve, table
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.flow import prompt_of
from vantage.rules.death_angel.state import State

ROWS = [("maro", "L"), ("tiber", "R"), ("castor", "L"), ("halvar", "R")]
ATTACK = {"type": "attack", "marine": "maro", "position": 1, "side": "L"}


def _at(s: State, final: str | None) -> State:
    if final is not None:
        s.locations.append(final)
        s.location_deck = []
    return s


def _attack(final: str | None, cards: list[str], blips: tuple[int, int] = (0, 0)) -> State:
    s = _at(table(ROWS, swarms={(1, "L"): cards}, blips=blips), final)
    s, _ = start_resolve(s, ["cobalt-longshot", "ember-drill"])
    return s


def test_victory__cleared_at_the_final_location() -> None:
    s = _attack("nexus-core", ["talon-1"])
    s, events = do(s, "p2", ATTACK, dice=[face(1)])
    assert of(events, ev.GameWon)[0].reason == "cleared"
    assert s.outcome == "won" and prompt_of(s) is None
    reject(s, "p1", {"type": "end_action"}, "game/over")


def test_victory__not_before_the_final_location() -> None:
    s = _attack(None, ["talon-1"])
    s, events = do(s, "p2", ATTACK, dice=[face(1)])
    assert not of(events, ev.GameWon) and s.outcome == ""


def test_victory__not_while_a_blip_pile_holds_cards() -> None:
    s = _attack("nexus-core", ["talon-1"], blips=(0, 1))
    s, _events = do(s, "p2", ATTACK, dice=[face(1)])
    assert s.outcome == ""


def test_victory__objective_control_panel_progress() -> None:
    rows = [("castor", "L"), ("maro", "L"), ("halvar", "R"), ("oren", "R")]
    s = _at(table(rows, terrain=[("command-terminal", 1, "L")]), "launch-bay")
    s.progress = {"launch-bay": 1}
    s, _ = start_resolve(s, ["ember-drill", "cobalt-leapfrog"])
    s, events = do(
        s, "p1", {"type": "activate_terrain", "marine": "castor", "terrain": "command-terminal"}
    )
    assert of(events, ev.ProgressMade)[0].value == 2
    assert of(events, ev.GameWon)[0].reason == "objective"


def test_victory__objective_broodlord_slain() -> None:
    s = _attack("tyrant-throne", ["pale-tyrant"], blips=(3, 3))
    s, events = do(s, "p2", ATTACK, dice=[face(2)])
    assert of(events, ev.GameWon)[0].reason == "objective"


def _last_marine(
    final: str | None, cards: list[str], selection: dict[str, Any], blips: tuple[int, int] = (3, 3)
) -> tuple[State, list[Any]]:
    s = _at(table([("tiber", "R")], swarms={(1, "R"): cards}, blips=blips), final)
    s.phase, s.revealed, s.selection = "attack", True, selection
    return settle(s, [face(0)])


def test_defeat__all_marines_dead() -> None:
    s, events = _last_marine(None, ["talon-1"], {})
    assert of(events, ev.GameLost) and s.outcome == "lost"


def test_defeat__strays_of_the_last_marine_still_count() -> None:
    # §12 decision: the last marine's swarm does not vanish, so "cleared" is not met
    s, _ = _last_marine("nexus-core", ["talon-1"], {}, blips=(0, 0))
    assert s.outcome == "lost" and s.stray == ["talon-1"]


def test_victory__last_marine_dies_in_the_winning_moment() -> None:
    # §9 [L174]: Oath of Vengeance slays the Pale Tyrant as the last marine falls
    s, events = _last_marine("tyrant-throne", ["pale-tyrant"], {"cobalt": "cobalt-oath"})
    assert of(events, ev.MarineKilled) and s.formation == []
    assert of(events, ev.GameWon)[0].reason == "objective" and s.outcome == "won"
    assert not of(events, ev.GameLost)


def test_victory__cleared_as_the_last_marine_falls() -> None:
    s, _ = _last_marine("nexus-core", ["talon-1"], {"cobalt": "cobalt-oath"}, blips=(0, 0))
    assert s.outcome == "won" and s.outcome_reason == "cleared"


def test_prompt_gone_after_the_end() -> None:
    s, _ = _last_marine(None, ["talon-1"], {})
    assert prompt_of(s) is None
    assert prompt is not None
