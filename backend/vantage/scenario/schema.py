"""Parse and validate a scenario file into a ``Table`` (scenario-format.md, "Top level").

Errors name the first bad field by its JSON path: ``models[3].base.diameter_mm: must be > 0``.
Values are taken as JSON writes them, never converted: a number where a number belongs (a whole
number for counts), ``true``/``false`` for flags, a string for ids and names (``"10"`` for a
position, or ``1`` for a flag, is a bad field).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from vantage.engine.codec import REACH, first_error, reject_nonfinite
from vantage.engine.json_order import document_key, path_loc
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


class QueryIn(_Strict):
    id: str = Field(min_length=1)
    type: str = Field(min_length=1)


MOST = {"units": 2000, "models": 5000, "terrain": 2000, "objectives": 100}
"""The most elements each list of a scenario may have."""


class _PlayersIn(_Strict):
    players: list[str] = Field(min_length=1, max_length=8)


class ScenarioIn(_Strict):
    """The top level; the elements of its lists are read one by one (:class:`_Reading`)."""

    format: Literal["vantage-scenario/1"] = "vantage-scenario/1"
    system: Literal["wh40k-10e", "wh40k-9e", "wh40k-8e", "deathmatch", "death-angel", "sandbox"]
    table: TableIn
    players: list[str] = Field(min_length=1, max_length=8)
    units: list[Any] = Field(default_factory=list, max_length=MOST["units"])
    models: list[Any] = Field(default_factory=list, max_length=MOST["models"])
    terrain: list[Any] = Field(default_factory=list, max_length=MOST["terrain"])
    objectives: list[Any] = Field(default_factory=list, max_length=MOST["objectives"])
    queries: list[Any] = Field(default_factory=list)


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
    """Validate a decoded JSON scenario; raise ``ScenarioError`` naming the bad field that comes
    first in the file (its queries' own fields are read as they are answered: ``evaluate``)."""
    if not isinstance(raw, Mapping):
        raise ScenarioError("$", "must be a JSON object")
    reading = _Reading(raw)
    top = reading.top()
    units = reading.elements("units", UnitIn)
    models = reading.elements("models", ModelIn)
    terrain = reading.elements("terrain", TerrainIn)
    objectives = reading.elements("objectives", ObjectiveIn)
    players = reading.players(top)
    reading.check_units(units, players)
    reading.check_models(models, units if reading.all_read("units") else None)
    reading.check_terrain(terrain)
    reading.unique("objectives", objectives)
    if reading.errors and with_queries:  # a query's head may come before the first bad field
        try:
            read_query_heads(raw.get("queries"))
        except ScenarioError as exc:
            reading.errors.append(exc)
    reading.raise_first()
    assert top is not None and players is not None
    table = Table(
        width=top.table.width,
        depth=top.table.depth,
        players=players,
        units={u.id: _unit(u) for _, u in units},
        models={m.id: _model(m) for _, m in models},
        terrain=tuple(_terrain(t) for _, t in terrain),
        objectives=tuple(
            Objective(id=o.id, x=o.x, y=o.y, diameter_mm=o.diameter_mm) for _, o in objectives
        ),
    )
    queries = tuple(top.queries) if with_queries else ()
    return Scenario(system=top.system, table=table, queries=queries, raw=raw)


M = TypeVar("M", bound=BaseModel)


class _Reading:
    """Every bad field found in one pass over a scenario; :meth:`raise_first` names the one the
    file gives first (a check that needs another part, such as a model's unit, runs only when
    that part was read without error, so no bad field is reported because of another)."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.raw = raw
        self.errors: list[ScenarioError] = []
        self._bad_sections: set[str] = set()
        bad = reject_nonfinite(raw)
        if bad:
            self.fail(bad, "must be a finite number")

    def fail(self, path: str, message: str) -> None:
        self.errors.append(ScenarioError(path, message))
        loc = path_loc(path)
        self._bad_sections.add(str(loc[0]) if loc else "")

    def raise_first(self) -> None:
        if self.errors:
            raise min(self.errors, key=lambda e: document_key(self.raw, path_loc(e.path)))

    def all_read(self, section: str) -> bool:
        return section not in self._bad_sections

    def top(self) -> ScenarioIn | None:
        return self._validated(ScenarioIn, self.raw, "")

    def _validated(self, model: type[M], raw: object, at: str) -> M | None:
        try:
            return model.model_validate(raw)
        except ValidationError as exc:
            path, msg = first_error(exc, raw, at)
            self.fail(path, msg)
            return None

    def elements(self, section: str, model: type[M]) -> list[tuple[int, M]]:
        """The section's elements that are valid by themselves, with their indexes."""
        items = self.raw.get(section, [])
        if not isinstance(items, list) or len(items) > MOST[section]:
            return []  # the top level names it; reading a huge list one by one would stall
        read = [(i, self._validated(model, it, f"{section}[{i}]")) for i, it in enumerate(items)]
        return [(i, m) for i, m in read if m is not None]

    def players(self, top: ScenarioIn | None) -> tuple[str, ...] | None:
        """The player ids, if they were read without error (even when another top-level field
        was not)."""
        if top is not None:
            ids = tuple(top.players)
        else:
            try:
                ids = tuple(_PlayersIn.model_validate({"players": self.raw.get("players")}).players)
            except ValidationError:
                return None  # the top level's own error names it
        if len(set(ids)) != len(ids):
            self.fail("players", "player ids must be unique")
            return None
        return ids

    def unique(self, section: str, read: Sequence[tuple[int, Any]]) -> None:
        seen: set[str] = set()
        for i, item in read:
            if item.id in seen:
                self.fail(f"{section}[{i}].id", f"duplicate id {item.id!r}")
            seen.add(item.id)

    def check_units(self, units: list[tuple[int, UnitIn]], players: tuple[str, ...] | None) -> None:
        self.unique("units", units)
        for i, u in units:
            if players is not None and u.player not in players:
                self.fail(f"units[{i}].player", f"unknown player {u.player!r}")

    def check_models(
        self, models: list[tuple[int, ModelIn]], units: list[tuple[int, UnitIn]] | None
    ) -> None:
        self.unique("models", models)
        known = None if units is None else {u.id for _, u in units}
        for i, m in models:
            if known is not None and m.unit not in known:
                self.fail(f"models[{i}].unit", f"unknown unit {m.unit!r}")
            if isinstance(m.base, HullIn) and not is_valid_hull(_points(m.base.points)):
                self.fail(f"models[{i}].base.points", "must be a simple polygon with an area")

    def check_terrain(self, terrain: list[tuple[int, TerrainIn]]) -> None:
        self.unique("terrain", terrain)
        for i, t in terrain:
            if not is_valid_hull(_points(t.polygon)):
                self.fail(f"terrain[{i}].polygon", "must be a simple polygon with an area")


def read_query_heads(queries: object) -> None:
    """Check each query's ``id`` and ``type`` (and that ids are unique) in file order, raising
    the first bad one; ``evaluate`` does the same for each query just before answering it."""
    if not isinstance(queries, list):
        return
    seen: set[str] = set()
    for i, q in enumerate(queries):
        read_query_head(q, i, seen)


def read_query_head(query: object, index: int, seen: set[str]) -> QueryIn:
    """One query's ``id`` and ``type``; ``seen``: the ids of the queries before it."""
    at = f"queries[{index}]"
    try:
        head = QueryIn.model_validate(query)
    except ValidationError as exc:
        path, msg = first_error(exc, query, at)
        raise ScenarioError(path, msg) from None
    if head.id in seen:
        raise ScenarioError(f"{at}.id", f"duplicate id {head.id!r}")
    seen.add(head.id)
    return head


def _points(points: Sequence[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    return tuple((float(px), float(py)) for px, py in points)


def _unit(u: UnitIn) -> Unit:
    return Unit(
        id=u.id,
        player=u.player,
        name=u.name,
        keywords=tuple(k.upper() for k in u.keywords),
        starting_strength=u.starting_strength,
        battle_shocked=u.battle_shocked,
    )


def _model(m: ModelIn) -> Model:
    return Model(
        id=m.id,
        unit=m.unit,
        base=_base(m.base),
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


def _terrain(t: TerrainIn) -> TerrainPiece:
    return TerrainPiece(
        id=t.id,
        kind=t.kind.lower(),
        polygon=_points(t.polygon),
        height=t.height,
        traits=tuple(x.lower() for x in t.traits),
        floors=tuple(t.floors),
        name=t.name,
    )


def _base(b: CircleIn | OvalIn | HullIn) -> CircleBase | OvalBase | HullBase:
    if isinstance(b, CircleIn):
        return CircleBase(diameter_mm=b.diameter_mm)
    if isinstance(b, OvalIn):
        return OvalBase(length_mm=b.length_mm, width_mm=b.width_mm)
    return HullBase(points=_points(b.points))  # a simple polygon (_Reading.check_models)
