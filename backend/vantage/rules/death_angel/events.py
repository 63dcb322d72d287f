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

DiePurpose = Literal["attack", "defence", "ability"]


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
class CardsPlaced:
    """Cards placed face up at a position and side (§6.6)."""

    position: int
    side: Side
    cards: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SwarmMove:
    """One group moved (simultaneously with the others of its box, §6.7)."""

    position: int
    side: Side
    group: int
    to_position: int
    to_side: Side
    flank: bool


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


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class DieRolled:
    """One roll of the combat die; ``face`` is the 1-based face index (§6.4, §5.3)."""

    type: Literal["die_rolled"] = "die_rolled"
    purpose: DiePurpose
    player: str
    marine: str | None = None
    face: int
    value: int
    skull: bool
    reroll: bool = False


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TokenSpent:
    """A token from the rolling marine back to the pool to re-roll (§6.2)."""

    type: Literal["token_spent"] = "token_spent"
    marine: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RollKept:
    """The player keeps the current combat roll."""

    type: Literal["roll_kept"] = "roll_kept"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttackResolved:
    """An attack roll is final: a hit (slays follow) or a miss (§6.4)."""

    type: Literal["attack_resolved"] = "attack_resolved"
    marine: str
    hit: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class KillRequested:
    """Genestealers of a swarm are to be slain, the player choosing which (§6.4)."""

    type: Literal["kill_requested"] = "kill_requested"
    player: str
    position: int
    side: Side
    count: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GenestealerSlain:
    """A genestealer (to the discard) or broodlord (set aside) is slain (§6.8, §12.5)."""

    type: Literal["genestealer_slain"] = "genestealer_slain"
    card: str
    position: int
    side: Side
    requested: bool = True


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class KillDropped:
    """A requested slay found no card left in that swarm."""

    type: Literal["kill_dropped"] = "kill_dropped"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ActionFinished:
    """The action card is fully resolved (§5.2)."""

    type: Literal["action_finished"] = "action_finished"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TokensPlaced:
    """Support tokens from the pool onto a marine or a terrain card (§6.1, §6.2)."""

    type: Literal["tokens_placed"] = "tokens_placed"
    marine: str | None = None
    terrain: str | None = None
    count: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TokensDiscarded:
    """Support tokens from a marine or terrain card back to the pool (§6.2)."""

    type: Literal["tokens_discarded"] = "tokens_discarded"
    marine: str | None = None
    terrain: str | None = None
    count: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SwarmAttackStarted:
    """The next swarm attacks; its unattacked groups merge (§5.3, §11.15)."""

    type: Literal["swarm_attack_started"] = "swarm_attack_started"
    position: int
    side: Side
    marine: str
    cards: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SwarmAttackFinished:
    """The defence roll is final (§5.3)."""

    type: Literal["swarm_attack_finished"] = "swarm_attack_finished"
    position: int
    side: Side
    survived: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MarineKilled:
    """A marine dies; the smaller segment shifts ``up`` or ``down`` into the gap (§4.2)."""

    type: Literal["marine_killed"] = "marine_killed"
    marine: str
    position: int
    shift: Literal["up", "down", "none"]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TeamEliminated:
    """Both marines of a team are dead: its action cards leave the game (§12.25, §11.17)."""

    type: Literal["team_eliminated"] = "team_eliminated"
    team: str
    cards: tuple[str, ...]
    active_player: str
    active_card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EventDrawn:
    """The active player draws the event card; only he sees it (§5.4)."""

    type: Literal["event_drawn"] = "event_drawn"
    player: str
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class InstinctChosen:
    """The binding INSTINCT choice, made before the card is shown (§5.4)."""

    type: Literal["instinct_chosen"] = "instinct_chosen"
    player: str
    marine: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EventRevealed:
    """The event card is shown to everyone (§5.4)."""

    type: Literal["event_revealed"] = "event_revealed"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EventAbilityResolved:
    """Event step A is done (§5.4)."""

    type: Literal["event_ability_resolved"] = "event_ability_resolved"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GenestealersPlaced:
    """Cards placed face up: from a blip pile (spawn, §6.6) or directly (a broodlord, §6.9)."""

    type: Literal["genestealers_placed"] = "genestealers_placed"
    placements: tuple[CardsPlaced, ...]
    from_blips: bool = True
    box_side: Side | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SpawnSealed:
    """A sealed terrain card blocks its spawn; its token returns to the pool."""

    type: Literal["spawn_sealed"] = "spawn_sealed"
    terrain: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SwarmsMoved:
    """A move or flank box: all moves at once, from a snapshot (§6.7, §11.22)."""

    type: Literal["swarms_moved"] = "swarms_moved"
    box: int
    moves: tuple[SwarmMove, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class BoxResolved:
    """An activation box is done (§5.4 step B)."""

    type: Literal["box_resolved"] = "box_resolved"
    box: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EventDiscarded:
    """The event card is discarded; swarms on one position and side merge (§4.3)."""

    type: Literal["event_discarded"] = "event_discarded"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ProgressMade:
    """A location's objective counter changed."""

    type: Literal["progress_made"] = "progress_made"
    location: str
    value: int


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class BlipDiscarded:
    """The top card of a blip pile is discarded face up."""

    type: Literal["blip_discarded"] = "blip_discarded"
    side: Side
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon:
    """Victory (§9): ``objective`` (the final location's) or ``cleared``."""

    type: Literal["game_won"] = "game_won"
    reason: Literal["objective", "cleared"]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GameLost:
    """Defeat: every marine is dead (§9)."""

    type: Literal["game_lost"] = "game_lost"


Event = Annotated[
    SetupDealt
    | LocationEntered
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
