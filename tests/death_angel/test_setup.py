"""The deal (death-angel §3, §11.1-4, §11.7): teams, formation, decks, terrain, initial spawn."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.death_angel.helpers import NOW, R, types
from vantage.engine.context import Ctx, Viewer
from vantage.engine.dice import FixedDice, SeededDice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.die import shuffled
from vantage.rules.death_angel.pack import Location
from vantage.rules.death_angel.setup import PICKS_PER_PLAYER
from vantage.rules.death_angel.state import STATE_CODEC, State


def _open(seats: int, seed: bytes = b"setup") -> tuple[State, list[ev.Event]]:
    setup = R.parse_setup({"seats": seats})
    state = R.initial_state(setup)
    events = list(R.opening(state, Ctx(Viewer(None), NOW, SeededDice(seed))))
    for e in events:
        state = R.evolve(state, e)
    return state, events


def test_a_request_without_seats_gets_the_default_two_and_bad_seats_name_the_field() -> None:
    setup = R.parse_setup({})
    assert not isinstance(setup, Rejection) and setup.seats == 2
    for bad in (0, 7, "2", True, None, 2.0):
        rejected = R.parse_setup({"seats": bad})
        assert isinstance(rejected, Rejection) and rejected.detail == {"field": "seats"}, bad


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5, 6])
def test_opening__deals_the_setup_for_each_player_count(seats: int) -> None:
    s, events = _open(seats)
    dealt = events[0]
    assert isinstance(dealt, ev.SetupDealt)
    per_player = Counter(p.player for p in dealt.picks)
    assert set(per_player.values()) == {PICKS_PER_PLAYER[seats]} and len(per_player) == seats
    start = s.seats.index(dealt.first_player)  # clockwise from a random player
    assert [p.player for p in dealt.picks][:seats] == [
        s.seats[(start + i) % seats] for i in range(seats)
    ]
    n = 2 * len(dealt.picks)
    assert len(s.formation) == n
    assert [r.marine.facing for r in s.formation] == ["L"] * (n // 2) + ["R"] * (n // 2)
    assert all(len(s.hands[t]) == 3 for t in s.teams)
    card = s.setup_card
    assert seats in card.players and s.locations == [card.id]
    labels = [s.ix.places[c].label for c in s.location_deck if isinstance(s.ix.places[c], Location)]
    assert labels == list(card.recipe)  # top of the deck is the first recipe entry
    assert {t.id for r in s.formation for t in r.terrain} == {
        i.terrain for i in (*card.left, *card.right)
    }
    # every genestealer card is somewhere, exactly once
    placed = [c for r in s.formation for g in r.groups for c in g.cards]
    everywhere = s.gs_deck + s.blips["L"] + s.blips["R"] + s.gs_discard + placed
    assert sorted(everywhere) == sorted(s.ix.genestealer_ids)
    assert len(s.blips["L"]) + len(s.blips["R"]) + len(placed) == sum(card.blips)
    assert s.phase == "select" and s.round == 1 and s.pool == s.pack.support_tokens
    assert s.active_player == dealt.first_player  # §12.9


def test_opening__initial_spawn_uses_only_the_spawn_boxes() -> None:
    for seed in (b"a", b"b", b"c", b"d"):
        s, events = _open(4, seed)
        kinds = types(events)
        drawn = next(e for e in events if isinstance(e, ev.EventDrawn))
        assert "swarms_moved" not in kinds and "instinct_chosen" not in kinds
        assert not [e for e in events if isinstance(e, ev.TokensPlaced | ev.TokensDiscarded)]
        assert s.event_discard == [drawn.card]
        assert kinds[-1] == "round_started"


def test_opening__same_seed_same_deal_and_state_roundtrips() -> None:
    s1, e1 = _open(5, b"same")
    _s2, e2 = _open(5, b"same")
    assert [R.events.encode(e) for e in e1] == [R.events.encode(e) for e in e2]
    encoded = STATE_CODEC.encode(s1)
    assert STATE_CODEC.encode(STATE_CODEC.decode(encoded)) == encoded
    for e in e1:
        assert R.events.decode(R.events.encode(e)) == e


def test_shuffle__fisher_yates_on_the_game_dice() -> None:
    assert shuffled(["a", "b", "c"], FixedDice([1, 1])) == ("b", "c", "a")
    assert shuffled(["a", "b", "c"], FixedDice([3, 2])) == ("a", "b", "c")


def test_the_lobby_says_as_many_teams_per_player_as_the_rules_deal() -> None:
    """The lobby's seat hint keeps its own copy of §3.2's table (frontend/src/ui/home-page.tsx,
    DA_TEAMS): it must say what the set-up deals."""
    page = Path(__file__).parents[2] / "frontend" / "src" / "ui" / "home-page.tsx"
    table = re.search(r"DA_TEAMS[^=]*=\s*\{([^}]*)\}", page.read_text())
    assert table is not None
    shown = {int(k): int(v) for k, v in re.findall(r"(\d+)\s*:\s*(\d+)", table[1])}
    assert shown == PICKS_PER_PLAYER
