"""The roster tree into an ``Army``: units, models, profiles, weapons, abilities, points.

Follows army-lists.md §1 and §6: units are ``type="unit"`` selections (or ``type="model"``
directly under a force); models are ``type="model"`` selections below them; profiles may sit at
any depth; a selection's ``number`` counts the whole group, so loadouts are totals.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from vantage.rosters.abilities import parse_abilities, split_keywords
from vantage.rosters.army import (
    Ability,
    Army,
    Carried,
    ModelGroup,
    Profile,
    Unit,
    Weapon,
    merge_loadout,
)
from vantage.rosters.characteristics import missing_stats, model_problem, weapon_problem
from vantage.rosters.errors import BAD_VALUE, TOO_LARGE, RosterFailure
from vantage.rosters.tree import Node

GAME_SYSTEMS = {
    "sys-352e-adc2-7639-d6a9": "wh40k-10e",
    "28ec-711c-d87f-3aeb": "wh40k-9e",
}
"""BattleScribe ``gameSystemId`` -> Vantage system name (army-lists.md §1)."""

_SYSTEM_NAMES = (("10th", "wh40k-10e"), ("9th", "wh40k-9e"), ("8th", "wh40k-8e"))
FACTION_PREFIX = "faction:"
_MULTI_PROFILE_MARK = "➤"
MAX_MODELS = 1000
"""Models in one group, and in one unit: more is a broken or hostile file, not an army."""
MAX_ARMY_MODELS = 2000
"""Models in a whole army. Two armies fit the scenario's 5,000 models; no real army comes close."""
MAX_NUMBER = 10_000
"""A wargear selection's ``number`` (a group total: 1,000 models with a few weapons each)."""
MAX_POINTS = 1_000_000
"""One cost's points, a unit's and the army's: far past any real list, and sums stay finite."""
_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
"""An XSD decimal or int as BattleScribe writes it (``5``, ``90.0``): no NaN, inf, ``1_0``."""


@dataclass(frozen=True, slots=True)
class Found:
    """A profile or rule and the selection that holds it (whose ``number`` counts it);
    ``enhancement`` when that selection is, or is chosen under, an Enhancement."""

    owner: Node
    item: Node
    enhancement: bool = False


def build_army(root: Node) -> Army:
    """The army described by a ``<roster>`` tree."""
    edition, warnings = detect_edition(root)
    units: list[Unit] = []
    configuration: list[str] = []
    forces = list(_forces(root))
    models = 0
    ids: dict[str, str] = {}
    for force in forces:
        _check_types(force)
        warnings.extend(
            f"army rule {rule.attr('name')!r} of force {force.attr('name')!r} is not imported: "
            "Vantage does not apply army rules yet"
            for rule in force.kids("rules")
            if not _hidden(rule)
        )
        for sel in _unit_selections(force, warnings, configuration):
            units.append(build_unit(sel))
            if edition == "wh40k-10e":
                warnings.extend(_check_stats(units[-1], sel))
            if units[-1].id in ids:
                raise _bad(
                    f"{sel.path}.id",
                    f"unit id {units[-1].id!r} is also used by {ids[units[-1].id]}",
                    sel,
                )
            ids[units[-1].id] = f"{sel.path} ({_named(sel)})"
            models += units[-1].model_count
            if models > MAX_ARMY_MODELS:
                raise RosterFailure(
                    TOO_LARGE,
                    f"{sel.path}: the army passes {MAX_ARMY_MODELS} models at unit "
                    f"{sel.attr('name')!r}; no real army has that many",
                    sel.path,
                )
    for unit in units:
        if any(g.profile is None for g in unit.models):
            warnings.append(f"{unit.name}: no stat profile for some models")
    limits = [_cost(c) for c in root.kids("costLimits") if _is_points(c)]
    total = _points(root) if any(_is_points(c) for c in root.kids("costs")) else None
    if total is None:
        total = sum(u.points for u in units)
    if not 0 <= total <= MAX_POINTS:
        raise _bad(f"{root.path}.costs", f"the army's points ({total:g}) must be 0 to {MAX_POINTS}")
    return Army(
        name=root.attr("name"),
        edition=edition,
        game_system=root.attr("gameSystemName"),
        faction=forces[0].attr("catalogueName") if forces else "",
        points=total,
        points_limit=limits[0] if limits and limits[0] > 0 else None,  # -1: no limit
        units=tuple(units),
        configuration=tuple(c for c in configuration if c),
        warnings=tuple(warnings),
    )


def _check_stats(unit: Unit, sel: Node) -> list[str]:
    """A 10th-edition unit's characteristics as the rules read them (``characteristics``): one
    they cannot read is refused naming the unit, the weapon or model and the field; a model
    characteristic that is missing is a warning (it is read as a default: W 1, Sv 7+, OC 0)."""
    for weapon in unit.weapons:
        bad = weapon_problem(weapon.kind, weapon.stats)
        if bad:
            raise _bad(
                sel.path,
                f"unit {unit.name!r}, weapon {weapon.name!r}: {bad[0]} {bad[1]}",
            )
    out = []
    for group in unit.models:
        if group.profile is None:
            continue
        bad = model_problem(group.profile.stats)
        if bad:
            raise _bad(sel.path, f"unit {unit.name!r}, model {group.name!r}: {bad[0]} {bad[1]}")
        missing = missing_stats(group.profile.stats)
        if missing:
            out.append(f"{unit.name}: {group.name} has no {', '.join(missing)} in its profile")
    return out


def detect_edition(root: Node) -> tuple[str, list[str]]:
    """The Vantage system of a roster by ``gameSystemId``, else by name; warn when unknown."""
    system_id = root.attr("gameSystemId")
    if system_id in GAME_SYSTEMS:
        return GAME_SYSTEMS[system_id], []
    name = root.attr("gameSystemName")
    for marker, edition in _SYSTEM_NAMES:
        if "40,000" in name and marker in name:
            return edition, []
    return "unknown", [f"unknown game system {name or system_id!r}: stats imported as they are"]


def build_unit(sel: Node) -> Unit:
    """One unit selection with its model groups, weapons, abilities, keywords and points."""
    group_nodes = [] if sel.attr("type") == "model" else list(_model_selections(sel))
    unit_found = list(_found(sel, frozenset(map(id, group_nodes)))) if group_nodes else []
    group_nodes = group_nodes or [sel]
    _require(sel, "id", "a unit")
    for node in [sel, *group_nodes]:
        _require(node, "name", "a unit" if node is sel else "a model")
    unit_stats = [_profile(f.item) for f in unit_found if _kind(f.item) == "unit"]
    unit_by_name, unit_first = _by_name(unit_stats), next(iter(unit_stats), None)
    armoury = _Armoury()
    unit_loadout = armoury.carry(unit_found)
    groups: list[ModelGroup] = []
    all_found = list(unit_found)
    for node in group_nodes:
        found = list(_found(node, frozenset()))
        all_found += found
        loadout = armoury.carry(found)
        if len(group_nodes) == 1:
            loadout = merge_loadout(unit_loadout + loadout)
        own_stats = [_profile(f.item) for f in found if _kind(f.item) == "unit"]
        groups.append(
            ModelGroup(
                name=node.attr("name"),
                entry_id=node.attr("entryId"),
                count=_model_count(node),
                profile=(
                    _pick_profile(own_stats, node.attr("name"))
                    if own_stats
                    else unit_by_name.get(node.attr("name").casefold(), unit_first)
                ),
                loadout=loadout,
                keywords=() if node is sel else _keywords(node)[0],
            )
        )
    points = _points(sel)
    if points < 0:
        raise _bad(sel.path, f"unit {sel.attr('name')!r} costs {points:g} points; never below 0")
    count = sum(g.count for g in groups)
    if count > MAX_MODELS:
        raise RosterFailure(
            TOO_LARGE,
            f"{sel.path}: unit {sel.attr('name')!r} has {count} models; at most {MAX_MODELS}",
            sel.path,
        )
    keywords, factions = _keywords(sel)
    return Unit(
        id=sel.attr("id"),
        name=sel.attr("name"),
        entry_id=sel.attr("entryId"),
        custom_name=sel.attr("customName") or None,
        keywords=keywords,
        faction_keywords=factions,
        points=points,
        models=tuple(groups),
        weapons=armoury.weapons(),
        abilities=_abilities(all_found),
        unassigned=() if len(group_nodes) == 1 else unit_loadout,
    )


def _bad(field: str, problem: str, node: Node | None = None) -> RosterFailure:
    """A bad value at ``field``; with the selection it is in, the message starts with that
    selection's kind and name, which a player can find in the list (army audit s14 #9: a path
    such as ``selections[4]`` alone names nothing they see)."""
    where = f"{_named(node)}: " if node is not None and node.attr("name").strip() else ""
    return RosterFailure(BAD_VALUE, f"{where}{field}: {problem}", field)


def _named(node: Node) -> str:
    """ "unit 'Ashguard Cohort'", "model 'Ashguard'" (a selection's type and name)."""
    return f"{node.attr('type').strip() or node.tag} {node.attr('name').strip()!r}"


def _require(node: Node, name: str, what: str) -> None:
    if not node.attr(name).strip():
        raise _bad(
            f"{node.path}.{name}", f"{what} must have {'a name' if name == 'name' else 'an id'}"
        )


def _decimal(node: Node, name: str, what: str, owner: Node | None = None) -> float | None:
    """A numeric attribute (army-lists.md: ``number(int)``, ``value(decimal)``); None if absent.

    Anything else is refused naming it: ``"five"``, ``""``, ``NaN``, ``1e999``, ``true``, a list;
    the message names the selection it is in (``node`` itself, or ``owner`` for a cost).
    """
    raw = node.attrs.get(name)
    field = f"{node.path}.{name}"
    if raw is None and name not in node.children:
        return None
    value = float(raw) if raw is not None and _DECIMAL.fullmatch(raw.strip()) else math.nan
    if not math.isfinite(value):
        raise _bad(field, f"must be {what}, not {_shown(raw)}", owner or _selection(node))
    return value


def _whole(node: Node, name: str = "number") -> int:
    """A selection's ``number``: a whole number >= 1 (1 when absent)."""
    value = _decimal(node, name, "a whole number >= 1")
    if value is None:
        return 1
    if value < 1 or not value.is_integer():
        raise _bad(
            f"{node.path}.{name}",
            f"must be a whole number >= 1, not {_shown(node.attr(name))}",
            _selection(node),
        )
    return int(value)


def _selection(node: Node) -> Node | None:
    """The node when it is a selection (a unit, model or upgrade a player sees by name)."""
    return node if node.tag == "selection" else None


def _shown(raw: str | None) -> str:
    if raw is None:
        return "a list or an object"
    return repr(raw if len(raw) <= 20 else raw[:20] + "…")


def _cost(cost: Node, owner: Node | None = None) -> float:
    """A points cost or limit: a finite decimal of at most ``MAX_POINTS`` either way; a bad one
    is refused naming the selection ``owner`` it is a cost of."""
    value = _decimal(cost, "value", "a number of points", owner)
    if value is None:
        raise _bad(f"{cost.path}.value", "must be a number of points", owner)
    if abs(value) > MAX_POINTS:
        raise _bad(f"{cost.path}.value", f"{value:g} points: at most {MAX_POINTS}", owner)
    return value


def _model_count(node: Node) -> int:
    count = _whole(node)
    if count > MAX_MODELS:
        name, where = node.attr("name"), f"{node.path}.number"
        raise RosterFailure(
            TOO_LARGE, f"{where}: {name!r} has {count} models; at most {MAX_MODELS} allowed", where
        )
    return count


def _wargear_count(node: Node) -> int:
    value = _decimal(node, "number", "a whole number >= 1")
    count = 1.0 if value is None else value
    if count > MAX_NUMBER:
        where = f"{node.path}.number"
        raise RosterFailure(
            TOO_LARGE, f"{where}: {node.attr('name')!r} counts more than {MAX_NUMBER}", where
        )
    return _whole(node)


class _Armoury:
    """The distinct weapon profiles of one unit, and how many of each a group carries."""

    def __init__(self) -> None:
        self._by_name: dict[str, Weapon] = {}
        self._named: dict[Weapon, str] = {}
        """Each weapon as read -> the name it was stored under."""
        self._next: dict[str, int] = {}
        """A clashing name -> the first suffix not yet tried: ``Gun`` -> 3 after ``Gun (2)``."""

    def carry(self, found: list[Found]) -> tuple[Carried, ...]:
        carried: list[Carried] = []
        for f in found:
            if _kind(f.item) != "weapon":
                continue
            siblings = [p for p in f.owner.kids("profiles") if _kind(p) == "weapon"]
            marked = f.item.attr("name").lstrip().startswith(_MULTI_PROFILE_MARK)
            group = f.owner.attr("name") if len(siblings) > 1 or marked else None
            name = self._add(_weapon(f.item, group))
            carried.append(Carried(weapon=name, total=_wargear_count(f.owner)))
        return merge_loadout(tuple(carried))

    def _add(self, weapon: Weapon) -> str:
        """Store a weapon once; a different profile of a taken name becomes ``Gun (2)``...

        Linear in the number of profiles: each name remembers its next suffix, so 3,000 guns
        of one name do not walk the list of taken names again each time.
        """
        known = self._named.get(weapon)
        if known is not None:
            return known
        named, n = weapon, self._next.get(weapon.name, 1)
        if n > 1:
            named = replace(weapon, name=f"{weapon.name} ({n})")
        while self._by_name.get(named.name, named) != named:
            n += 1
            named = replace(weapon, name=f"{weapon.name} ({n})")
        self._by_name[named.name] = named
        self._named[weapon] = named.name
        if named is not weapon:
            self._next[weapon.name] = n + 1
        return named.name

    def weapons(self) -> tuple[Weapon, ...]:
        return tuple(self._by_name.values())


SELECTION_TYPES = frozenset({"unit", "model", "upgrade"})
"""army-lists.md §1: ``selection [... type = unit | model | upgrade]``."""


def _check_types(force: Node) -> None:
    """Every selection's ``type`` is one of the three when present; a misspelling is refused."""
    stack = list(force.kids("selections"))
    while stack:
        sel = stack.pop()
        kind = sel.attrs.get("type")
        if kind is not None and kind not in SELECTION_TYPES:
            raise _bad(f"{sel.path}.type", f"must be unit, model or upgrade, not {_shown(kind)}")
        stack.extend(sel.kids("selections"))


def _unit_selections(force: Node, warnings: list[str], configuration: list[str]) -> Iterator[Node]:
    """The force's units in order: ``type="unit"`` or ``"model"`` selections at the top, and
    ``type="unit"`` selections chosen under a top-level upgrade (army-lists.md §6.4 collects
    units wherever the forces hold them). Other top-level selections go to ``configuration``;
    one without a ``type`` is kept there with a warning."""
    for sel in force.kids("selections"):
        kind = sel.attrs.get("type")
        if kind in {"unit", "model"} and not _is_configuration(sel):
            yield sel
            continue
        if kind is None:
            warnings.append(
                f"{sel.path}: {sel.attr('name')!r} has no type (unit, model or upgrade): "
                "kept as configuration, not as a unit"
            )
        _check_configuration(sel)
        configuration.append(_describe(sel))
        warnings.extend(
            f"rule {rule.attr('name')!r} of {_describe(sel)!r} is not imported: Vantage does not "
            "apply army or detachment rules yet"
            for rule in _configuration_rules(sel)
        )
        yield from _nested_units(sel)


def _configuration_rules(node: Node) -> Iterator[Node]:
    """The rules a configuration choice carries (a detachment's rule), not those of units chosen
    under it (army audit s14 #10: they were dropped without a word)."""
    yield from (r for r in node.kids("rules") if not _hidden(r))
    for child in node.kids("selections"):
        if child.attr("type") != "unit":
            yield from _configuration_rules(child)


def _nested_units(node: Node) -> Iterator[Node]:
    for child in node.kids("selections"):
        if child.attr("type") == "unit":
            yield child
        else:
            yield from _nested_units(child)


def _forces(node: Node) -> Iterator[Node]:
    for force in node.kids("forces"):
        yield force
        yield from _forces(force)


def _model_selections(node: Node) -> Iterator[Node]:
    for child in node.kids("selections"):
        if child.attr("type") == "model":
            yield child
        else:
            yield from _model_selections(child)


def _found(node: Node, stop: frozenset[int], enhancement: bool = False) -> Iterator[Found]:
    """Profiles and rules in a selection's subtree, not descending into ``stop`` selections
    (their ``id``s: a set, so a unit of 15,000 model groups is not quadratic)."""
    enhancement = enhancement or _is_enhancement(node)
    for profile in node.kids("profiles"):
        if not _hidden(profile):
            yield Found(node, profile, enhancement)
    for rule in node.kids("rules"):
        if not _hidden(rule):
            yield Found(node, rule, enhancement)
    for child in node.kids("selections"):
        if id(child) not in stop:
            yield from _found(child, stop, enhancement)


ENHANCEMENT_NAMES = frozenset({"enhancement", "enhancements"})


def _is_enhancement(sel: Node) -> bool:
    """An upgrade the player chose as an Enhancement: BattleScribe puts it in a category named
    "Enhancement(s)"; New Recruit's JSON also names its entry group (``"group"``)."""
    if sel.attr("type") != "upgrade":
        return False
    if sel.attr("group").strip().casefold() in ENHANCEMENT_NAMES:
        return True
    return any(
        c.attr("name").strip().casefold() in ENHANCEMENT_NAMES for c in sel.kids("categories")
    )


def _hidden(item: Node) -> bool:
    """``hidden`` is an XSD boolean: ``true`` or ``1`` (New Recruit's ``true`` arrives as text)."""
    return item.attr("hidden").strip() in {"true", "1"}


def _kind(item: Node) -> str:
    """``unit``, ``weapon``, ``ability`` or ``other`` for a profile; ``rule`` for a rule."""
    if item.tag == "rule":
        return "rule"
    type_name = item.attr("typeName").casefold()
    if type_name in {"unit", "model"}:
        return "unit"
    if "weapon" in type_name:
        return "weapon"
    return "ability" if type_name == "abilities" else "other"


def _characteristics(profile: Node) -> list[tuple[str, str]]:
    return [(c.attr("name"), c.text or "") for c in profile.kids("characteristics")]


def _clean_name(name: str) -> str:
    return name.strip().lstrip(_MULTI_PROFILE_MARK).strip()


def _profile(node: Node) -> Profile:
    stats = tuple((k.strip().upper(), v) for k, v in _characteristics(node))
    return Profile(name=_clean_name(node.attr("name")), stats=stats)


def _pick_profile(profiles: list[Profile], model_name: str) -> Profile | None:
    return _by_name(profiles).get(model_name.casefold(), next(iter(profiles), None))


def _by_name(profiles: list[Profile]) -> dict[str, Profile]:
    """The first profile of each name, casefolded: one look-up per model group, not a walk."""
    out: dict[str, Profile] = {}
    for p in profiles:
        out.setdefault(p.name.casefold(), p)
    return out


def _weapon(node: Node, group: str | None) -> Weapon:
    keywords: tuple[str, ...] = ()
    stats: list[tuple[str, str]] = []
    for key, value in _characteristics(node):
        if key.strip().casefold() == "keywords":
            keywords = split_keywords(value)
        elif key.strip().upper() == "AP":
            stats.append(("AP", _ascii_minus(value)))
        else:
            stats.append((key.strip().upper(), value))
    melee = (
        "melee" in node.attr("typeName").casefold()
        or dict(stats).get("RANGE", "").casefold() == "melee"
    )
    return Weapon(
        name=_clean_name(node.attr("name")),
        kind="melee" if melee else "ranged",
        stats=tuple(stats),
        keywords=keywords,
        abilities=parse_abilities(", ".join(keywords)),
        group=group,
    )


def _ascii_minus(value: str) -> str:
    """An AP printed with a typographic minus or dash ("−1", "–2") as the rules read it ("-1"):
    they know only the ASCII hyphen and would read "−1" as 0 (review s14)."""
    stripped = value.strip()
    return (
        "-" + stripped[1:] if stripped[:1] in ("−", "–", "—") and stripped[1:].isdigit() else value
    )


def _abilities(found: list[Found]) -> tuple[Ability, ...]:
    seen: dict[tuple[str, str], Ability] = {}
    for f in found:
        kind, name = _kind(f.item), ""
        if kind == "rule":
            text = f.item.attr("description")
        elif kind == "ability":
            text = next((v for _, v in _characteristics(f.item)), "")
        elif kind == "other":
            text = "; ".join(f"{k}: {v}" for k, v in _characteristics(f.item))
            name = "Transport" if _transport(f.item) else ""
        else:
            continue
        ability = Ability(
            name=name or _clean_name(f.item.attr("name")),
            text=text.strip(),
            enhancement=f.enhancement,
        )
        key = (ability.name, ability.text)
        if key not in seen or (ability.enhancement and not seen[key].enhancement):
            seen[key] = replace(seen.get(key, ability), enhancement=ability.enhancement)
    return tuple(seen.values())


def _transport(profile: Node) -> bool:
    """A ``typeName="Transport"`` profile: BSData writes a transport's capacity either so, named
    after the unit with a ``Capacity`` characteristic, or as an Abilities profile named
    "Transport". The first is kept as an ability named "Transport" too, with the text
    ``"Capacity: ..."`` (audit s14 #2: named after the unit, no rule read its capacity)."""
    return profile.attr("typeName").strip().casefold() == "transport"


def _keywords(sel: Node) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Keywords and faction keywords (categories named ``Faction: X``), upper case."""
    keywords: dict[str, None] = {}
    factions: dict[str, None] = {}
    for cat in sel.kids("categories"):
        name = cat.attr("name").strip()
        if name.casefold().startswith(FACTION_PREFIX):
            factions[name[len(FACTION_PREFIX) :].strip().upper()] = None
        elif name:
            keywords[name.upper()] = None
    return tuple(keywords), tuple(factions)


def _is_points(cost: Node) -> bool:
    return cost.attr("typeId") == "points" or cost.attr("name").strip().casefold() in {
        "pts",
        "points",
    }


def _points(node: Node) -> float:
    """Points of a selection and everything chosen under it (or of the roster's own costs)."""
    own = sum(_cost(c, _selection(node)) for c in node.kids("costs") if _is_points(c))
    if node.tag == "roster":
        return own
    return own + sum(_points(child) for child in node.kids("selections"))


def _configuration_points(sel: Node) -> float:
    """Points of a configuration choice (Battle Size, Detachment, ...) and the options chosen
    under it, not of the units chosen under it (those are checked as units)."""
    own = sum(_cost(c, sel) for c in sel.kids("costs") if _is_points(c))
    return own + sum(
        _configuration_points(child)
        for child in sel.kids("selections")
        if child.attr("type") != "unit"
    )


def _check_configuration(sel: Node) -> None:
    """A configuration choice's costs are checked as a unit's are (army audit s15: "ninety" or
    -50 on a Detachment imported without a word, the same on a unit was refused)."""
    points = _configuration_points(sel)
    if points < 0:
        raise _bad(sel.path, f"{_named(sel)} costs {points:g} points; never below 0")


def _is_configuration(sel: Node) -> bool:
    return any(c.attr("name").casefold() == "configuration" for c in sel.kids("categories"))


def _describe(sel: Node) -> str:
    """A configuration choice for display: ``"Battle Size: Strike Force"``."""
    chosen = [
        c.attr("name")
        for c in sel.kids("selections")
        if c.attr("name") and c.attr("type") != "unit"  # units under it are read as units
    ]
    name = sel.attr("name")
    return f"{name}: {', '.join(chosen)}" if chosen else name
