"""Travel at phase ends, blip piles and location abilities (death-angel §7, §11.6, §11.23-24)."""

from __future__ import annotations

from typing import Any

from tests.death_angel.helpers import do, of, prompt, settle, swarm_at, table, types
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.state import State
from vantage.rules.death_angel.travel import blip_split
from vantage.rules.death_angel.views import project, redact

ROWS = [("castor", "L"), ("maro", "L"), ("halvar", "R"), ("oren", "R")]
DECK = ["chapel-ruins", "brood-chamber", "tyrant-throne"]


def _end_attack_phase(blips: tuple[int, int], deck: list[str] = DECK, **kw: Any) -> State:
    s = table(ROWS, blips=blips, **kw)
    s.phase, s.revealed = "attack", True
    s.location_deck = list(deck)
    s.event_deck = ["lull", *[c for c in s.event_deck if c != "lull"]]
    return s


def test_travel__empty_pile_at_phase_end_moves_to_the_next_location() -> None:
    s = _end_attack_phase((0, 5), terrain=[("supply-locker", 1, "L")])
    s.formation[0].terrain[0].activated = True
    right = list(s.blips["R"])
    s, events = settle(s)
    kinds = types(events)
    start = kinds.index("location_entered")
    assert kinds[start - 1 : start + 8] == [
        "phase_ended",
        "location_entered",
        "terrain_placed",
        "blips_discarded",
        "blips_dealt",
        "location_ability_used",  # rules revision 3 names the ability first (E17)
        "tokens_placed",
        "travel_finished",
        "phase_started",
    ]
    assert of(events, ev.LocationAbilityUsed) == [ev.LocationAbilityUsed(location="chapel-ruins")]
    assert s.locations[-1] == "chapel-ruins" and s.location_deck == DECK[1:]
    placed = {(p.terrain, p.position, p.side) for p in of(events, ev.TerrainPlaced)[0].placements}
    assert placed == {
        ("shadowed-niche", 2, "L"),
        ("blast-door", 4, "L"),
        ("cargo-lift", 1, "R"),
        ("coolant-duct", 2, "R"),
    }
    dealt = of(events, ev.BlipsDealt)[0]
    assert (len(dealt.left), len(dealt.right)) == (5, 7)
    assert set(right) <= set(s.gs_discard)  # the old pile was discarded face up
    assert of(events, ev.TokensPlaced)[0].marine == "castor"  # On entering: resupply(1)
    assert redact(dealt, "p1") == {"type": "blips_dealt", "left": 5, "right": 7}


def test_travel__on_entering_with_the_pool_empty_names_who_goes_without() -> None:
    """E17: the location's "on entering" ability (one token to the marine at the head) finds
    the pool empty: the log names the ability, then the marine who gains nothing."""
    s = _end_attack_phase((0, 5))
    s.pool = 0
    s, events = settle(s)
    kinds = types(events)
    at = kinds.index("location_ability_used")
    assert kinds[at : at + 3] == ["location_ability_used", "pool_ran_out", "travel_finished"]
    assert events[at + 1] == ev.PoolRanOut(marines=("castor",))
    assert not of(events, ev.TokensPlaced) and s.pool == 0
    # then, in the event phase, the Lull event's reward for the calm marines goes without too
    calm = ev.PoolRanOut(marines=("castor", "maro", "halvar", "oren"))
    assert of(events, ev.PoolRanOut) == [events[at + 1], calm]


def test_travel__revision_2_neither_names_the_ability_nor_who_goes_without() -> None:
    s = _end_attack_phase((0, 5), revision=2)
    s.pool = 0
    s, events = settle(s)
    assert of(events, ev.LocationEntered)
    assert not of(events, ev.LocationAbilityUsed) and not of(events, ev.PoolRanOut)


def test_travel__engaged_genestealers_stay() -> None:
    s = _end_attack_phase((0, 5), swarms={(2, "R"): ["talon-1"]})
    s, events = settle(s, [6])  # Maro survives the swarm's attack
    assert of(events, ev.LocationEntered) and "talon-1" in swarm_at(s, 2, "R")


def test_travel__not_when_the_location_deck_is_empty() -> None:
    s = _end_attack_phase((0, 5), deck=[], swarms={(2, "R"): ["talon-1"]})
    s, events = settle(s, [6])
    assert not of(events, ev.LocationEntered) and s.outcome == ""


def test_travel__checked_after_the_selection_phase() -> None:
    # §12.10: the initial spawn may leave a pile empty; travel happens before resolution
    s = table(ROWS, blips=(0, 5))
    s.location_deck = list(DECK)
    picks = {"p1": "ember-drill", "p2": "cobalt-leapfrog", "p3": "verdant-reposition"}
    for player, card in picks.items():
        s, events = do(s, player, {"type": "select_actions", "round": 1, "cards": [card]})
    kinds = types(events)
    assert kinds.index("location_entered") < kinds.index("phase_started")
    assert s.phase == "resolve"


def test_travel__reshuffles_the_discard_when_the_deck_runs_out() -> None:
    s = _end_attack_phase((0, 0))
    s.gs_discard, s.gs_deck = s.gs_deck[2:22], s.gs_deck[:2]
    s, events = settle(s, [1] * 19)
    shuffled = of(events, ev.DeckShuffled)[0]
    assert shuffled.deck == "genestealer" and len(shuffled.order) == 20
    dealt = of(events, ev.BlipsDealt)[0]
    assert (len(dealt.left), len(dealt.right)) == (5, 7)


def test_blip_split__as_large_and_even_as_possible_within_printed_counts() -> None:
    assert blip_split(20, (5, 7), None) == [(5, 7)]
    assert blip_split(5, (5, 7), None) == [(2, 3), (3, 2)]
    assert blip_split(5, (5, 7), "L") == [(3, 2)]
    assert blip_split(5, (1, 7), None) == [(1, 4)]
    assert blip_split(0, (5, 7), None) == [(0, 0)]


def test_travel__short_genestealers_active_player_gives_the_odd_card() -> None:
    s = _end_attack_phase((0, 0))
    s.gs_discard, s.gs_deck = [], s.gs_deck[:5]
    s, _ = settle(s)
    assert prompt(s).kind == "choose_blip_side" and prompt(s).players == ("p1",)
    assert project(s, "p2")["pending"]["kind"] == "choose_blip_side"
    s, events = do(s, "p1", {"type": "choose_blip_side", "side": "L"})
    dealt = of(events, ev.BlipsDealt)[0]
    assert (len(dealt.left), len(dealt.right)) == (3, 2)


def test_travel__on_entering_a_broodlord_appears_directly() -> None:
    s = _end_attack_phase((0, 5), deck=["brood-chamber", "tyrant-throne"])
    s, events = settle(s)
    placed = next(e for e in of(events, ev.GenestealersPlaced) if not e.from_blips)
    assert placed.placements[0].cards == ("hollow-king",)
    assert "hollow-king" in swarm_at(s, 4, "L")  # "1 from the bottom", left
    assert "hollow-king" not in s.broodlords_reserve
