"""The events of a Death Angel game: past-tense facts, each die and shuffle recorded in them.

``evolve.py`` applies them; ``views.redact`` hides the secret ones (deck orders, blip cards, an
unrevealed selection or event card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from vantage.engine.codec import Codec, wire
from vantage.rules.death_angel.pack import Side
from vantage.rules.death_angel.state import Phase
from vantage.rules.death_angel.swarm_events import (
    ActionFinished,
    AttackResolved,
    BlipDiscarded,
    BoxResolved,
    CardsPlaced,
    DiePurpose,
    DieRolled,
    EventAbilityResolved,
    EventDiscarded,
    EventDrawn,
    EventRevealed,
    GameLost,
    GameWon,
    GenestealerSlain,
    GenestealersPlaced,
    InstinctChosen,
    KillDropped,
    KillRequested,
    MarineKilled,
    PoolRanOut,
    ProgressMade,
    RollKept,
    SpawnSealed,
    SwarmAttackFinished,
    SwarmAttackStarted,
    SwarmMove,
    SwarmsMoved,
    TeamEliminated,
    TokensDiscarded,
    TokenSpent,
    TokensPlaced,
)


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TeamPick:
    """One combat team marker taken by a player (§3.1 step 4)."""

    team: str
    player: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainPlacement:
    """A terrain card placed at a position and side (§7.3)."""

    terrain: str
    position: int
    side: Side


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SetupDealt:
    """Setup steps 1-5 with every random result (§3.1): picks, formation, deck orders."""

    type: Literal["setup_dealt"] = "setup_dealt"
    first_player: str
    picks: tuple[TeamPick, ...]
    formation: tuple[str, ...]
    setup_card: str
    location_deck: tuple[str, ...]
    genestealer_deck: tuple[str, ...]
    event_deck: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class LocationEntered:
    """Travel step 1: the top location card becomes the current location (§7.2)."""

    type: Literal["location_entered"] = "location_entered"
    location: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class LocationAbilityUsed:
    """Travel step 4: the location's "on entering" ability applies now; its effects follow
    (§7.2 step 4; rules revision 3, rules decision E17)."""

    type: Literal["location_ability_used"] = "location_ability_used"
    location: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainPlaced:
    """All terrain removed, then these placed (§7.2 step 2)."""

    type: Literal["terrain_placed"] = "terrain_placed"
    placements: tuple[TerrainPlacement, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class BlipsDiscarded:
    """The cards left in both blip piles go to the genestealer discard pile (§7.2 step 3)."""

    type: Literal["blips_discarded"] = "blips_discarded"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class DeckShuffled:
    """A discard pile shuffled into a new deck below the remaining cards (§6.8, §8)."""

    type: Literal["deck_shuffled"] = "deck_shuffled"
    deck: Literal["genestealer", "event"]
    order: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class BlipSideChosen:
    """The active player gives the odd genestealer card to this pile (§12.19)."""

    type: Literal["blip_side_chosen"] = "blip_side_chosen"
    side: Side


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class BlipsDealt:
    """Cards dealt face down from the genestealer deck to the blip piles (§7.1)."""

    type: Literal["blips_dealt"] = "blips_dealt"
    left: tuple[str, ...]
    right: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TravelFinished:
    """Travel done; the interrupted round continues (§7.2)."""

    type: Literal["travel_finished"] = "travel_finished"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted:
    """A new round begins with action selection (§5)."""

    type: Literal["round_started"] = "round_started"
    round: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseEnded:
    """The end of a phase: the moment of the travel check (§7.2)."""

    type: Literal["phase_ended"] = "phase_ended"
    phase: Phase


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseStarted:
    """The next phase of the round begins (§5)."""

    type: Literal["phase_started"] = "phase_started"
    phase: Phase


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ActionsSelected:
    """A player's secret choice, one card per own team (§5.1); hidden from the others."""

    type: Literal["actions_selected"] = "actions_selected"
    player: str
    cards: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ActionsRevealed:
    """All choices revealed at once, in resolution order (§5.2)."""

    type: Literal["actions_revealed"] = "actions_revealed"
    order: tuple[str, ...]
    active_player: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ActionStarted:
    """The next action card in initiative order starts resolving (§5.2)."""

    type: Literal["action_started"] = "action_started"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityUsed:
    """A card's ``on_resolve`` ability has been applied (§5.2)."""

    type: Literal["ability_used"] = "ability_used"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SupportGiven:
    """Support action: a token from the pool onto a marine, if the pool has one (§6.1)."""

    type: Literal["support_given"] = "support_given"
    card: str
    marine: str
    placed: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SupportPoolEmpty:
    """Support action with the support pool empty: no token can be placed, so the card's owner
    is not asked for a marine (§6.1 [L550]; rules revision 2, rules decisions E15, E16)."""

    type: Literal["support_pool_empty"] = "support_pool_empty"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MarineMoved:
    """Move + Activate step A: two marines swap places, keeping facing (§4.1)."""

    type: Literal["marine_moved"] = "marine_moved"
    card: str
    marine: str
    other: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MarineFlipped:
    """Move + Activate step B: a marine now faces the other way (§6.3)."""

    type: Literal["marine_flipped"] = "marine_flipped"
    card: str
    marine: str
    facing: Side


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainActivated:
    """Move + Activate step C: a terrain card in front of a team marine (§6.3)."""

    type: Literal["terrain_activated"] = "terrain_activated"
    card: str
    marine: str
    terrain: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttackDeclared:
    """A marine attacks the swarm at a position and side (§6.4)."""

    type: Literal["attack_declared"] = "attack_declared"
    card: str
    marine: str
    position: int
    side: Side


__all__ = [
    "EVENT_CODEC",
    "AbilityUsed",
    "ActionFinished",
    "ActionStarted",
    "ActionsRevealed",
    "ActionsSelected",
    "AttackDeclared",
    "AttackResolved",
    "BlipDiscarded",
    "BlipSideChosen",
    "BlipsDealt",
    "BlipsDiscarded",
    "BoxResolved",
    "CardsPlaced",
    "DeckShuffled",
    "DiePurpose",
    "DieRolled",
    "Event",
    "EventAbilityResolved",
    "EventDiscarded",
    "EventDrawn",
    "EventRevealed",
    "GameLost",
    "GameWon",
    "GenestealerSlain",
    "GenestealersPlaced",
    "InstinctChosen",
    "KillDropped",
    "KillRequested",
    "LocationAbilityUsed",
    "LocationEntered",
    "MarineFlipped",
    "MarineKilled",
    "MarineMoved",
    "PhaseEnded",
    "PhaseStarted",
    "PoolRanOut",
    "ProgressMade",
    "RollKept",
    "RoundStarted",
    "SetupDealt",
    "SpawnSealed",
    "SupportGiven",
    "SupportPoolEmpty",
    "SwarmAttackFinished",
    "SwarmAttackStarted",
    "SwarmMove",
    "SwarmsMoved",
    "TeamEliminated",
    "TeamPick",
    "TerrainActivated",
    "TerrainPlaced",
    "TerrainPlacement",
    "TokenSpent",
    "TokensDiscarded",
    "TokensPlaced",
    "TravelFinished",
]

Event = Annotated[
    SetupDealt
    | LocationEntered
    | LocationAbilityUsed
    | TerrainPlaced
    | BlipsDiscarded
    | DeckShuffled
    | BlipSideChosen
    | BlipsDealt
    | TravelFinished
    | RoundStarted
    | PhaseEnded
    | PhaseStarted
    | ActionsSelected
    | ActionsRevealed
    | ActionStarted
    | AbilityUsed
    | SupportGiven
    | SupportPoolEmpty
    | MarineMoved
    | MarineFlipped
    | TerrainActivated
    | AttackDeclared
    | DieRolled
    | TokenSpent
    | RollKept
    | AttackResolved
    | KillRequested
    | GenestealerSlain
    | KillDropped
    | ActionFinished
    | TokensPlaced
    | PoolRanOut
    | TokensDiscarded
    | SwarmAttackStarted
    | SwarmAttackFinished
    | MarineKilled
    | TeamEliminated
    | EventDrawn
    | InstinctChosen
    | EventRevealed
    | EventAbilityResolved
    | GenestealersPlaced
    | SpawnSealed
    | SwarmsMoved
    | BoxResolved
    | EventDiscarded
    | ProgressMade
    | BlipDiscarded
    | GameWon
    | GameLost,
    Field(discriminator="type"),
]

EVENT_CODEC: Codec[Event] = Codec(Event)
