"""Events of dice, genestealers, deaths, the event phase and the end of the game.

Split from ``events.py`` (which gathers every event into the ``Event`` union) to keep modules
small; see ``events.py`` for the redaction notes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from vantage.engine.codec import wire
from vantage.rules.death_angel.pack import Side

DiePurpose = Literal["attack", "defence", "ability"]


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
class PoolRanOut:
    """Tokens an ability would place that the support pool no longer holds: these marines (or
    this terrain card) go without (§6.1 [L550]: no token from an empty pool). Nothing changes;
    the log says so (rules revision 3, rules decision E17)."""

    type: Literal["pool_ran_out"] = "pool_ran_out"
    marines: tuple[str, ...] = ()
    terrain: str | None = None
    partly: tuple[str, ...] = ()
    """Marines who got some of their tokens, not all (``marines`` got none)."""


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
