"""Answer the scenario queries (scenario-format.md, "Queries" and "Conventions").

Each query's fields are checked as they are read; the first bad one raises ``ScenarioError``
with its JSON path (``queries[3].target: unknown model 'x9'``). Answers come from the system's
``GeometryRules`` (``vantage.rules.common.systems``); ``attack`` is delegated to the Warhammer
40,000 attack resolver with this module's distance and cover measures.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.codec import is_finite_number, is_number
from vantage.engine.table import Table
from vantage.geometry.prisms import make_poly
from vantage.geometry.shapes import is_valid_hull
from vantage.rules.common.deathmatch import SILHOUETTE_HEIGHT
from vantage.rules.common.systems import GeometryRules, geometry_for
from vantage.scenario.fields import Shape, obj
from vantage.scenario.schema import Scenario, ScenarioError, read_query_head

Query = Mapping[str, Any]


def with_system_defaults(scenario: Scenario) -> Scenario:
    """Deathmatch silhouettes are 40 mm tall when a model gives no height (Conventions)."""
    if scenario.system != "deathmatch":
        return scenario
    raw_models = scenario.raw.get("models", []) if isinstance(scenario.raw, Mapping) else []
    missing = {m.get("id") for m in raw_models if isinstance(m, Mapping) and "height" not in m}
    if not missing:
        return scenario
    models = {
        mid: (replace(m, height=SILHOUETTE_HEIGHT) if mid in missing else m)
        for mid, m in scenario.table.models.items()
    }
    return replace(scenario, table=replace(scenario.table, models=models))


class _Reader:
    """Reads and checks the fields of one query."""

    def __init__(self, scenario: Scenario, query: Query, index: int) -> None:
        self.table: Table = scenario.table
        self.query = query
        self.at = f"queries[{index}]"

    def fail(self, key: str, message: str) -> ScenarioError:
        return ScenarioError(f"{self.at}.{key}", message)

    def raw(self, key: str) -> Any:
        if key not in self.query:
            raise self.fail(key, "is required")
        return self.query[key]

    def text(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str):
            raise self.fail(key, "must be a string")
        return value

    def model(self, key: str) -> str:
        value = self.text(key)
        if value not in self.table.models:
            raise self.fail(key, f"unknown model {value!r}")
        return value

    def unit(self, key: str) -> str:
        value = self.text(key)
        if value not in self.table.units:
            raise self.fail(key, f"unknown unit {value!r}")
        return value

    def models_of(self, key: str) -> list[str]:
        """A model id, or a unit id standing for all its models."""
        value = self.text(key)
        if value in self.table.models:
            return [value]
        if value in self.table.units:
            return [m.id for m in self.table.unit_models(value)]
        raise self.fail(key, f"unknown model or unit {value!r}")

    def objective(self, key: str) -> str:
        value = self.text(key)
        if not any(o.id == value for o in self.table.objectives):
            raise self.fail(key, f"unknown objective {value!r}")
        return value

    def player(self, key: str) -> str:
        value = self.text(key)
        if value not in self.table.players:
            raise self.fail(key, f"unknown player {value!r}")
        return value

    def number(self, key: str, default: float | None = None, minimum: float | None = None) -> float:
        if default is not None and key not in self.query:
            return default
        value = self.raw(key)
        if not is_number(value):
            raise self.fail(key, "must be a number")
        if not is_finite_number(value):
            raise self.fail(key, "must be a finite number")
        if minimum is not None and value < minimum:
            raise self.fail(key, f"must be >= {minimum:g}")
        return float(value)

    def flag(self, key: str, default: bool = False) -> bool:
        if key not in self.query:
            return default
        value = self.query[key]
        if not isinstance(value, bool):
            raise self.fail(key, "must be true or false")
        return value

    def polygon(self, key: str) -> list[tuple[float, float]]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) < 3:
            raise self.fail(key, "must be a list of at least 3 [x, y] points")
        pts: list[tuple[float, float]] = []
        for i, p in enumerate(value):
            ok = isinstance(p, list) and len(p) == 2 and all(is_finite_number(c) for c in p)
            if not ok:
                raise self.fail(f"{key}[{i}]", "must be a point [x, y] of two numbers")
            pts.append((float(p[0]), float(p[1])))
        if not is_valid_hull(tuple(pts)):
            raise self.fail(key, "must be a simple polygon with an area")
        return list(make_poly(pts).points)


Handler = Callable[[GeometryRules, _Reader], Any]


def _distance(g: GeometryRules, r: _Reader) -> float:
    return round(g.distance(r.table, r.model("a"), r.model("b")), 6)


def _within(g: GeometryRules, r: _Reader) -> bool:
    a, b = r.model("a"), r.model("b")
    return g.within(r.table, a, b, r.number("range", minimum=0))


def _wholly_within(g: GeometryRules, r: _Reader) -> bool:
    model = r.model("model")
    if "zone" in r.query:
        if "range" in r.query:  # "either zone, or range with ...": both is no answer
            raise r.fail("range", "not allowed with zone (give either zone, or range)")
        return g.wholly_within_zone(r.table, model, r.polygon("zone"))
    if "range" not in r.query:
        raise r.fail("zone", "is required (or range with objective or of)")
    rng = r.number("range", minimum=0)
    if "objective" in r.query:
        if "of" in r.query:
            raise r.fail("of", "not allowed with objective (give either objective, or of)")
        return g.wholly_within_objective(r.table, model, r.objective("objective"), rng)
    if "of" in r.query:
        return g.wholly_within_model(r.table, model, r.model("of"), rng)
    raise r.fail("objective", "is required (or of)")


def _engagement(g: GeometryRules, r: _Reader) -> bool:
    return g.engagement(r.table, r.models_of("a"), r.models_of("b"))


def _coherent(g: GeometryRules, r: _Reader) -> bool:
    return g.coherent(r.table, r.unit("unit"))


def _visible(g: GeometryRules, r: _Reader) -> bool:
    return g.visible(r.table, r.model("observer"), r.model("target")).clear


def _fully_visible(g: GeometryRules, r: _Reader) -> bool:
    return g.fully_visible(r.table, r.model("observer"), r.model("target"))


def _unit_visible(g: GeometryRules, r: _Reader) -> bool:
    return g.unit_visible(r.table, r.model("observer"), r.unit("target")).clear


def _cover(g: GeometryRules, r: _Reader) -> bool | str:
    return g.cover(r.table, r.model("observer"), r.model("target"))


def _in_arc(g: GeometryRules, r: _Reader) -> bool:
    return g.in_arc(r.table, r.model("observer"), r.model("target"))


def _objective_control(g: GeometryRules, r: _Reader) -> str | None:
    return g.objective_control(r.table, r.objective("objective"))


def _setup_legal(g: GeometryRules, r: _Reader) -> dict[str, object]:
    model = r.model("model")
    x, y = r.number("x"), r.number("y")
    z = r.number("z", default=0.0)
    reserve = r.flag("reserve")
    return g.setup_legal(r.table, model, x, y, z, reserve).as_json()


def _visibility_matrix(g: GeometryRules, r: _Reader) -> dict[str, list[str]]:
    return g.visibility_matrix(r.table, r.player("observers"), r.player("targets"))


HANDLERS: dict[str, Handler] = {
    "distance": _distance,
    "within": _within,
    "wholly_within": _wholly_within,
    "engagement": _engagement,
    "coherent": _coherent,
    "visible": _visible,
    "fully_visible": _fully_visible,
    "unit_visible": _unit_visible,
    "cover": _cover,
    "in_arc": _in_arc,
    "objective_control": _objective_control,
    "setup_legal": _setup_legal,
    "visibility_matrix": _visibility_matrix,
}

FIELDS: dict[str, Shape] = {
    "distance": obj("a", "b"),
    "within": obj("a", "b", "range"),
    "wholly_within": obj("model", "zone", "range", "objective", "of"),
    "engagement": obj("a", "b"),
    "coherent": obj("unit"),
    "visible": obj("observer", "target"),
    "fully_visible": obj("observer", "target"),
    "unit_visible": obj("observer", "target"),
    "cover": obj("observer", "target"),
    "in_arc": obj("observer", "target"),
    "objective_control": obj("objective"),
    "setup_legal": obj("model", "x", "y", "z", "reserve"),
    "visibility_matrix": obj("observers", "targets"),
}
"""The keys each query type of ``HANDLERS`` reads (besides ``id`` and ``type``)."""


def query_shape(system: str, kind: object) -> Shape | None:
    """What a query of type ``kind`` reads in ``system``, for naming the keys it ignores
    (``vantage.scenario.fields``): ``None`` when that is not known."""
    if not isinstance(kind, str):
        return None
    if kind == "attack":
        module = importlib.import_module("vantage.rules.wh40k.attack_query")
        return module.query_model(system)  # type: ignore[no-any-return]
    if kind in FIELDS:
        return FIELDS[kind]
    module = _system_module(system, kind)
    fields = getattr(module, "FIELDS", None) if module is not None else None
    return fields.get(kind) if isinstance(fields, Mapping) else None


def _attack(scenario: Scenario, query: Query, index: int) -> Any:
    try:
        module = importlib.import_module("vantage.rules.wh40k.attack_query")
    except ModuleNotFoundError:
        raise ScenarioError(f"queries[{index}].type", "unsupported query type 'attack'") from None
    rules = geometry_for(scenario.system)
    table = scenario.table

    def measure(a: str, b: str) -> float:
        return rules.distance(table, a, b)

    def cover(observer: str, target: str) -> bool:
        return bool(rules.cover(table, observer, target) not in (False, "none"))

    return module.answer_attack(scenario, query, index, measure, cover)


def _system_handler(system: str, kind: str) -> Callable[[Scenario, Query, int], Any] | None:
    """A query type a system's own rules add: ``vantage.rules.<system>.scenario_queries``
    defining ``answer_<type>(scenario, query, index)``."""
    module = _system_module(system, kind)
    return None if module is None else getattr(module, f"answer_{kind}")


def _system_module(system: str, kind: str) -> Any:
    """The ``scenario_queries`` module of ``system`` that answers ``kind``, if any."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", kind):
        return None
    for package in dict.fromkeys((system.replace("-", ""), system.replace("-", "_"))):
        try:
            module = importlib.import_module(f"vantage.rules.{package}.scenario_queries")
        except ModuleNotFoundError:
            continue
        if callable(getattr(module, f"answer_{kind}", None)):
            return module
    return None


def answer_query(scenario: Scenario, query: Mapping[str, Any], index: int) -> Any:
    """The answer to one query (``index`` is its position, for error paths)."""
    kind = query.get("type")
    if kind == "attack":
        return _attack(scenario, query, index)
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is not None:
        return handler(geometry_for(scenario.system), _Reader(scenario, query, index))
    extra = _system_handler(scenario.system, kind) if isinstance(kind, str) else None
    if extra is None:
        raise ScenarioError(f"queries[{index}].type", f"unsupported query type {kind!r}")
    return extra(scenario, query, index)


def evaluate(scenario: Scenario) -> dict[str, Any]:
    """Every query's answer by id, in file order: a query's ``id`` and ``type`` are read just
    before it is answered, so the first bad field is the first in the file. The scenario itself
    is never changed."""
    prepared = with_system_defaults(scenario)
    seen: set[str] = set()
    answers: dict[str, Any] = {}
    for i, q in enumerate(prepared.queries):
        head = read_query_head(q, i, seen)
        answers[head.id] = answer_query(prepared, q, i)
    return answers
