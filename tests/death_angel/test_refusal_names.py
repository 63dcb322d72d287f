"""Refusals reach players as toasts: they name marines, teams, cards, terrain and seats as the
pack does ("Brother Castor", "Supply Locker"), never by raw ids; the ids stay in the detail."""

from __future__ import annotations

from typing import Any

import pytest

from tests.death_angel.helpers import R, do, face, prompt, reject, start_resolve, table
from vantage.engine.context import Viewer
from vantage.rules.death_angel.flow import HANDLERS
from vantage.rules.death_angel.names import (
    PROMPT_WORDS,
    player_name,
    players_named,
    swarm_card_name,
    waiting_for,
)
from vantage.rules.death_angel.state import State

ROWS = [("castor", "L"), ("maro", "L"), ("halvar", "R"), ("oren", "R")]


def _move_table() -> State:
    s = table(ROWS, terrain=[("vent-shaft", 1, "L"), ("supply-locker", 2, "L")])
    s, _ = start_resolve(s, ["ember-drill", "cobalt-leapfrog"])
    return s


def _attack_table(cards: list[str]) -> State:
    rows = [("maro", "L"), ("tiber", "R"), ("castor", "L"), ("halvar", "R")]
    s, _ = start_resolve(table(rows, swarms={(1, "L"): cards}), ["cobalt-longshot", "ember-drill"])
    return s


MOVES: list[tuple[dict[str, Any], str, str, dict[str, Any]]] = [
    (
        {"type": "move_marine", "marine": "maro", "other": "castor"},
        "move/not_team_marine",
        "Sergeant Maro is not of Ember Squad",
        {"marine": "maro"},
    ),
    (
        {"type": "move_marine", "marine": "castor", "other": "oren"},
        "move/not_adjacent",
        "Brother Oren is not next to Brother Castor",
        {"marine": "castor", "other": "oren"},
    ),
    (
        {"type": "activate_terrain", "marine": "castor", "terrain": "supply-locker"},
        "activate/not_in_front",
        "Brother Castor is not facing Supply Locker",
        {"marine": "castor", "terrain": "supply-locker"},
    ),
    (
        {"type": "activate_terrain", "marine": "castor", "terrain": "vent-shaft"},
        "activate/not_activatable",
        "Vent Shaft cannot be activated",
        {"marine": "castor", "terrain": "vent-shaft"},
    ),
    (
        {"type": "give_support", "marine": "castor"},
        "turn/unexpected_command",
        "give_support does not answer move_activate",
        {"prompt": "move_activate"},
    ),
]


@pytest.mark.parametrize(("cmd", "code", "message", "detail"), MOVES)
def test_move_refusals_name_marines_and_terrain(
    cmd: dict[str, Any], code: str, message: str, detail: dict[str, Any]
) -> None:
    refusal = reject(_move_table(), "p1", cmd, code)
    assert refusal.message == message
    assert detail.items() <= dict(refusal.detail).items()


def test_repeated_moves_and_flips_name_the_marine() -> None:
    s = _move_table()
    s, _ = do(s, "p1", {"type": "move_marine", "marine": "castor", "other": "maro"})
    again = {"type": "move_marine", "marine": "castor", "other": "halvar"}
    assert (
        reject(s, "p1", again, "move/already_moved").message == "Brother Castor has already moved"
    )
    s, _ = do(s, "p1", {"type": "flip_marine", "marine": "halvar"})
    refusal = reject(s, "p1", {"type": "flip_marine", "marine": "halvar"}, "flip/already_flipped")
    assert refusal.message == "Brother Halvar has already turned"
    assert refusal.detail == {"marine": "halvar"}


def test_used_terrain_is_named() -> None:
    s = _move_table()
    s, _ = do(s, "p1", {"type": "move_marine", "marine": "castor", "other": "maro"})
    use = {"type": "activate_terrain", "marine": "castor", "terrain": "supply-locker"}
    s, _ = do(s, "p1", use)
    refusal = reject(s, "p1", use, "activate/already_activated")
    assert refusal.message == "Supply Locker was used this round"


def test_attack_refusals_name_the_marine_and_the_swarm_card() -> None:
    s = _attack_table(["talon-1", "pale-tyrant", "maw-1"])
    attack = {"type": "attack", "marine": "maro", "position": 1, "side": "R"}
    refusal = reject(s, "p2", attack, "attack/illegal_target")
    assert refusal.message.startswith("Sergeant Maro cannot attack the swarm at position 1 right")
    assert refusal.detail == {"marine": "maro", "position": 1, "side": "R"}
    wrong = reject(s, "p2", {**attack, "marine": "castor"}, "attack/not_team_marine")
    assert wrong.message == "Brother Castor is not of Cobalt Squad"
    waiting = reject(s, "p1", attack, "turn/not_your_turn")
    assert waiting.message == "waiting for Player 2 to attack"
    assert waiting.detail["players"] == ["p2"]
    s, _ = do(s, "p2", {**attack, "side": "L"}, dice=[face(1)])
    assert prompt(s).kind == "choose_kill"
    lord = reject(s, "p2", {"type": "choose_kill", "card": "pale-tyrant"}, "kill/not_eligible")
    assert lord.message == "The Pale Tyrant cannot be slain now"
    assert lord.detail == {"card": "pale-tyrant"}


def test_selection_refusals_name_action_cards_and_teams() -> None:
    s = table(ROWS)
    select = {"type": "select_actions", "round": 1, "cards": ["cobalt-oath"]}
    assert reject(s, "p1", select, "select/not_your_card").message == (
        "Oath of Vengeance is not in your hand"
    )
    both = {**select, "cards": ["ember-drill", "ember-hold"]}
    assert reject(s, "p1", both, "select/one_per_team").message == "two cards for Ember Squad"
    s.round, s.last_round = 2, {"ember": "ember-drill"}
    again = {**select, "round": 2, "cards": ["ember-drill"]}
    assert reject(s, "p1", again, "card/same_as_last_round").message == (
        "Advance Drill was chosen last round"
    )


def test_a_dead_or_unknown_marine_is_named_or_quoted() -> None:
    s = table(ROWS)
    s, _ = start_resolve(s, ["verdant-resupply", "ember-drill"])
    dead = reject(s, "p3", {"type": "give_support", "marine": "vask"}, "support/unknown_marine")
    assert dead.message == "Brother Vask is not in the formation"
    ghost = reject(s, "p3", {"type": "give_support", "marine": "ghost"}, "support/unknown_marine")
    assert ghost.message == "'ghost' is not in the formation"


def test_names_of_seats_and_swarm_cards() -> None:
    s = table(ROWS)
    assert player_name("p3") == "Player 3"
    assert players_named(("p1", "p2")) == "Player 1 and Player 2"
    assert swarm_card_name(s.ix, "talon-7") == "Talon"
    assert swarm_card_name(s.ix, "hollow-king") == "The Hollow King"


def test_the_view_names_every_swarm_card() -> None:
    s = table(ROWS, swarms={(1, "L"): ["husk-2", "pale-tyrant"]})
    cards = R.project(s, Viewer(None))["formation"][0]["swarms"][0]["cards"]
    assert [(c["id"], c["name"], c["broodlord"]) for c in cards] == [
        ("husk-2", "Husk", False),
        ("pale-tyrant", "The Pale Tyrant", True),
    ]


def test_every_prompt_is_named_in_words_when_a_seat_acts_out_of_turn() -> None:
    """A refusal for acting out of turn says what the game waits for in words, for every prompt
    the rules can raise (QA s14: "waiting for Player 1 (move activate)")."""
    kinds = {kind for kind, _command in HANDLERS} | {"select_actions"}
    assert kinds == set(PROMPT_WORDS)
    assert waiting_for(["p1"], "move_activate") == "waiting for Player 1 to move and activate"
    assert waiting_for(["p1", "p3"], "select_actions") == (
        "waiting for Player 1 and Player 3 to choose action cards"
    )
