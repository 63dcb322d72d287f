"""Commands and events of table systems: moving models."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from vantage.engine.codec import Coordinate, Height, wire


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Placement:
    """Where a model should go: position in inches, optional facing and height."""

    x: Coordinate
    y: Coordinate
    facing: Coordinate | None = None
    z: Height | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ModelMove:
    """One model of a move command."""

    model: str
    to: Placement


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MoveModels:
    """Move some of the actor's models at once (a unit keeping its formation)."""

    type: Literal["move_models"] = "move_models"
    moves: tuple[ModelMove, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MovedModel:
    """A model's new position and how far its centre moved."""

    model: str
    x: float
    y: float
    z: float
    facing: float
    distance: float


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ModelsMoved:
    """Models were moved by a player."""

    type: Literal["models_moved"] = "models_moved"
    player: str
    moves: tuple[MovedModel, ...]
