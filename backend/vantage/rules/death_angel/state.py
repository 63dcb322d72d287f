"""The dynamic state of a game (death-angel §10.2) and read-only helpers over it.

Positions are numbered 1..n from the head of the formation (§4); ``formation[p - 1]`` is the row
at position ``p``. The state is mutable but only ``evolve`` mutates it, always on a copy.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Literal

from vantage.engine.codec import Codec
from vantage.rules.death_angel.pack import ActionKind, Index, Pack, Place, SetupCard, Side, index

Phase = Literal["setup", "select", "resolve", "attack", "event", "over"]

RULES_REVISION = 4
"""This code's Death Angel rules revision (rules decision E16). 2 added: a Support action with
the support pool empty asks nothing (``support_pool_empty``, E15). 3 added: an ability that
cannot give its tokens from the empty pool says who goes without (``pool_ran_out``), and a
location's "on entering" ability is named before its effects (``location_ability_used``; E17).
4 added: ``pool_ran_out`` names a marine given some of his tokens apart (``partly``; E17).
Games created before keep the rules of their revision."""


@dataclass(slots=True, kw_only=True)
class MarineState:
    """A marine in the formation: facing and the support tokens lying on his card (§4)."""

    id: str
    team: str
    facing: Side
    tokens: int = 0


@dataclass(slots=True, kw_only=True)
class TerrainState:
    """A terrain card beside the formation; tokens and the once-per-round flag (§6.3)."""

    id: str
    side: Side
    tokens: int = 0
    activated: bool = False


@dataclass(slots=True, kw_only=True)
class Group:
    """Face-up genestealer cards kept together; a swarm is every group on one side (§4.3)."""

    side: Side
    cards: list[str]
    attacked: bool = False
    moved: bool = False


@dataclass(slots=True, kw_only=True)
class Row:
    """One position: a marine and the terrain and genestealers beside him (§4)."""

    marine: MarineState
    terrain: list[TerrainState] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class Roll:
    """A combat die waiting to be kept or re-rolled (§6.2)."""

    purpose: Literal["attack", "defence"]
    player: str
    marine: str
    position: int
    side: Side
    value: int
    skull: bool = False
    kept: bool = False


@dataclass(slots=True, kw_only=True)
class KillRequest:
    """``count`` genestealers to slay from the swarm at a position and side (§6.4)."""

    player: str
    position: int
    side: Side
    count: int


@dataclass(slots=True, kw_only=True)
class ActStep:
    """The action card being resolved (§5.2, §6)."""

    card: str
    team: str
    player: str
    kind: ActionKind
    ability_done: bool = False
    support_done: bool = False
    stage: Literal["move", "flip", "activate"] = "move"
    moved: list[str] = field(default_factory=list)
    flipped: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class EventStep:
    """The event card of the event phase, or of the initial spawn at setup (§5.4, §3.1)."""

    card: str | None = None
    setup: bool = False
    revealed: bool = False
    choice: str | None = None
    ability_done: bool = False
    box: int = 0
    sides_done: list[Side] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class TravelStep:
    """Travel in progress: place terrain, refill blip piles, on-entering ability (§7.2)."""

    stage: Literal["terrain", "blips", "ability"] = "terrain"
    discarded: bool = False
    odd_side: Side | None = None


@dataclass(slots=True, kw_only=True)
class State:
    """Everything about one game; the pack travels with it so a custom pack replays."""

    pack: Pack
    seats: tuple[str, ...]
    rules_revision: int = 1
    """The rules revision the game was created under (E16). Absent means 1, as in a stored
    request: a snapshot stored before revisions decodes as revision 1 (a new game's state names
    ``RULES_REVISION``)."""
    phase: Phase = "setup"
    phase_done: Literal["", "check", "travelled"] = ""
    round: int = 0
    outcome: Literal["", "won", "lost"] = ""
    outcome_reason: str = ""
    first_player: str = ""
    teams: dict[str, str] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    selection: dict[str, str] = field(default_factory=dict)
    last_round: dict[str, str] = field(default_factory=dict)
    revealed: bool = False
    order: list[str] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    act: ActStep | None = None
    active_player: str = ""
    active_card: str = ""
    formation: list[Row] = field(default_factory=list)
    stray: list[str] = field(default_factory=list)
    dead_marines: list[str] = field(default_factory=list)
    gs_deck: list[str] = field(default_factory=list)
    gs_discard: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    event_discard: list[str] = field(default_factory=list)
    location_deck: list[str] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)
    blips: dict[Side, list[str]] = field(default_factory=lambda: {"L": [], "R": []})
    pool: int = 0
    broodlords_reserve: list[str] = field(default_factory=list)
    broodlords_slain: list[str] = field(default_factory=list)
    progress: dict[str, int] = field(default_factory=dict)
    roll: Roll | None = None
    kills: list[KillRequest] = field(default_factory=list)
    event: EventStep | None = None
    travel: TravelStep | None = None

    def since(self, revision: int) -> bool:
        """Whether this game's rules include what revision ``revision`` added (E16)."""
        return self.rules_revision >= revision

    @property
    def ix(self) -> Index:
        """Card lookups for this game's pack."""
        return index(self.pack)

    @property
    def location(self) -> Place:
        """The current location card (the setup card until the first travel)."""
        return self.ix.places[self.locations[-1]]

    @property
    def setup_card(self) -> SetupCard:
        """The setup card, whose spawn numbers apply all game (§6.6)."""
        card = self.ix.places[self.locations[0]]
        assert isinstance(card, SetupCard)
        return card


STATE_CODEC: Codec[State] = Codec(State)


def clone(state: State) -> State:
    """A deep copy sharing the (immutable) pack."""
    return copy.deepcopy(state, {id(state.pack): state.pack})


def row(state: State, position: int) -> Row:
    """The row at a 1-based position."""
    return state.formation[position - 1]


def marine_position(state: State, marine: str) -> int | None:
    """The 1-based position of a living marine."""
    for i, r in enumerate(state.formation, start=1):
        if r.marine.id == marine:
            return i
    return None


def marine_at(state: State, marine: str) -> MarineState | None:
    """A living marine's state."""
    pos = marine_position(state, marine)
    return None if pos is None else row(state, pos).marine


def controller(state: State, marine: str) -> str:
    """The player who controls a marine (the owner of its team)."""
    return state.teams[state.ix.marine_team[marine]]


def team_marines(state: State, team: str) -> list[str]:
    """The living marines of a team, top to bottom."""
    return [r.marine.id for r in state.formation if r.marine.team == team]


def player_teams(state: State, player: str) -> list[str]:
    """The player's teams that still have a marine, in pick order."""
    return [t for t, p in state.teams.items() if p == player and team_marines(state, t)]


def swarm(state: State, position: int, side: Side) -> list[str]:
    """Every face-up card at a position and side (all groups there, §4)."""
    return [c for g in row(state, position).groups if g.side == side for c in g.cards]


def genestealers_in_play(state: State) -> int:
    """Face-up genestealer and broodlord cards in the formation (and strays, §12 decision)."""
    return sum(len(g.cards) for r in state.formation for g in r.groups) + len(state.stray)


def card_types(state: State, card: str) -> tuple[str, ...]:
    """The type symbols of a genestealer (one) or broodlord (two) card (§6.7, §6.9)."""
    return state.ix.gs_types[card]
