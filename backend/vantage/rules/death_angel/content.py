"""Loading and checking content packs; the shipped demo pack (``packs/demo.json``).

Structure is checked by the pack dataclasses (``packs/schema.json`` is their JSON Schema);
then cross-references, hooks and their parameters. Every error names the bad field's path.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any, Protocol

from pydantic import TypeAdapter

from vantage.engine.errors import Rejection
from vantage.rules.death_angel.hooks import (
    ACTION_HOOKS,
    EVENT_HOOKS,
    LOCATION_HOOKS,
    TERRAIN_HOOKS,
    VICTORY_HOOKS,
    ParamKinds,
)
from vantage.rules.death_angel.pack import (
    PACK_CODEC,
    Ability,
    LocationAbility,
    MoveBox,
    Pack,
    Place,
    TerrainIcon,
)

Problem = tuple[str, str]


def load_pack(raw: object) -> Pack | Rejection:
    """A pack from untrusted JSON, or a ``setup/invalid`` rejection naming the field."""
    if not isinstance(raw, Mapping):
        return Rejection("setup/invalid", "pack: must be an object", {"field": "pack"})
    pack = PACK_CODEC.parse(raw, "setup/invalid", prefix="pack")
    if isinstance(pack, Rejection):
        return pack
    problem = next(iter(problems(pack)), None)
    if problem is not None:
        path, message = problem
        return Rejection("setup/invalid", f"pack.{path}: {message}", {"field": f"pack.{path}"})
    return pack


@cache
def demo_pack() -> Pack:
    """The original demo pack shipped with Vantage (read once, at first use)."""
    text = resources.files(__package__).joinpath("packs/demo.json").read_text(encoding="utf-8")
    pack = load_pack(json.loads(text))
    if isinstance(pack, Rejection):
        raise ValueError(f"the demo pack is invalid: {pack.message}")
    return pack


@cache
def demo_pack_json() -> dict[str, Any]:
    """The demo pack as JSON (``PACK_CODEC``'s form): stored with each new game created without
    a pack, so that changing ``packs/demo.json`` never changes a stored game (E16). Read-only."""
    return PACK_CODEC.encode(demo_pack())


def pack_of(raw: object) -> Pack | Rejection:
    """The pack of a request's ``"pack"``: the demo pack when absent (a game stored before E16)
    or when it is the demo pack as stamped (the same object, so its index is shared), else
    ``load_pack``."""
    if raw is None or raw == demo_pack_json():
        return demo_pack()
    return load_pack(raw)


def pack_schema() -> dict[str, Any]:
    """The JSON Schema of the pack format (shipped as ``packs/schema.json``)."""
    schema = TypeAdapter(Pack).json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://vantage.invalid/schemas/death-angel-pack-1.json",
        **schema,
        "title": "Death Angel content pack (format 1)",
    }


def problems(pack: Pack) -> Iterable[Problem]:
    """Every cross-reference problem, in pack order."""
    yield from _duplicates(pack)
    types = {g.type for g in pack.genestealers}
    terrain = {t.id for t in pack.terrain}
    lords = {b.id for b in pack.broodlords}
    faces = {f.value for f in pack.die}
    for i, b in enumerate(pack.broodlords):
        for j, t in enumerate(b.types):
            if t not in types:
                yield f"broodlords[{i}].types[{j}]", f"unknown genestealer type {t!r}"
    for i, team in enumerate(pack.teams):
        for j, a in enumerate(team.actions):
            yield from _ability(
                a.ability, f"teams[{i}].actions[{j}].ability", "action", lords, faces
            )
    for i, card in enumerate(pack.terrain):
        yield from _ability(card.activate, f"terrain[{i}].activate", "terrain", lords, faces)
    for i, e in enumerate(pack.events):
        path = f"events[{i}]"
        yield from _ability(e.ability, f"{path}.ability", "event", lords, faces)
        hook = EVENT_HOOKS.get(e.ability.hook) if e.ability else None
        choosing = hook is not None and hook.options is not None
        if choosing != e.instinct:
            yield f"{path}.instinct", "INSTINCT cards (only) need a hook with a choice"
        for j, box in enumerate(e.boxes):
            if isinstance(box, MoveBox) and box.genestealer not in types:
                yield (
                    f"{path}.boxes[{j}].genestealer",
                    f"unknown genestealer type {box.genestealer!r}",
                )
    places: list[tuple[str, Place]] = [
        *((f"setups[{i}]", c) for i, c in enumerate(pack.setups)),
        *((f"locations[{i}]", c) for i, c in enumerate(pack.locations)),
    ]
    for path, place in places:
        yield from _icons(place.left, f"{path}.left", terrain)
        yield from _icons(place.right, f"{path}.right", terrain)
        yield from _location_ability(place.ability, f"{path}.ability", lords, faces)
        yield from _ability(place.victory, f"{path}.victory", "victory", lords, faces)
    yield from _setups(pack)


def _duplicates(pack: Pack) -> Iterable[Problem]:
    groups: dict[str, list[tuple[str, str]]] = {
        "teams": [(f"teams[{i}].id", t.id) for i, t in enumerate(pack.teams)],
        "marines": [
            (f"teams[{i}].marines[{j}].id", m.id)
            for i, t in enumerate(pack.teams)
            for j, m in enumerate(t.marines)
        ],
        "actions": [
            (f"teams[{i}].actions[{j}].id", a.id)
            for i, t in enumerate(pack.teams)
            for j, a in enumerate(t.actions)
        ],
        "swarm cards": [
            (f"genestealers[{i}].type", g.type) for i, g in enumerate(pack.genestealers)
        ]
        + [(f"broodlords[{i}].id", b.id) for i, b in enumerate(pack.broodlords)],
        "terrain": [(f"terrain[{i}].id", t.id) for i, t in enumerate(pack.terrain)],
        "locations": [(f"setups[{i}].id", c.id) for i, c in enumerate(pack.setups)]
        + [(f"locations[{i}].id", c.id) for i, c in enumerate(pack.locations)],
        "events": [(f"events[{i}].id", e.id) for i, e in enumerate(pack.events)],
    }
    for kind, items in groups.items():
        seen: set[str] = set()
        for path, value in items:
            if value in seen:
                yield path, f"duplicate id {value!r} among {kind}"
            seen.add(value)


def _params(
    params: Mapping[str, object], kinds: ParamKinds, path: str, lords: set[str], faces: set[int]
) -> Iterable[Problem]:
    for name in params:
        if name not in kinds:
            yield f"{path}.params.{name}", "is not a parameter of this hook"
    for name, kind in kinds.items():
        value = params.get(name)
        if value is None:
            yield f"{path}.params.{name}", "is required"
        elif kind == "int" and (not isinstance(value, int) or value < 0):
            yield f"{path}.params.{name}", "must be a whole number >= 0"
        elif kind == "face" and value not in faces:
            yield f"{path}.params.{name}", "must be a value of a die face"
        elif kind == "side" and value not in ("L", "R"):
            yield f"{path}.params.{name}", "must be 'L' or 'R'"
        elif kind == "arrow" and value not in ("up", "down"):
            yield f"{path}.params.{name}", "must be 'up' or 'down'"
        elif kind == "broodlord" and value not in lords:
            yield f"{path}.params.{name}", f"unknown broodlord {value!r}"


class _Hook(Protocol):
    @property
    def params(self) -> ParamKinds: ...


_REGISTRIES: dict[str, Mapping[str, _Hook]] = {
    "action": ACTION_HOOKS,
    "event": EVENT_HOOKS,
    "terrain": TERRAIN_HOOKS,
    "location": LOCATION_HOOKS,
    "victory": VICTORY_HOOKS,
}


def _ability(
    ability: Ability | None, path: str, kind: str, lords: set[str], faces: set[int]
) -> Iterable[Problem]:
    if ability is None:
        return
    hook = _REGISTRIES[kind].get(ability.hook)
    if hook is None:
        known = ", ".join(sorted(_REGISTRIES[kind]))
        yield f"{path}.hook", f"unknown {kind} hook {ability.hook!r} (known: {known})"
        return
    yield from _params(ability.params, hook.params, path, lords, faces)


def _location_ability(
    ability: LocationAbility | None, path: str, lords: set[str], faces: set[int]
) -> Iterable[Problem]:
    if ability is None:
        return
    hook = LOCATION_HOOKS.get(ability.hook)
    if hook is None:
        known = ", ".join(sorted(LOCATION_HOOKS))
        yield f"{path}.hook", f"unknown location hook {ability.hook!r} (known: {known})"
    elif hook.trigger != ability.trigger:
        yield f"{path}.trigger", f"{ability.hook} is a {hook.trigger} ability"
    else:
        yield from _params(ability.params, hook.params, path, lords, faces)


def _icons(icons: tuple[TerrainIcon, ...], path: str, terrain: set[str]) -> Iterable[Problem]:
    for i, icon in enumerate(icons):
        if icon.terrain not in terrain:
            yield f"{path}[{i}].terrain", f"unknown terrain {icon.terrain!r}"


def _setups(pack: Pack) -> Iterable[Problem]:
    labels = Counter(loc.label for loc in pack.locations)
    seen: set[int] = set()
    for i, card in enumerate(pack.setups):
        for j, n in enumerate(card.players):
            if n in seen:
                yield f"setups[{i}].players[{j}]", f"another setup card is for {n} players"
            seen.add(n)
        if not card.recipe:
            yield f"setups[{i}].recipe", "needs at least one location"
        for label, needed in Counter(card.recipe).items():
            if labels[label] < needed:
                j = card.recipe.index(label)
                yield f"setups[{i}].recipe[{j}]", f"needs {needed} location(s) labelled {label!r}"
        used = [icon.terrain for icon in (*card.left, *card.right)]
        if len(used) != len(set(used)):
            yield f"setups[{i}].left", "a terrain card can be placed only once per location"
    for i, loc in enumerate(pack.locations):
        used = [icon.terrain for icon in (*loc.left, *loc.right)]
        if len(used) != len(set(used)):
            yield f"locations[{i}].left", "a terrain card can be placed only once per location"
