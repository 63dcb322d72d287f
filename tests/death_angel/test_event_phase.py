"""The event phase: INSTINCT, spawns, moves and flanks, merging (death-angel §5.4, §6.6-§6.7)."""

from __future__ import annotations

import json
from typing import Any

from tests.death_angel.helpers import do, of, prompt, reject, settle, swarm_at, table
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.state import EventStep, State
from vantage.rules.death_angel.views import project, redact

ROWS = [("castor", "L"), ("maro", "L"), ("halvar", "R"), ("oren", "R")]


def _event(
    card: str, rows: Any = ROWS, dice: list[int] | None = None, **kw: Any
) -> tuple[State, list[Any]]:
    s = table(rows, **kw)
    s.phase, s.revealed, s.event = "event", True, EventStep()
    s.event_deck = [card, *[c for c in s.event_deck if c != card]]
    return settle(s, dice or [])


def test_instinct__choice_first_maximal_and_hidden_then_revealed() -> None:
    s, events = _event("ambush-from-behind", blips=(1, 5))
    p = prompt(s)
    assert p.kind == "choose_instinct" and p.players == ("p1",)
    assert p.options["p1"]["marines"] == ["castor", "maro"]  # 2 can spawn behind them, 1 elsewhere
    drawn = of(events, ev.EventDrawn)[0]
    for viewer in ("p2", None):
        assert "ambush-from-behind" not in json.dumps(project(s, viewer))
        assert "ambush-from-behind" not in json.dumps(redact(drawn, viewer))
        assert project(s, viewer)["pending"]["options"] is None
    assert project(s, "p1")["event"]["card"]["id"] == "ambush-from-behind"
    reject(s, "p1", {"type": "choose_instinct", "marine": "halvar"}, "instinct/not_maximal")
    reject(s, "p2", {"type": "choose_instinct", "marine": "maro"}, "turn/not_your_turn")
    behind = s.blips["R"][:2]
    s, events = do(s, "p1", {"type": "choose_instinct", "marine": "maro"})
    assert [e.type for e in events][:2] == ["instinct_chosen", "event_revealed"]
    assert swarm_at(s, 2, "R") == behind
    assert "ambush-from-behind" in s.event_discard


def test_instinct__strip_tokens_must_name_the_richest_marine() -> None:
    rows = [("castor", "L", 1), ("maro", "L", 3), ("halvar", "R"), ("oren", "R", 3)]
    s, _ = _event("cold-sweat", rows)
    assert prompt(s).options["p1"]["marines"] == ["maro", "oren"]
    s, _ = do(s, "p1", {"type": "choose_instinct", "marine": "oren"})
    assert [r.marine.tokens for r in s.formation] == [1, 3, 0, 0]


def test_event_ability__tokens_fade_and_quiet_reward() -> None:
    rows = [("castor", "L", 2), ("maro", "L", 1), ("halvar", "R", 3), ("oren", "R")]
    s, _ = _event("flickering-lights", rows)
    assert [r.marine.tokens for r in s.formation] == [1, 1, 2, 0]
    s, _ = _event("moment-of-calm", swarms={(2, "L"): ["maw-1"]})
    assert [r.marine.tokens for r in s.formation] == [1, 0, 1, 1]


def test_spawn__every_terrain_of_the_colour_from_its_own_sides_pile() -> None:
    terrain = [("vent-shaft", 1, "L"), ("coolant-duct", 3, "R"), ("cable-nest", 2, "L")]
    before = table(ROWS, terrain=terrain, blips=(10, 10))
    left, right = before.blips["L"], before.blips["R"]
    s, _ = _event("swarm-surge", terrain=terrain, blips=(10, 10))  # red major (3), green minor (2)
    assert swarm_at(s, 1, "L") == left[:3]
    assert swarm_at(s, 3, "R") == right[:3]
    assert swarm_at(s, 2, "L") == left[3:5]


def test_spawn__short_pile_the_active_player_distributes() -> None:
    terrain = [("vent-shaft", 1, "L"), ("coolant-duct", 3, "L")]
    s, _ = _event("swarm-surge", terrain=terrain, blips=(4, 5))
    p = prompt(s)
    assert p.kind == "allocate_spawn" and p.players == ("p1",)
    assert p.options["p1"]["available"] == 4
    for bad in ([3, 3], [4, 0], [2, 1], [4]):
        reject(s, "p1", {"type": "allocate_spawn", "counts": bad}, "spawn/bad_allocation")
    pile = s.blips["L"]
    s, events = do(s, "p1", {"type": "allocate_spawn", "counts": [1, 3]})
    assert swarm_at(s, 1, "L") == pile[:1] and swarm_at(s, 3, "L") == pile[1:4]
    assert of(events, ev.LocationEntered)  # the left pile is empty at the phase end: travel


def test_spawn__short_pile_single_target_takes_what_there_is() -> None:
    before = table(ROWS, terrain=[("vent-shaft", 2, "L")], blips=(2, 5))
    s, _ = _event("swarm-surge", terrain=[("vent-shaft", 2, "L")], blips=(2, 5))
    assert swarm_at(s, 2, "L") == before.blips["L"]


def test_spawn__sealed_terrain_blocks_and_returns_its_token() -> None:
    s0 = table(ROWS, terrain=[("blast-door", 2, "R")])
    s0.formation[1].terrain[0].tokens, s0.pool = 1, s0.pool - 1
    s0.phase, s0.revealed, s0.event = "event", True, EventStep()
    s0.event_deck = ["scraping-in-the-ducts"]
    pool = s0.pool
    s, events = settle(s0)
    assert of(events, ev.SpawnSealed)[0].terrain == "blast-door"
    assert swarm_at(s, 2, "R") == [] and s.pool == pool + 1


def test_move__along_the_engaged_marines_edge_arrow_all_at_once() -> None:
    swarms = {
        (2, "L"): ["talon-1"],
        (3, "R"): ["talon-2"],
        (4, "L"): ["talon-3"],
        (1, "R"): ["maw-1"],
    }
    s, events = _event("skittering-above", swarms=swarms)  # red minor (no red terrain), move talon
    moved = of(events, ev.SwarmsMoved)[0]
    assert {(m.position, m.side, m.to_position, m.to_side) for m in moved.moves} == {
        (2, "L", 1, "L"),
        (3, "R", 4, "R"),
        (4, "L", 3, "L"),
    }
    assert swarm_at(s, 1, "L") == ["talon-1"] and swarm_at(s, 4, "R") == ["talon-2"]
    assert swarm_at(s, 3, "L") == ["talon-3"] and swarm_at(s, 1, "R") == ["maw-1"]


def test_move__off_the_end_flanks_unless_already_behind() -> None:
    rows = [("maro", "L"), ("castor", "L"), ("oren", "R"), ("halvar", "R")]
    s, events = _event(
        "skittering-above", rows, swarms={(1, "L"): ["talon-1"], (4, "L"): ["talon-2"]}
    )
    moves = of(events, ev.SwarmsMoved)[0].moves
    assert [(m.position, m.to_position, m.to_side, m.flank) for m in moves] == [(1, 1, "R", True)]
    assert swarm_at(s, 1, "R") == ["talon-1"] and swarm_at(s, 4, "L") == ["talon-2"]


def test_flank__behind_the_marine_or_not_at_all() -> None:
    s, _ = _event("they-circle", swarms={(2, "L"): ["talon-1"], (3, "L"): ["talon-2"]})
    assert swarm_at(s, 2, "R") == ["talon-1"]  # was in front of Maro (facing left)
    assert swarm_at(s, 3, "L") == ["talon-2"]  # already behind Halvar (facing right)


def test_move__each_card_once_per_event_phase_broodlord_by_either_symbol() -> None:
    s, events = _event("lull", swarms={(2, "L"): ["pale-tyrant"], (3, "R"): ["talon-1"]})
    first, second = of(events, ev.SwarmsMoved)
    assert [(m.position, m.to_position) for m in first.moves] == [(2, 1)]  # maw symbol
    assert [(m.position, m.to_side) for m in second.moves] == [(3, "L")]  # talon: not the lord
    assert swarm_at(s, 1, "L") == ["pale-tyrant"] and swarm_at(s, 3, "L") == ["talon-1"]


def test_event_phase_end__groups_merge_and_flags_clear() -> None:
    s = table(ROWS, swarms={(1, "L"): ["talon-1"]})
    s.formation[0].groups[0].attacked = True
    from vantage.rules.death_angel.state import Group

    s.formation[0].groups.append(Group(side="L", cards=["maw-1"], moved=True))
    s.phase, s.revealed, s.event = "event", True, EventStep()
    s.event_deck = ["swarm-surge"]
    s, _ = settle(s)
    groups = s.formation[0].groups
    assert len(groups) == 1 and groups[0].cards == ["talon-1", "maw-1"]
    assert not groups[0].attacked and not groups[0].moved


def test_event_deck__reshuffled_from_discard_when_empty() -> None:
    s = table(ROWS)
    s.event_discard, s.event_deck = list(s.event_deck), []
    s.phase, s.revealed, s.event = "event", True, EventStep()
    n = len(s.event_discard)
    s, events = settle(s, [1] * (n - 1))
    shuffled = of(events, ev.DeckShuffled)[0]
    assert shuffled.deck == "event" and len(shuffled.order) == n
    assert redact(shuffled, "p1")["order"] == n  # the new order is nobody's business


def test_flank__a_group_already_behind_is_not_marked_moved() -> None:
    # §12.15: so a later box of the same event phase may still move it
    from tests.death_angel.helpers import apply_all
    from vantage.rules.death_angel.events_cards import plan_moves
    from vantage.rules.death_angel.pack import MoveBox

    s = table(ROWS, swarms={(3, "L"): ["talon-1"]})  # behind Halvar, who faces right
    s.phase, s.event = "event", EventStep(card="lull", revealed=True, ability_done=True)
    assert plan_moves(s, MoveBox(kind="flank", genestealer="talon")) == ()
    s = apply_all(s, [ev.SwarmsMoved(box=0, moves=())])
    assert not s.formation[2].groups[0].moved
    moves = plan_moves(s, MoveBox(kind="move", genestealer="talon"))
    assert [(m.position, m.to_position) for m in moves] == [(3, 4)]  # Halvar's face R: left v


def test_spawn__joins_the_unmoved_group_only() -> None:
    # §12.18
    from tests.death_angel.helpers import apply_all
    from vantage.rules.death_angel.events import CardsPlaced

    s = table(ROWS, swarms={(1, "L"): ["talon-1"]}, blips=(3, 3))
    s.formation[0].groups[0].moved = True
    s.event = EventStep()
    first = s.blips["L"][0]
    placed = ev.GenestealersPlaced(placements=(CardsPlaced(position=1, side="L", cards=(first,)),))
    s = apply_all(s, [placed])
    assert [g.cards for g in s.formation[0].groups] == [["talon-1"], [first]]
    second = s.blips["L"][0]
    again = ev.GenestealersPlaced(placements=(CardsPlaced(position=1, side="L", cards=(second,)),))
    s = apply_all(s, [again])
    assert [g.cards for g in s.formation[0].groups] == [["talon-1"], [first, second]]
