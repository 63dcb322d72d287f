"""The miniatures table: players, units, models, terrain and objectives (system-agnostic).

Positions are inches from the table's corner (scenario-format "Units and axes").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from vantage.engine.codec import wire
from vantage.geometry.shapes import Base


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Unit:
    """A unit of models belonging to one player."""

    id: str
    player: str
    name: str = ""
    keywords: tuple[str, ...] = ()
    starting_strength: int | None = None
    battle_shocked: bool = False


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Model:
    """One model on the table."""

    id: str
    unit: str
    base: Base
    x: float
    y: float
    z: float = 0.0
    height: float = 1.6
    facing: float = 0.0
    oc: int = 0
    wounds: int = 1
    name: str = ""
    melee_range: float = 0.0

    def placed(
        self, x: float, y: float, facing: float | None = None, z: float | None = None
    ) -> Model:
        """This model moved to a new position."""
        return replace(
            self,
            x=x,
            y=y,
            facing=self.facing if facing is None else facing,
            z=self.z if z is None else z,
        )


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainPiece:
    """A terrain feature: a footprint polygon with a height and a system-specific kind."""

    id: str
    kind: str
    polygon: tuple[tuple[float, float], ...]
    height: float = 0.0
    traits: tuple[str, ...] = ()
    floors: tuple[float, ...] = ()
    name: str = ""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Objective:
    """An objective marker (stands at z = 0)."""

    id: str
    x: float
    y: float
    diameter_mm: float = 40.0


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """Everything on the table at one moment."""

    width: float
    depth: float
    players: tuple[str, ...]
    units: Mapping[str, Unit] = field(default_factory=dict)
    models: Mapping[str, Model] = field(default_factory=dict)
    terrain: tuple[TerrainPiece, ...] = ()
    objectives: tuple[Objective, ...] = ()

    def owner(self, model_id: str) -> str | None:
        """The player who owns a model, or ``None`` for an unknown model."""
        model = self.models.get(model_id)
        if model is None:
            return None
        unit = self.units.get(model.unit)
        return unit.player if unit else None

    def with_models(self, changed: Mapping[str, Model]) -> Table:
        """This table with some models replaced (copy on write)."""
        return replace(self, models={**self.models, **changed})

    def unit_models(self, unit_id: str) -> list[Model]:
        """The models of a unit, in table order."""
        return [m for m in self.models.values() if m.unit == unit_id]

    def model_label(self, model_id: str) -> str:
        """How messages name a model to players (``model_label``); an unknown id as it is."""
        model = self.models.get(model_id)
        return model_id if model is None else model_label(model, self.units.get(model.unit))


_ID_NUMBER = re.compile(r"(\d+)$")


def model_label(model: Model, unit: Unit | None) -> str:
    """A model as players read it: its name (else its unit's), the number its id ends in, and
    its unit's name when the model has its own: "Intercessor #2 (Squad Alpha)", "Iron Warden
    Squad #1". The bare id when neither has a name; ids stay in a refusal's ``detail``."""
    unit_name = unit.name if unit else ""
    name = model.name or unit_name
    if not name:
        return model.id
    number = _ID_NUMBER.search(model.id)
    label = f"{name} #{number.group(1)}" if number else name
    if model.name and unit_name and model.name != unit_name:
        label += f" ({unit_name})"
    return label


def terrain_label(piece: TerrainPiece) -> str:
    """A terrain piece as players read it: its name, else its kind and id ("ruins (t3)", as the
    browser's tools panel names it)."""
    return piece.name or f"{piece.kind} ({piece.id})"
