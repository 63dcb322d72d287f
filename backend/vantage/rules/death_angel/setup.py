"""Game set-up: the request, the seats and the deal with every random result (§3, §11.1-4)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel.content import demo_pack_json, pack_of
from vantage.rules.death_angel.die import shuffled
from vantage.rules.death_angel.events import SetupDealt, TeamPick
from vantage.rules.death_angel.pack import Pack, SetupCard
from vantage.rules.death_angel.state import RULES_REVISION, State

# §3.2: team markers per player for 1..6 players
PICKS_PER_PLAYER = {1: 3, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}
DEFAULT_SEATS = 2
"""Seats of a game created without ``"seats"`` (the lobby's default too)."""
OPTIONS = ("pack", "seats")
"""The fields of a create-game request this system reads (besides ``system``)."""
REVISION_KEY = "rules_revision"
"""Stored with each new game's request by the server (``stamped``), never given by a client
(it is not in ``OPTIONS``): the rules revision the game is decided by (rules decision E16)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A validated create-game request."""

    seats: int
    pack: Pack
    revision: int = 1
    """The rules revision (E16): 1 for a stored request without one."""


def setup_card_for(pack: Pack, players: int) -> SetupCard | None:
    """The setup card printed for this player count (§3.1 step 2)."""
    return next((c for c in pack.setups if players in c.players), None)


def stamped(request: Mapping[str, Any]) -> dict[str, Any]:
    """A new game's request as it is stored: with this code's rules revision and, when it names
    no pack, the demo pack itself, so that neither a rules change nor a change to the demo pack
    ever changes a stored game (rules decision E16)."""
    out = {**request, REVISION_KEY: RULES_REVISION}
    if out.get("pack") is None:
        out["pack"] = copy.deepcopy(demo_pack_json())
    return out


def parse_setup(request: Mapping[str, Any]) -> Setup | Rejection:
    """``{"seats": 1..6}`` (two when absent) and an optional custom ``"pack"`` (the demo pack
    otherwise), and the ``rules_revision`` the server stamps (1 when absent: a game stored
    before revisions). A new game's request with any other field is refused before this
    (``Ruleset.create_options``); a stored one's is read as it is."""
    seats = request.get("seats", DEFAULT_SEATS)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= 6:
        return Rejection(
            "setup/invalid", "seats: must be a whole number from 1 to 6", {"field": "seats"}
        )
    revision = request.get(REVISION_KEY, 1)
    if (
        isinstance(revision, bool)
        or not isinstance(revision, int)
        or not 1 <= revision <= RULES_REVISION
    ):
        return Rejection(
            "setup/invalid",
            f"{REVISION_KEY}: must be a whole number from 1 to {RULES_REVISION}",
            {"field": REVISION_KEY},
        )
    pack = pack_of(request.get("pack"))
    if isinstance(pack, Rejection):
        return pack
    needed = PICKS_PER_PLAYER[seats] * seats
    if len(pack.teams) < needed:
        return Rejection(
            "setup/invalid",
            f"pack.teams: {seats} players need {needed} teams",
            {"field": "pack.teams"},
        )
    if setup_card_for(pack, seats) is None:
        return Rejection(
            "setup/invalid",
            f"pack.setups: no setup card for {seats} players",
            {"field": "pack.setups"},
        )
    return Setup(seats=seats, pack=pack, revision=revision)


def seat_ids(setup: Setup) -> tuple[str, ...]:
    """``p1`` .. ``pN``, in clockwise order."""
    return tuple(f"p{i}" for i in range(1, setup.seats + 1))


def deal(state: State, dice: Dice) -> SetupDealt:
    """Steps 1-5 of §3.1: shuffles, the location deck, team picks, the formation."""
    pack, seats = state.pack, state.seats
    first = seats[dice.roll(1, len(seats))[0] - 1]
    start = seats.index(first)
    order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    picks = tuple(
        TeamPick(team=team.id, player=order[i % len(order)])
        for i, team in enumerate(pack.teams[: PICKS_PER_PLAYER[len(seats)] * len(seats)])
    )
    card = setup_card_for(pack, len(seats))
    assert card is not None
    piles: dict[str, list[str]] = {}
    location_deck = []
    for label in card.recipe:  # §11.2: top of the deck = first recipe entry
        if label not in piles:
            piles[label] = list(
                shuffled([loc.id for loc in pack.locations if loc.label == label], dice)
            )
        location_deck.append(piles[label].pop())
    marines = [m.id for p in picks for m in state.ix.teams[p.team].marines]
    return SetupDealt(
        first_player=first,
        picks=picks,
        formation=shuffled(marines, dice),
        setup_card=card.id,
        location_deck=tuple(location_deck),
        genestealer_deck=shuffled(state.ix.genestealer_ids, dice),
        event_deck=shuffled([e.id for e in pack.events], dice),
    )
