"""Commands a player sends in a 10th-edition game (docs/wh40k10e.md "Commands").

Every command is a frozen dataclass tagged by ``type``. Paths are waypoints in inches after the
model's current position; the last waypoint is where the model ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field

from vantage.engine.codec import Codec, Coordinate, Height, wire

Point = tuple[Coordinate, Coordinate]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    """Where one model is set up."""

    model: str
    x: Coordinate
    y: Coordinate
    z: Height = 0.0
    facing: Coordinate | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class PathIn:
    """One model's path: waypoints (the last is the end), and the end height ``z``."""

    model: str
    path: tuple[Point, ...]
    z: Height | None = None
    facing: Coordinate | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttackIn:
    """One model attacks with one weapon at one enemy unit."""

    model: str
    weapon: str
    target: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class DeckIn:
    """FIRING DECK: one embarked model's ranged weapon the transport is equipped with."""

    model: str
    weapon: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceObjective:
    """Only War: place the next objective marker (§10)."""

    type: Literal["place_objective"] = "place_objective"
    x: Coordinate
    y: Coordinate


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareFormations:
    """Declare Battle Formations (§5.1 step 5): Leaders attached to Bodyguard units
    (``attach`` {leader: bodyguard}, §3.6), reserves, Strategic Reserves, embarked units; an
    attached unit is named by its Bodyguard unit's id."""

    type: Literal["declare_formations"] = "declare_formations"
    reserves: tuple[str, ...] = ()
    strategic_reserves: tuple[str, ...] = ()
    embark: Mapping[str, str] = field(default_factory=dict)
    attach: Mapping[str, str] = field(default_factory=dict)
    hover: tuple[str, ...] = ()
    """AIRCRAFT units in Hover mode for the battle (§4.9)."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Deploy:
    """Set up one unit during deployment (wholly within the zone, or Infiltrators)."""

    type: Literal["deploy"] = "deploy"
    unit: str
    models: tuple[Place, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """Move a unit in the Movement phase (or a Scouts move before the first turn)."""

    type: Literal["move"] = "move"
    unit: str
    kind: Literal["normal", "advance", "fall_back", "stationary", "scouts"]
    paths: tuple[PathIn, ...] = ()
    embark: str | None = None
    casualties: tuple[str, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RollAdvance:
    """Roll the Advance D6 for a unit before moving it."""

    type: Literal["roll_advance"] = "roll_advance"
    unit: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Arrive:
    """Set up a unit from Reserves (Reinforcements step) or disembark it."""

    type: Literal["arrive"] = "arrive"
    unit: str
    models: tuple[Place, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Disembark:
    """Set a unit that started the phase embarked wholly within 3" of its transport."""

    type: Literal["disembark"] = "disembark"
    unit: str
    models: tuple[Place, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot:
    """Select a unit to shoot: every model's weapon and target, declared at once."""

    type: Literal["shoot"] = "shoot"
    unit: str
    attacks: tuple[AttackIn, ...]
    firing_deck: tuple[DeckIn, ...] = ()
    """FIRING DECK x: up to x embarked models and one ranged weapon each (§3.7); the
    transport's first model then fires it as ``"<weapon> [deck <model>]"``."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Allocate:
    """The defender's choice of model for the next allocation; or, pending ``precision``, the
    attacker's choice of CHARACTER model (``"none"``: allocate as normal, §8.4 PRECISION)."""

    type: Literal["allocate"] = "allocate"
    model: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareCharge:
    """Declare a charge against one or more enemy units within 12" and roll 2D6."""

    type: Literal["declare_charge"] = "declare_charge"
    unit: str
    targets: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ChargeMove:
    """The charge move after the roll; no paths gives up (the charge fails)."""

    type: Literal["charge_move"] = "charge_move"
    unit: str
    paths: tuple[PathIn, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Fight:
    """Select a unit to fight: pile-in paths, then every fighting model's weapon and target."""

    type: Literal["fight"] = "fight"
    unit: str
    pile_in: tuple[PathIn, ...] = ()
    attacks: tuple[AttackIn, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Consolidate:
    """The consolidation move after a unit has fought (no paths: no move)."""

    type: Literal["consolidate"] = "consolidate"
    unit: str
    paths: tuple[PathIn, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UseStratagem:
    """Use a core stratagem in its timing window (docs/wh40k10e.md "Stratagems")."""

    type: Literal["stratagem"] = "stratagem"
    name: str
    unit: str
    target: str | None = None
    model: str | None = None
    weapon: str | None = None
    attacks: tuple[AttackIn, ...] = ()
    models: tuple[Place, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Reroll:
    """Command Re-roll (1 CP) of an offered roll: ``roll`` indexes ``detail.dice``."""

    type: Literal["reroll"] = "reroll"
    roll: int = 0


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RerollOffers:
    """Be offered Command Re-roll after your failed rolls (``offer``) or never; switching off
    while an offer waits declines it."""

    type: Literal["reroll_offers"] = "reroll_offers"
    offer: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionOffers:
    """Be asked whether to use a stratagem in the opponent's turn (``offer``, the default) or
    not; switching off while such a window waits for you passes it."""

    type: Literal["reaction_offers"] = "reaction_offers"
    offer: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveModels:
    """End of turn: the models the controller removes to restore the unit's coherency (§5.9)."""

    type: Literal["remove_models"] = "remove_models"
    unit: str
    models: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Pass:
    """Decline an optional decision (a reaction window, Scouts moves)."""

    type: Literal["pass"] = "pass"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EndPhase:
    """The active player ends the current phase (or step)."""

    type: Literal["end_phase"] = "end_phase"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UndoLast:
    """Take back the acting player's last action (no die rolled since)."""

    type: Literal["undo"] = "undo"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerUndo:
    """Strict mode: the opponent accepts or refuses an undo request."""

    type: Literal["answer_undo"] = "answer_undo"
    accept: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Concede:
    """Give up the game."""

    type: Literal["concede"] = "concede"


Command = Annotated[
    PlaceObjective
    | DeclareFormations
    | Deploy
    | Move
    | RollAdvance
    | Arrive
    | Disembark
    | Shoot
    | Allocate
    | DeclareCharge
    | ChargeMove
    | Fight
    | Consolidate
    | UseStratagem
    | Reroll
    | RerollOffers
    | ReactionOffers
    | RemoveModels
    | Pass
    | EndPhase
    | UndoLast
    | AnswerUndo
    | Concede,
    Field(discriminator="type"),
]

COMMAND_CODEC: Codec[Command] = Codec(Command)
