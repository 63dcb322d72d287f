"""Parse and validate a scenario file into a ``Table`` (scenario-format.md, "Top level").

Errors name the first bad field by its JSON path: ``models[3].base.diameter_mm: must be > 0``.
Values are taken as JSON writes them, never converted: a number where a number belongs (a whole
number for counts), ``true``/``false`` for flags, a string for ids and names (``"10"`` for a
position, or ``1`` for a flag, is a bad field).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from vantage.engine.codec import REACH, first_error, reject_nonfinite
from vantage.engine.table import Model, Objective, Table, TerrainPiece, Unit
from vantage.geometry.shapes import CircleBase, HullBase, OvalBase, is_valid_hull

SYSTEMS = ("wh40k-10e", "wh40k-9e", "wh40k-8e", "deathmatch", "death-angel", "sandbox")
FORMAT = "vantage-scenario/1"

Pos = Annotated[float, Field(allow_inf_nan=False, ge=-REACH, le=REACH)]
Point = Annotated[tuple[Pos, Pos], Field(strict=False)]
"""A JSON array of two numbers (strict elements; only the array may stand for the tuple)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", allow_inf_nan=False, strict=True)


class CircleIn(_Strict):
    shape: Literal["circle"]
    diameter_mm: float = Field(gt=0, le=2000)


class OvalIn(_Strict):
    shape: Literal["oval"]
    length_mm: float = Field(gt=0, le=2000)
    width_mm: float = Field(gt=0, le=2000)


class HullIn(_Strict):
    shape: Literal["hull"]
    points: list[Point] = Field(min_length=3, max_length=256)


BaseIn = Annotated[CircleIn | OvalIn | HullIn, Field(discriminator="shape")]


class TableIn(_Strict):
    width: float = Field(ge=1, le=1000)
    depth: float = Field(ge=1, le=1000)


class UnitIn(_Strict):
    id: str = Field(min_length=1, max_length=64)
    player: str
    name: str = Field(default="", max_length=120)
    keywords: list[str] = Field(default_factory=list, max_length=64)
    starting_strength: int | None = Field(default=None, ge=1)
    battle_shocked: bool = False


class ModelIn(_Strict):
    id: str = Field(min_length=1, max_length=64)
    unit: str
    base: BaseIn
    x: Pos
    y: Pos
    z: Pos = 0.0
    height: float = Field(default=1.6, ge=0, le=100, allow_inf_nan=False)
    facing: Pos = 0.0
    oc: int = Field(default=0, ge=0, le=1000)
    wounds: int = Field(default=1, ge=0, le=100000)
    name: str = Field(default="", max_length=120)
    melee_range: float = Field(default=0.0, ge=0, le=1000, allow_inf_nan=False)


class TerrainIn(_Strict):
    id: str = Field(min_length=1, max_length=64)
    kind: str = Field(min_length=1, max_length=40)
    polygon: list[Point] = Field(min_length=3, max_length=512)
    height: float = Field(default=0.0, ge=0, le=100, allow_inf_nan=False)
    traits: list[str] = Field(default_factory=list)
    floors: list[Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)]] = Field(
        default_factory=list
    )
    name: str = Field(default="", max_length=120)


class ObjectiveIn(_Strict):
    id: str = Field(min_length=1, max_length=64)
    x: Pos
    y: Pos
    diameter_mm: float = Field(default=40.0, gt=0, le=2000, allow_inf_nan=False)


class QueryIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str = Field(min_length=1)
    type: str = Field(min_length=1)


class ScenarioIn(_Strict):
    format: Literal["vantage-scenario/1"] = "vantage-scenario/1"
    system: Literal["wh40k-10e", "wh40k-9e", "wh40k-8e", "deathmatch", "death-angel", "sandbox"]
    table: TableIn
    players: list[str] = Field(min_length=1, max_length=8)
    units: list[UnitIn] = Field(default_factory=list, max_length=2000)
    models: list[ModelIn] = Field(default_factory=list, max_length=5000)
    terrain: list[TerrainIn] = Field(default_factory=list, max_length=2000)
    objectives: list[ObjectiveIn] = Field(default_factory=list, max_length=100)
    queries: list[QueryIn] = Field(default_factory=list)


class ScenarioError(ValueError):
    """An invalid scenario: ``path`` is the JSON path of the first bad field."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed scenario: its system, its table and its (still raw) queries."""

    system: str
    table: Table
    queries: tuple[Mapping[str, Any], ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict)


def parse_scenario(raw: object, *, with_queries: bool = True) -> Scenario:
    """Validate a decoded JSON scenario; raise ``ScenarioError`` naming the first bad field."""
    if not isinstance(raw, Mapping):
        raise ScenarioError("", "a scenario must be a JSON object")
    bad = reject_nonfinite(raw)
    if bad:
        raise ScenarioError(bad, "must be a finite number")
    try:
        parsed = ScenarioIn.model_validate(raw)
    except ValidationError as exc:
        path, msg = first_error(exc, raw)
        raise ScenarioError(path, msg) from None
    table = _build_table(parsed)
    queries = tuple(q.model_dump() for q in parsed.queries) if with_queries else ()
    if with_queries:
        _check_unique([q["id"] for q in queries], "queries")
    return Scenario(system=parsed.system, table=table, queries=queries, raw=raw)


def _check_unique(ids: list[str], where: str) -> None:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            raise ScenarioError(f"{where}[{i}].id", f"duplicate id {ident!r}")
        seen.add(ident)


def _build_table(s: ScenarioIn) -> Table:
    players = tuple(s.players)
    if len(set(players)) != len(players):
        raise ScenarioError("players", "player ids must be unique")
    _check_unique([u.id for u in s.units], "units")
    _check_unique([m.id for m in s.models], "models")
    _check_unique([t.id for t in s.terrain], "terrain")
    _check_unique([o.id for o in s.objectives], "objectives")
    units: dict[str, Unit] = {}
    for i, u in enumerate(s.units):
        if u.player not in players:
            raise ScenarioError(f"units[{i}].player", f"unknown player {u.player!r}")
        units[u.id] = Unit(
            id=u.id,
            player=u.player,
            name=u.name,
            keywords=tuple(k.upper() for k in u.keywords),
            starting_strength=u.starting_strength,
            battle_shocked=u.battle_shocked,
        )
    models: dict[str, Model] = {}
    for i, m in enumerate(s.models):
        if m.unit not in units:
            raise ScenarioError(f"models[{i}].unit", f"unknown unit {m.unit!r}")
        models[m.id] = Model(
            id=m.id,
            unit=m.unit,
            base=_base(m.base, f"models[{i}].base"),
            x=m.x,
            y=m.y,
            z=m.z,
            height=m.height,
            facing=m.facing,
            oc=m.oc,
            wounds=m.wounds,
            name=m.name,
            melee_range=m.melee_range,
        )
    terrain = []
    for i, t in enumerate(s.terrain):
        poly = tuple((float(px), float(py)) for px, py in t.polygon)
        if not is_valid_hull(poly):
            raise ScenarioError(f"terrain[{i}].polygon", "must be a simple polygon with an area")
        terrain.append(
            TerrainPiece(
                id=t.id,
                kind=t.kind.lower(),
                polygon=poly,
                height=t.height,
                traits=tuple(x.lower() for x in t.traits),
                floors=tuple(t.floors),
                name=t.name,
            )
        )
    objectives = tuple(
        Objective(id=o.id, x=o.x, y=o.y, diameter_mm=o.diameter_mm) for o in s.objectives
    )
    return Table(
        width=s.table.width,
        depth=s.table.depth,
        players=players,
        units=units,
        models=models,
        terrain=tuple(terrain),
        objectives=objectives,
    )


def _base(b: CircleIn | OvalIn | HullIn, path: str) -> CircleBase | OvalBase | HullBase:
    if isinstance(b, CircleIn):
        return CircleBase(diameter_mm=b.diameter_mm)
    if isinstance(b, OvalIn):
        return OvalBase(length_mm=b.length_mm, width_mm=b.width_mm)
    pts = tuple((float(px), float(py)) for px, py in b.points)
    if not is_valid_hull(pts):
        raise ScenarioError(f"{path}.points", "must be a simple polygon with an area")
    return HullBase(points=pts)
