"""Deaths, shifts, eliminated teams, terrain placement (§4.2, §7.3, §11.5, §11.17-18)."""

from __future__ import annotations

import pytest

from tests.death_angel.helpers import apply_all, face, of, order, settle, swarm_at, table
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.formation import death_events, shift_direction, terrain_placements
from vantage.rules.death_angel.state import State

EIGHT = [
    ("maro", "L"),
    ("tiber", "L"),
    ("castor", "L"),
    ("halvar", "L"),
    ("oren", "R"),
    ("vask", "R"),
    ("sael", "R"),
    ("quill", "R"),
]
FIVE = [("maro", "L"), ("tiber", "L"), ("castor", "R"), ("halvar", "R"), ("oren", "R")]


@pytest.mark.parametrize(
    ("size", "position", "shift"),
    [
        (5, 3, "up"),
        (5, 2, "down"),
        (5, 4, "up"),
        (4, 2, "down"),
        (4, 3, "up"),
        (5, 1, "up"),
        (5, 5, "down"),
        (1, 1, "none"),
    ],
)
def test_shift_direction__smaller_segment_moves_lower_on_tie(
    size: int, position: int, shift: str
) -> None:
    assert shift_direction(size, position) == shift


def _kill(s: State, marine: str) -> State:
    return apply_all(s, death_events(s, marine))


@pytest.mark.parametrize(
    ("dead", "receiver"),
    [
        ("castor", "halvar"),  # tie 2/2: the lower part moves up (§4.2)
        ("tiber", "maro"),  # above 1 < below 3: the upper part moves down
        ("halvar", "oren"),  # above 3 > below 1: the lower part moves up
        ("maro", "tiber"),  # head: the rest moves up (§12.3)
        ("oren", "halvar"),
    ],  # bottom: the rest moves down (§12.3)
)
def test_shift__dead_marines_cards_join_the_row_moving_in(dead: str, receiver: str) -> None:
    pos = [m for m, _ in FIVE].index(dead) + 1
    s = table(FIVE, swarms={(pos, "L"): ["talon-1"]}, terrain=[("vent-shaft", pos, "R")])
    s = _kill(s, dead)
    assert order(s) == [m for m, _ in FIVE if m != dead]
    row = next(r for r in s.formation if r.marine.id == receiver)
    assert [c for g in row.groups for c in g.cards] == ["talon-1"]
    assert [t.id for t in row.terrain] == ["vent-shaft"]


def test_shift__last_marine_leaves_his_swarm_as_strays() -> None:
    s = _kill(table([("maro", "L")], swarms={(1, "R"): ["talon-1"]}), "maro")
    assert s.formation == [] and s.stray == ["talon-1"]


def test_dead_marine__tokens_return_to_pool() -> None:
    s = table([("maro", "L", 2), ("tiber", "L")])
    pool = s.pool
    assert _kill(s, "maro").pool == pool + 2


def test_shift__digest_example_attacked_swarm_stays_separate_until_event_end() -> None:
    # §4.2 [L538-L544]: Deino dies, Claudio's part moves up; the swarm of two still attacks
    rows = [("maro", "L"), ("castor", "L"), ("halvar", "R"), ("tiber", "R")]
    s = table(rows, swarms={(3, "R"): ["talon-1"], (4, "R"): ["talon-2", "talon-3"]})
    s.phase, s.revealed = "attack", True
    s.event_deck = ["swarm-surge", *[c for c in s.event_deck if c != "swarm-surge"]]
    s, events = settle(s, [face(1), face(5)])
    attacks = of(events, ev.SwarmAttackStarted)
    assert [(a.marine, a.position, a.cards) for a in attacks] == [
        ("halvar", 3, ("talon-1",)),
        ("tiber", 3, ("talon-2", "talon-3")),
    ]
    shift = of(events, ev.MarineKilled)[0]
    assert shift.shift == "up" and order(s) == ["maro", "castor", "tiber"]
    # after the event phase all three cards form one swarm
    assert len(s.formation[2].groups) == 1
    assert sorted(swarm_at(s, 3, "R")) == ["talon-1", "talon-2", "talon-3"]


def test_team_eliminated__cards_leave_and_active_player_passes_on() -> None:
    s = table(EIGHT, swarms={(1, "L"): ["talon-1"], (2, "L"): ["talon-2"]})
    chosen = ["cobalt-longshot", "ember-drill", "verdant-reposition", "ivory-scout"]
    s.selection = {s.ix.action_team[c]: c for c in chosen}
    s.phase, s.revealed, s.order = "attack", True, chosen
    s.active_player, s.active_card = "p2", "cobalt-longshot"
    s.event_deck = ["swarm-surge", *[c for c in s.event_deck if c != "swarm-surge"]]
    s, events = settle(s, [face(0), face(0)])
    gone = of(events, ev.TeamEliminated)[0]
    assert gone.team == "cobalt" and set(gone.cards) == {a.id for a in s.ix.teams["cobalt"].actions}
    assert gone.active_player == "p1" and gone.active_card == "ember-drill"  # §12.8
    assert "cobalt" not in s.hands and of(events, ev.EventDrawn)[0].player == "p1"


def test_team_eliminated__its_unresolved_card_is_not_resolved() -> None:
    # §12.25
    s = table(EIGHT)
    s.queue = ["cobalt-longshot", "ember-drill"]
    s.order = list(s.queue)
    s = apply_all(s, [*death_events(s, "maro")])
    s = apply_all(s, [*death_events(s, "tiber")])
    assert s.queue == ["ember-drill"]


def test_terrain_placement__counts_from_top_or_bottom_and_clamps() -> None:
    s = table(FIVE[:4])
    place = s.ix.places["crawlspace"]  # L: cable-nest 1v, cargo-lift 3^; R: blast-door 2v, vent 1^
    got = [(p.terrain, p.position, p.side) for p in terrain_placements(s, place)]
    assert got == [
        ("cable-nest", 1, "L"),
        ("cargo-lift", 2, "L"),
        ("blast-door", 2, "R"),
        ("vent-shaft", 4, "R"),
    ]
    s = table(FIVE[:2])
    got = [(p.terrain, p.position, p.side) for p in terrain_placements(s, place)]
    assert got == [
        ("cable-nest", 1, "L"),
        ("cargo-lift", 1, "L"),
        ("blast-door", 2, "R"),
        ("vent-shaft", 2, "R"),
    ]  # §12.11: 3^ with two marines is the top one
