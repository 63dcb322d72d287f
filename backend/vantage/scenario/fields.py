"""Keys of a scenario file that nothing reads: one warning each (docs/scenario-format.md, "Reading
a file").

Inside the objects the contract defines (the table, units, models and their bases, terrain,
objectives, queries and the objects they hold: weapons, profiles, context, dice, ...) an unknown
key is read as absent, so a third party's extension field is not an error. A typo
(``context.wound_modifer``) would then give the answer of a file without it, unnoticed; the runner
names each such key on standard error instead, with the exit status and the answers unchanged.
Unknown top-level keys are ignored by the contract itself and are not named.

What an object knows is its reader's: a pydantic model's fields, or an :class:`Obj` for the
objects read by hand. ``note`` (a comment) is known everywhere.
"""

from __future__ import annotations

import json
import re
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from vantage.scenario.schema import ModelIn, ObjectiveIn, TableIn, TerrainIn, UnitIn

NOTE = "note"
"""A comment, allowed on every object (golden files carry one on most queries)."""


@dataclass(frozen=True, slots=True)
class Obj:
    """An object read by hand: the keys it knows, and the shapes of those that hold objects."""

    keys: frozenset[str]
    nested: Mapping[str, Shape] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Each:
    """A list whose elements, or an object whose values (keyed by id), have one shape."""

    shape: Shape


@dataclass(frozen=True, slots=True)
class OneOf:
    """One of several objects, told apart by which validates (a base by its ``shape``)."""

    models: tuple[type[BaseModel], ...]


Shape = Obj | Each | OneOf | type[BaseModel]


def obj(*keys: str, **nested: Shape) -> Obj:
    """An :class:`Obj` knowing ``keys`` and ``nested`` (the latter with their shapes)."""
    return Obj(frozenset(keys) | frozenset(nested), nested)


SECTIONS: dict[str, Shape] = {
    "table": TableIn,
    "units": Each(UnitIn),
    "models": Each(ModelIn),
    "terrain": Each(TerrainIn),
    "objectives": Each(ObjectiveIn),
}
"""The top-level keys holding objects the contract defines (``queries`` apart: by type)."""

QUERY_HEAD = frozenset({"id", "type"})

Found = tuple[tuple[int, ...], str]
"""A warning: the document order of its place (``json_order.document_key``), and its text."""


def unknown_keys(value: object, shape: Shape, at: str, doc: tuple[int, ...]) -> list[Found]:
    """A warning for every key under ``value`` (at JSON path ``at``, document key ``doc``) that
    its ``shape`` does not know: ``models[1].wound: unknown field 'wound', ignored``."""
    found: list[Found] = []
    _walk(value, shape, at, doc, found)
    return found


def query_keys(query: object, shape: Shape, at: str, doc: tuple[int, ...]) -> list[Found]:
    """:func:`unknown_keys` for a query: its ``id`` and ``type`` are known whatever the type."""
    if isinstance(shape, type):
        shape = model_shape(shape)
    if isinstance(shape, Obj):
        shape = Obj(shape.keys | QUERY_HEAD, shape.nested)
    return unknown_keys(query, shape, at, doc)


def _walk(value: object, shape: Shape, at: str, doc: tuple[int, ...], found: list[Found]) -> None:
    if isinstance(shape, Each):
        items = enumerate(value) if isinstance(value, list) else ()
        for i, item in items:
            _walk(item, shape.shape, f"{at}[{i}]", (*doc, i), found)
        if isinstance(value, Mapping):
            for i, (key, item) in enumerate(value.items()):
                _walk(item, shape.shape, join(at, key), (*doc, i), found)
        return
    if isinstance(shape, OneOf):
        picked = _pick(shape, value)
        if picked is None:
            return
        shape = picked
    if isinstance(shape, type):
        shape = model_shape(shape)
    if not isinstance(value, Mapping):
        return
    for i, (key, item) in enumerate(value.items()):
        path = join(at, key)
        if key not in shape.keys and key != NOTE:
            found.append(((*doc, i), f"{path}: unknown field {shown(key)!r}, ignored"))
        elif key in shape.nested:
            _walk(item, shape.nested[key], path, (*doc, i), found)


def _pick(shape: OneOf, value: object) -> type[BaseModel] | None:
    for model in shape.models:
        try:
            model.model_validate(value)
        except ValidationError:
            continue
        return model
    return None


LONGEST = 80
_PLAIN = re.compile(r"[A-Za-z0-9_\-#|@$%+*/:=<>!?~^&]+")


def shown(key: str) -> str:
    """A key as a warning shows it: at most 80 characters."""
    return key if len(key) <= LONGEST else key[:LONGEST] + "…"


def join(at: str, key: str) -> str:
    """The JSON path of ``key`` under ``at``: ``models[1].wound``; a key that is not a plain
    name (a dot, a space, a quote, a line break) as ``models[1]["a.b"]``, so a line stays one."""
    name = shown(key)
    if _PLAIN.fullmatch(name):
        return f"{at}.{name}" if at else name
    return f"{at}[{json.dumps(name, ensure_ascii=False)}]"


@cache
def model_shape(model: type[BaseModel]) -> Obj:
    """The keys a pydantic model reads, and the shapes of its fields that hold objects."""
    keys: set[str] = set()
    nested: dict[str, Shape] = {}
    for name, info in model.model_fields.items():
        key = info.alias or name
        keys.add(key)
        inner = _annotation_shape(info.annotation)
        if inner is not None:
            nested[key] = inner
    return Obj(frozenset(keys), nested)


def _annotation_shape(annotation: Any) -> Shape | None:
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        return _annotation_shape(args[0])
    if origin is Union or origin is types.UnionType:
        shapes = [s for s in (_annotation_shape(a) for a in args) if s is not None]
        if len(shapes) == 1:
            return shapes[0]
        models = tuple(s for s in shapes if isinstance(s, type))
        return OneOf(models) if shapes and len(models) == len(shapes) else None
    if origin is list and args:
        inner = _annotation_shape(args[0])
        return None if inner is None else Each(inner)
    if origin is dict and len(args) == 2:
        inner = _annotation_shape(args[1])
        return None if inner is None else Each(inner)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return None
