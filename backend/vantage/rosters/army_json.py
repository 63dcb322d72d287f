"""Read Vantage's own army JSON (``Army.to_json``) back: demo armies and stored armies.

Errors raise ``ValueError`` naming the JSON path of the first bad field, e.g.
``units[2].models[0].base.diameter_mm: must be a number > 0``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.codec import is_finite_number, printable
from vantage.geometry.shapes import CircleBase, HullBase, OvalBase, is_valid_hull
from vantage.rosters.army import (
    ARMY_FORMAT,
    Ability,
    Army,
    Carried,
    ModelGroup,
    Profile,
    RosterBase,
    Stats,
    Unit,
    Weapon,
    WeaponAbility,
)
from vantage.rosters.errors import is_text
from vantage.rosters.units import MAX_ARMY_MODELS, MAX_MODELS, MAX_NUMBER

_WEAPON_META = frozenset({"name", "kind", "group", "keywords", "abilities"})
MAX_BASE_MM = 2000.0
MAX_HULL_POINTS = 256
"""A hull's corners at most (as the scenario format's ``HullIn``)."""
MAX_HULL_INCHES = MAX_BASE_MM / 25.4
"""How far a hull's corner may lie from the model's position: a base's largest size."""


def army_from_json(doc: object) -> Army:
    """An ``Army`` from its ``to_json``/``content_json`` form; raise ``ValueError`` if malformed."""
    obj = _obj(doc, "")
    if obj.get("format", ARMY_FORMAT) != ARMY_FORMAT:
        raise ValueError(f"format: expected {ARMY_FORMAT!r}")
    limit = obj.get("points_limit")
    units = tuple(_unit(u, f"units[{i}]") for i, u in enumerate(_list(obj, "units", "")))
    _at_most_army_models(units)
    return Army(
        name=_str(obj, "name", ""),
        edition=_str(obj, "edition", ""),
        game_system=_str(obj, "game_system", "", ""),
        faction=_str(obj, "faction", "", ""),
        points=_num(obj, "points", "", 0.0),
        points_limit=None if limit is None else _num(obj, "points_limit", ""),
        configuration=tuple(_strs(obj, "configuration", "")),
        units=units,
    )


def _at_most_army_models(units: tuple[Unit, ...]) -> None:
    """The importer's bounds hold for army JSON too (a model group, a unit, an army): a game
    builds every model, so a count of a billion had held the server (bad-input audit s15)."""
    total = 0
    for i, unit in enumerate(units):
        total += sum(g.count for g in unit.models)
        if total > MAX_ARMY_MODELS:
            raise ValueError(f"units[{i}]: the army passes {MAX_ARMY_MODELS} models here")


def base_from_json(doc: object, path: str = "base") -> RosterBase:
    """``{"shape": "circle", "diameter_mm": 32}``, ``{"shape": "oval", ...}`` or
    ``{"shape": "hull", "points": [[x, y], ...]}`` (inches, facing 0) as a base."""
    obj = _obj(doc, path)
    shape = obj.get("shape")
    if shape == "circle":
        return CircleBase(diameter_mm=_size(obj, "diameter_mm", path))
    if shape == "oval":
        return OvalBase(
            length_mm=_size(obj, "length_mm", path), width_mm=_size(obj, "width_mm", path)
        )
    if shape == "hull":
        return HullBase(points=_hull_points(obj, path))
    raise ValueError(f"{path}.shape: must be 'circle', 'oval' or 'hull'")


def _hull_points(obj: Mapping[str, Any], path: str) -> tuple[tuple[float, float], ...]:
    """A hull's corners: 3 to 256 pairs of inches, each within ``MAX_HULL_INCHES`` of the
    model's position, making a simple polygon with an area."""
    where = _at(path, "points")
    raw = obj.get("points")
    if not isinstance(raw, list) or not 3 <= len(raw) <= MAX_HULL_POINTS:
        raise ValueError(f"{where}: must be a list of 3 to {MAX_HULL_POINTS} [x, y] points")
    points: list[tuple[float, float]] = []
    for i, point in enumerate(raw):
        if not (
            isinstance(point, list)
            and len(point) == 2
            and all(
                isinstance(v, int | float)
                and not isinstance(v, bool)
                and is_finite_number(v)
                and abs(v) <= MAX_HULL_INCHES
                for v in point
            )
        ):
            raise ValueError(
                f"{where}[{i}]: must be [x, y] in inches, each within {MAX_HULL_INCHES:g}"
            )
        points.append((float(point[0]), float(point[1])))
    if not is_valid_hull(tuple(points)):
        raise ValueError(f"{where}: must be a simple polygon with an area")
    return tuple(points)


def _unit(doc: object, path: str) -> Unit:
    obj = _obj(doc, path)
    custom = obj.get("custom_name")
    groups = tuple(_group(g, f"{path}.models[{i}]") for i, g in _items(obj, "models", path))
    if sum(g.count for g in groups) > MAX_MODELS:
        raise ValueError(f"{path}.models: a unit has at most {MAX_MODELS} models")
    return Unit(
        id=_str(obj, "id", path),
        name=_str(obj, "name", path),
        entry_id=_str(obj, "entry_id", path, ""),
        custom_name=None if custom is None else _str(obj, "custom_name", path),
        keywords=tuple(_strs(obj, "keywords", path)),
        faction_keywords=tuple(_strs(obj, "faction_keywords", path)),
        points=_num(obj, "points", path, 0.0),
        models=groups,
        weapons=tuple(_weapon(w, f"{path}.weapons[{i}]") for i, w in _items(obj, "weapons", path)),
        abilities=tuple(
            _unit_ability(a, f"{path}.abilities[{i}]") for i, a in _items(obj, "abilities", path)
        ),
        unassigned=tuple(
            _carried(c, f"{path}.unassigned[{i}]") for i, c in _items(obj, "unassigned", path)
        ),
    )


def _unit_ability(doc: object, path: str) -> Ability:
    """A unit's ability; ``enhancement`` is optional (armies stored before it was added have
    none) and must be a boolean when present."""
    obj = _obj(doc, path)
    enhancement = obj.get("enhancement", False)
    if not isinstance(enhancement, bool):
        raise ValueError(f"{path}.enhancement: must be true or false")
    return Ability(
        name=_str(obj, "name", path), text=_str(obj, "text", path, ""), enhancement=enhancement
    )


def _group(doc: object, path: str) -> ModelGroup:
    obj = _obj(doc, path)
    count = _whole(obj, "count", path, MAX_MODELS)
    profile = obj.get("profile")
    base = obj.get("base")
    return ModelGroup(
        name=_str(obj, "name", path),
        count=count,
        entry_id=_str(obj, "entry_id", path, ""),
        profile=None if profile is None else _profile(profile, f"{path}.profile"),
        loadout=tuple(_carried(c, f"{path}.loadout[{i}]") for i, c in _items(obj, "loadout", path)),
        base=None if base is None else base_from_json(base, f"{path}.base"),
        keywords=tuple(_strs(obj, "keywords", path)),
    )


def _profile(doc: object, path: str) -> Profile:
    obj = _obj(doc, path)
    return Profile(name=_str(obj, "name", path), stats=_stats(obj, path, frozenset({"name"})))


def _weapon(doc: object, path: str) -> Weapon:
    obj = _obj(doc, path)
    group = obj.get("group")
    return Weapon(
        name=_str(obj, "name", path),
        kind=_str(obj, "kind", path),
        group=None if group is None else _str(obj, "group", path),
        stats=_stats(obj, path, _WEAPON_META),
        keywords=tuple(_strs(obj, "keywords", path)),
        abilities=tuple(
            _ability(a, f"{path}.abilities[{i}]") for i, a in _items(obj, "abilities", path)
        ),
    )


def _ability(doc: object, path: str) -> WeaponAbility:
    obj = _obj(doc, path)
    value = obj.get("value")
    if value is not None and (
        isinstance(value, bool)
        or not isinstance(value, int | str)
        or (isinstance(value, str) and not is_text(value))
    ):
        raise ValueError(f"{path}.value: must be a whole number or a dice expression")
    keyword = obj.get("keyword")
    threshold = obj.get("threshold")
    return WeaponAbility(
        name=_str(obj, "name", path),
        value=value,
        keyword=None if keyword is None else _str(obj, "keyword", path),
        threshold=None if threshold is None else int(_num(obj, "threshold", path)),
        known=obj.get("known", True) is not False,
    )


def _carried(doc: object, path: str) -> Carried:
    obj = _obj(doc, path)
    total = _num(obj, "total", path)
    if abs(total) > MAX_NUMBER:
        raise ValueError(f"{_at(path, 'total')}: {TOTAL_RULE}")
    # a total that is not a whole number from 1 is refused for a new game only (wh40k10e
    # setup): a stored army keeps the reading it was played with (review s15)
    return Carried(weapon=_str(obj, "weapon", path), total=int(total))


TOTAL_RULE = f"must be a whole number from 1 to {MAX_NUMBER}"
"""What a loadout's ``total`` must be; beyond ``MAX_NUMBER`` either way it is never read."""


def bad_total(doc: Mapping[str, Any]) -> str | None:
    """The path of the first ``total`` in this (readable) army JSON that is not a whole number
    from 1: such an army is refused for a new game."""
    for i, unit in enumerate(doc.get("units", [])):
        carried = [
            (f"units[{i}].models[{j}].loadout[{k}]", c)
            for j, group in enumerate(unit.get("models", []))
            for k, c in enumerate(group.get("loadout", []))
        ]
        carried += [
            (f"units[{i}].unassigned[{k}]", c) for k, c in enumerate(unit.get("unassigned", []))
        ]
        for path, c in carried:
            total = c["total"]
            if total < 1 or not float(total).is_integer():
                return f"{path}.total"
    return None


def _whole(obj: Mapping[str, Any], key: str, path: str, most: int) -> int:
    """A count: a whole number from 1 to ``most`` (the importer's bound for the same field)."""
    value = _num(obj, key, path)
    if not value.is_integer() or not 1 <= value <= most:
        raise ValueError(f"{_at(path, key)}: must be a whole number from 1 to {most}")
    return int(value)


def _stats(obj: Mapping[str, Any], path: str, meta: frozenset[str]) -> Stats:
    stats: list[tuple[str, str]] = []
    for key, value in obj.items():
        if key in meta:
            continue
        if (
            not is_text(key)
            or not key.isupper()
            or not isinstance(value, str)
            or not is_text(value)
        ):
            raise ValueError(
                f"{path}.{printable(key)}: characteristics are upper-case keys with text values"
            )
        stats.append((key, value))
    return tuple(stats)


def _obj(doc: object, path: str) -> Mapping[str, Any]:
    if not isinstance(doc, Mapping):
        raise ValueError(f"{path or 'army'}: must be an object")
    return doc


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


_REQUIRED: Any = object()


def _str(obj: Mapping[str, Any], key: str, path: str, default: Any = _REQUIRED) -> str:
    value = obj.get(key, default)
    if value is _REQUIRED or not isinstance(value, str) or not is_text(value):
        raise ValueError(f"{_at(path, key)}: must be text")
    return value


def _num(obj: Mapping[str, Any], key: str, path: str, default: Any = _REQUIRED) -> float:
    value = obj.get(key, default)
    if isinstance(value, bool) or not is_finite_number(value):
        raise ValueError(f"{_at(path, key)}: must be a number")
    return float(value)


def _size(obj: Mapping[str, Any], key: str, path: str) -> float:
    value = obj.get(key)
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not 0 < value <= MAX_BASE_MM
    ):
        raise ValueError(f"{_at(path, key)}: must be a number > 0 and <= {MAX_BASE_MM:g}")
    return float(value)


def _list(obj: Mapping[str, Any], key: str, path: str) -> list[Any]:
    value = obj.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"{_at(path, key)}: must be a list")
    return value


def _items(obj: Mapping[str, Any], key: str, path: str) -> enumerate[Any]:
    return enumerate(_list(obj, key, path))


def _strs(obj: Mapping[str, Any], key: str, path: str) -> list[str]:
    values = _list(obj, key, path)
    for i, value in enumerate(values):
        if not isinstance(value, str) or not is_text(value):
            raise ValueError(f"{_at(path, key)}[{i}]: must be text")
    return values
