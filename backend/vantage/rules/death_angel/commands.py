"""The commands a seat sends (death-angel §5-§8): one per choice the rules give a player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from vantage.engine.codec import Codec, wire
from vantage.rules.death_angel.pack import Side


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SelectActions:
    """Choose one action card per own team for this round, in secret (§5.1)."""

    type: Literal["select_actions"] = "select_actions"
    round: int
    cards: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GiveSupport:
    """Support action: put a token from the pool on any marine (§6.1)."""

    type: Literal["give_support"] = "give_support"
    marine: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MoveMarine:
    """Move + Activate step A: swap a team marine with an adjacent marine (§4.1)."""

    type: Literal["move_marine"] = "move_marine"
    marine: str
    other: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FlipMarine:
    """Move + Activate step B: turn a team marine to face the other way (§6.3)."""

    type: Literal["flip_marine"] = "flip_marine"
    marine: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ActivateTerrain:
    """Move + Activate step C: activate a terrain card in front of a team marine (§6.3)."""

    type: Literal["activate_terrain"] = "activate_terrain"
    marine: str
    terrain: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Attack:
    """Attack the swarm at a position and side with a team marine (§6.4)."""

    type: Literal["attack"] = "attack"
    marine: str
    position: int
    side: Side


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EndAction:
    """Finish the current Move + Activate or Attack action (the rest is passed)."""

    type: Literal["end_action"] = "end_action"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Reroll:
    """Spend a token of the rolling marine to re-roll the combat die (§6.2)."""

    type: Literal["reroll"] = "reroll"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class KeepRoll:
    """Keep the current combat roll."""

    type: Literal["keep_roll"] = "keep_roll"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseKill:
    """Choose which card of the swarm is slain (§6.4; broodlords last, §6.9)."""

    type: Literal["choose_kill"] = "choose_kill"
    card: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseInstinct:
    """The active player's binding INSTINCT choice of a marine (§5.4)."""

    type: Literal["choose_instinct"] = "choose_instinct"
    marine: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AllocateSpawn:
    """How many cards of a short blip pile spawn at each target, top to bottom (§6.6)."""

    type: Literal["allocate_spawn"] = "allocate_spawn"
    counts: tuple[int, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseBlipSide:
    """Which blip pile gets the odd card when genestealers run short (§12.19)."""

    type: Literal["choose_blip_side"] = "choose_blip_side"
    side: Side


Command = Annotated[
    SelectActions
    | GiveSupport
    | MoveMarine
    | FlipMarine
    | ActivateTerrain
    | Attack
    | EndAction
    | Reroll
    | KeepRoll
    | ChooseKill
    | ChooseInstinct
    | AllocateSpawn
    | ChooseBlipSide,
    Field(discriminator="type"),
]

COMMAND_CODEC: Codec[Command] = Codec(Command)
