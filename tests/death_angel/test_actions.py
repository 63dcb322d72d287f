"""Support and Move + Activate actions, terrain abilities (death-angel §6.1, §6.3, §11.10-11)."""

from __future__ import annotations

import pytest

from tests.death_angel.helpers import (
    apply_all,
    do,
    face,
    of,
    order,
    prompt,
    reject,
    start_resolve,
    swarm_at,
    table,
)
from vantage.engine.dice import FixedDice
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel import hooks
from vantage.rules.death_angel.hooks import TERRAIN_HOOKS, Call
from vantage.rules.death_angel.state import State

ROWS = [("castor", "L"), ("maro", "L"), ("halvar", "R"), ("oren", "R")]


def test_support__token_from_pool_onto_any_marine_after_the_ability() -> None:
    s = table(ROWS)
    pool = s.pool
    s, events = start_resolve(s, ["verdant-resupply", "ember-drill"])
    assert of(events, ev.TokensPlaced)[0].marine == "oren"  # Field Resupply: each own marine
    assert prompt(s).kind == "give_support" and prompt(s).players == ("p3",)
    s, events = do(s, "p3", {"type": "give_support", "marine": "castor"})
    assert of(events, ev.SupportGiven)[0].placed
    assert s.formation[0].marine.tokens == 1 and s.pool == pool - 2
    assert prompt(s).kind == "move_activate"


def test_support__empty_pool_gives_nothing() -> None:
    """E15: a game of rules revision 1 still asks for a marine and places nothing."""
    s = table(ROWS, revision=1)
    s.pool = 0
    s, events = start_resolve(s, ["verdant-resupply", "ember-drill"])
    assert not of(events, ev.TokensPlaced) and not of(events, ev.SupportPoolEmpty)
    assert prompt(s).kind == "give_support" and prompt(s).info["pool"] == 0
    s, events = do(s, "p3", {"type": "give_support", "marine": "castor"})
    assert not of(events, ev.SupportGiven)[0].placed and s.formation[0].marine.tokens == 0
    assert [e.type for e in events][:2] == ["support_given", "action_finished"]
    reject_state = table(ROWS)
    reject_state, _ = start_resolve(reject_state, ["verdant-resupply", "ember-drill"])
    reject(
        reject_state, "p3", {"type": "give_support", "marine": "ghost"}, "support/unknown_marine"
    )


def test_support__empty_pool_asks_nothing_from_revision_2() -> None:
    """E15, E16: with the pool empty the Support action finishes by itself; the log says that no
    token could be placed (``support_pool_empty``), and the next card resolves."""
    s = table(ROWS)
    s.pool = 0
    s, events = start_resolve(s, ["verdant-resupply", "ember-drill"])
    types = [e.type for e in events]
    at = types.index("support_pool_empty")
    assert types[at - 1 : at + 2] == ["ability_used", "support_pool_empty", "action_finished"]
    assert of(events, ev.SupportPoolEmpty) == [ev.SupportPoolEmpty(card="verdant-resupply")]
    assert not of(events, ev.SupportGiven) and not of(events, ev.TokensPlaced)
    assert all(r.marine.tokens == 0 for r in s.formation) and s.pool == 0
    assert prompt(s).kind == "move_activate" and prompt(s).players == ("p1",)
    s = table(ROWS)  # only the empty pool skips it: one token left is still asked for
    s.pool = 1
    s, events = start_resolve(s, ["cobalt-oath", "ember-drill"])
    assert not of(events, ev.SupportPoolEmpty)
    assert prompt(s).kind == "give_support" and prompt(s).info["pool"] == 1


def _move_table() -> State:
    s = table(
        ROWS,
        swarms={(1, "L"): ["talon-1"]},
        terrain=[("vent-shaft", 1, "L"), ("supply-locker", 2, "L")],
    )
    s, _ = start_resolve(s, ["ember-drill", "cobalt-leapfrog"])
    assert prompt(s).kind == "move_activate" and prompt(s).players == ("p1",)
    return s


def test_move__swap_with_adjacent_marine_of_another_player() -> None:
    s = _move_table()
    s, events = do(s, "p1", {"type": "move_marine", "marine": "castor", "other": "maro"})
    assert order(s) == ["maro", "castor", "halvar", "oren"]
    assert [r.marine.facing for r in s.formation][:2] == ["L", "L"]  # facings kept
    assert swarm_at(s, 1, "L") == ["talon-1"]  # genestealers and terrain stay (§4)
    assert [t.id for t in s.formation[0].terrain] == ["vent-shaft"]
    assert of(events, ev.TokensPlaced)[0].marine == "castor"  # Advance Drill
    reject(
        s,
        "p1",
        {"type": "move_marine", "marine": "castor", "other": "halvar"},
        "move/already_moved",
    )
    reject(
        s,
        "p1",
        {"type": "move_marine", "marine": "maro", "other": "castor"},
        "move/not_team_marine",
    )


def test_move__only_adjacent() -> None:
    s = _move_table()
    reject(
        s, "p1", {"type": "move_marine", "marine": "castor", "other": "oren"}, "move/not_adjacent"
    )


def test_move__swapped_teammate_may_still_move() -> None:
    # §12.12: only the marine chosen to move counts as moved
    s = _move_table()
    s, _ = do(s, "p1", {"type": "move_marine", "marine": "halvar", "other": "maro"})
    s, _ = do(s, "p1", {"type": "move_marine", "marine": "castor", "other": "halvar"})
    assert order(s) == ["halvar", "castor", "maro", "oren"]


def test_move__flip_then_activate_in_that_order() -> None:
    s = _move_table()
    s, _ = do(s, "p1", {"type": "flip_marine", "marine": "halvar"})
    assert s.formation[2].marine.facing == "L"
    reject(s, "p1", {"type": "move_marine", "marine": "castor", "other": "maro"}, "move/too_late")
    reject(s, "p1", {"type": "flip_marine", "marine": "halvar"}, "flip/already_flipped")
    reject(s, "p1", {"type": "flip_marine", "marine": "maro"}, "flip/not_team_marine")
    reject(
        s,
        "p1",
        {"type": "activate_terrain", "marine": "castor", "terrain": "supply-locker"},
        "activate/not_in_front",
    )  # the locker is at position 2, Castor at 1
    reject(
        s,
        "p1",
        {"type": "activate_terrain", "marine": "castor", "terrain": "vent-shaft"},
        "activate/not_activatable",
    )


def _empty_pool_moves(revision: int) -> list[object]:
    """Advance Drill's token for moving, the Supply Locker's and the Blast Door's, all with the
    support pool empty: the events of the move and the two activations."""
    s = table(
        ROWS,
        swarms={(1, "L"): ["talon-1"]},
        terrain=[("blast-door", 1, "R"), ("supply-locker", 2, "L")],
        revision=revision,
    )
    s.pool = 0
    s, _ = start_resolve(s, ["ember-drill", "cobalt-leapfrog"])
    s, moved = do(s, "p1", {"type": "move_marine", "marine": "castor", "other": "maro"})
    marine = {"type": "activate_terrain", "marine": "castor", "terrain": "supply-locker"}
    s, locker = do(s, "p1", marine)
    assert not of([*moved, *locker], ev.TokensPlaced) and s.pool == 0
    return [*moved, *locker]


def test_empty_pool__abilities_name_who_goes_without_from_revision_3() -> None:
    """E17: Advance Drill's token for moving and the Supply Locker's token find the pool empty;
    the log names Castor each time (§6.1 [L550])."""
    events = _empty_pool_moves(3)
    assert of(events, ev.PoolRanOut) == [ev.PoolRanOut(marines=("castor",))] * 2
    assert not of(_empty_pool_moves(2), ev.PoolRanOut)  # revision 2 says nothing (E16)


@pytest.mark.parametrize("revision", [2, 3])
def test_empty_pool__a_blast_door_gets_no_token_and_says_so_from_revision_3(revision: int) -> None:
    """The Blast Door's ACTIVATE puts a token on it from the pool; an empty pool gives none, and
    from revision 3 the log says the door went without (E17)."""
    s = table(ROWS, terrain=[("blast-door", 1, "R")], revision=revision)
    s.pool = 0
    call = Call(state=s, params={}, dice=FixedDice([]), player="p1", terrain="blast-door")
    told = [ev.PoolRanOut(terrain="blast-door")] if revision >= 3 else []
    assert TERRAIN_HOOKS["seal"].effect(call) == told
    s.pool = 1
    assert TERRAIN_HOOKS["seal"].effect(call) == [ev.TokensPlaced(terrain="blast-door", count=1)]


def test_activate__terrain_in_front_once_per_round() -> None:
    s = _move_table()
    s, _ = do(s, "p1", {"type": "move_marine", "marine": "castor", "other": "maro"})
    s, events = do(
        s, "p1", {"type": "activate_terrain", "marine": "castor", "terrain": "supply-locker"}
    )
    assert of(events, ev.TokensPlaced)[-1].marine == "castor"
    assert s.formation[1].marine.tokens == 2  # one for moving, one from the locker
    reject(
        s,
        "p1",
        {"type": "activate_terrain", "marine": "castor", "terrain": "supply-locker"},
        "activate/already_activated",
    )
    reject(s, "p1", {"type": "flip_marine", "marine": "castor"}, "flip/too_late")
    s, _ = do(s, "p1", {"type": "end_action"})
    assert prompt(s).kind == "move_activate" and prompt(s).players == ("p2",)
    # §6.3 [L340]: once per round; a new round clears it
    assert apply_all(s, [ev.RoundStarted(round=2)]).formation[1].terrain[0].activated is False


def test_activate__only_by_the_cards_team() -> None:
    # §12.13: Maro (cobalt) faces the locker but Advance Drill is ember's card
    s = _move_table()
    reject(
        s,
        "p1",
        {"type": "activate_terrain", "marine": "maro", "terrain": "supply-locker"},
        "activate/not_team_marine",
    )


def test_long_swap__two_positions_away_without_shift() -> None:
    s = table(ROWS, swarms={(2, "L"): ["talon-1"]})
    s, _ = start_resolve(s, ["cobalt-leapfrog", "ivory-scout"])
    assert prompt(s).info["reach"] == 2  # the prompt says how far (not just "a neighbour")
    s, _ = do(s, "p2", {"type": "move_marine", "marine": "maro", "other": "oren"})
    assert order(s) == ["castor", "oren", "halvar", "maro"]
    assert swarm_at(s, 2, "L") == ["talon-1"]


def test_move_prompt__a_plain_move_reaches_a_neighbour() -> None:
    s = table(ROWS)
    s, _ = start_resolve(s, ["ember-drill", "cobalt-leapfrog"])
    assert prompt(s).kind == "move_activate" and prompt(s).info["reach"] == 1


def test_purge_vent__skull_slays_beside_the_terrain_without_reroll() -> None:
    s = table(
        [("castor", "L", 2), ("maro", "L"), ("halvar", "R"), ("oren", "R")],
        swarms={(1, "L"): ["talon-1"]},
        terrain=[("coolant-duct", 1, "L")],
    )
    s, _ = start_resolve(s, ["ember-drill", "cobalt-leapfrog"])
    s, events = do(
        s,
        "p1",
        {"type": "activate_terrain", "marine": "castor", "terrain": "coolant-duct"},
        dice=[face(3)],
    )
    assert of(events, ev.DieRolled)[0].purpose == "ability"
    assert swarm_at(s, 1, "L") == [] and prompt(s).kind == "move_activate"
    s2 = table(
        [("castor", "L", 2), ("maro", "L"), ("halvar", "R"), ("oren", "R")],
        swarms={(1, "L"): ["talon-1"]},
        terrain=[("coolant-duct", 1, "L")],
    )
    s2, _ = start_resolve(s2, ["ember-drill", "cobalt-leapfrog"])
    s2, events = do(
        s2,
        "p1",
        {"type": "activate_terrain", "marine": "castor", "terrain": "coolant-duct"},
        dice=[face(0)],
    )
    assert swarm_at(s2, 1, "L") == ["talon-1"] and prompt(s2).kind == "move_activate"


def test_empty_pool__a_marine_given_some_of_his_tokens_is_named_apart() -> None:
    """E17 (review s14): two tokens each and three in the pool: the first gets both, the
    second one ("partly"), the third none."""
    s = table(ROWS)
    s.pool = 3
    events = hooks._give(s, ["castor", "maro", "halvar"], 2)
    assert of(events, ev.TokensPlaced) == [
        ev.TokensPlaced(marine="castor", count=2),
        ev.TokensPlaced(marine="maro", count=1),
    ]
    assert of(events, ev.PoolRanOut) == [ev.PoolRanOut(marines=("halvar",), partly=("maro",))]
    # revision 3 named every marine short of his tokens in `marines` (its logs re-decide so)
    s3 = table(ROWS, revision=3)
    s3.pool = 3
    told = of(hooks._give(s3, ["castor", "maro", "halvar"], 2), ev.PoolRanOut)
    assert told == [ev.PoolRanOut(marines=("maro", "halvar"))]
