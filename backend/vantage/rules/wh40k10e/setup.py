"""The create-game request and the state at version 0 (issue "Public interface").

``{"armies": {"p1": <army JSON> | {"demo": 0}, "p2": ...}, "layout": "ruined-city" |
{"terrain": [...], "objectives": [...]}, "strict": true, "battle_size": "incursion",
"objectives": "place" | "layout", "starting_cp": 0}``; everything is optional (demo armies,
the ruined-city layout, strict, Incursion, players place the markers). Any other field (a typo
such as ``"stict"``, a sandbox-style ``"setup"``) is refused for a new game
(``Ruleset.create_options``); a stored game's set-up still parses.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vantage.engine.codec import printable, wire
from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Objective, Table, TerrainPiece, Unit
from vantage.rosters import Army, army_from_json, demo_armies
from vantage.rosters.army_json import TOTAL_RULE, bad_total
from vantage.rosters.characteristics import model_problem, weapon_problem
from vantage.rosters.demo import FIRST_RELEASE
from vantage.rules.wh40k10e.layouts import LAYOUTS, stretched
from vantage.rules.wh40k10e.sheets import UnitSheet, demise_value, unit_sheets
from vantage.rules.wh40k10e.state import (
    RULES_REVISION,
    BattleSize,
    Options,
    PlayerState,
    State,
    UnitStatus,
    Zone,
)
from vantage.scenario.schema import ScenarioError, parse_scenario

PLAYERS = ("p1", "p2")
SIZES: dict[str, tuple[float, float, float]] = {
    "incursion": (60.0, 44.0, 250.0),
    "strike_force": (60.0, 44.0, 500.0),
    "onslaught": (90.0, 44.0, 750.0),
}
"""Battle size → table width, depth and the Strategic Reserves cap in points (§2.1, §2.2)."""
OPTIONS = ("armies", "battle_size", "layout", "objectives", "starting_cp", "strict")
"""The fields of a create-game request this system reads (besides ``system``)."""
REVISION_KEY = "rules_revision"
"""Stored with each new game's request by the server (``new_game_options``), never given by a
client: the rules revision the game is decided by (rules decision R38)."""


def stamped(request: Mapping[str, Any]) -> dict[str, Any]:
    """A new game's request as it is stored: with this code's rules revision, and each demo
    army (given by its index, or by default) as the army itself, so that changing the demo
    armies never changes a stored game (rules decision R38)."""
    out = {**request, REVISION_KEY: RULES_REVISION}
    armies = request.get("armies", {})
    if isinstance(armies, Mapping):
        demos = demo_armies()
        out["armies"] = {**armies}
        for i, player in enumerate(PLAYERS):
            doc = armies.get(player, {"demo": i})
            index = doc.get("demo") if isinstance(doc, Mapping) and set(doc) == {"demo"} else None
            if type(index) is int and 0 <= index < len(demos):
                out["armies"][player] = demos[index].content_json()
    return out


ZONE_DEPTH = 12.0
"""Only War deployment zones: 12" strips along the long edges (§10 DECISION)."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GameSetup:
    """A validated request: options, both armies' sheets and the terrain (maybe markers)."""

    options: Options
    sheets: tuple[UnitSheet, ...]
    terrain: tuple[TerrainPiece, ...]
    objectives: tuple[Objective, ...] = ()
    new_game_refusal: Rejection | None = None
    """Why a new game of this request is refused though a stored one loads (checks added after
    games were stored): an army for no player, a demo index true or false, a model with no base
    size (it stands on a 32 mm base)."""


def _bad(field: str, message: str) -> Rejection:
    return Rejection("setup/invalid", f"{field}: {message}", {"field": field})


_ARMY_PATH = re.compile(
    r"(?:units|format|name|edition|game_system|faction|points|points_limit|configuration)"
    r"(?:[.\[].*)?"
)
"""The path an ``army_from_json`` message starts with: one of the army's fields, and below."""


def _army_error(where: str, message: str) -> Rejection:
    """An army JSON error with the bad field in ``detail.field`` (``armies.p1.units[0].id``):
    ``army_from_json`` starts each message with the path (bad-input audit s15)."""
    path, sep, text = message.partition(": ")
    if sep and _ARMY_PATH.fullmatch(path):
        return _bad(f"{where}.{path}", text)
    return _bad(where, message)


def parse_setup(request: Mapping[str, Any]) -> GameSetup | Rejection:
    """Validate a create-game request (everything but ``system``)."""
    size = request.get("battle_size", "incursion")
    if not isinstance(size, str) or size not in SIZES:
        return _bad("battle_size", f"must be one of {sorted(SIZES)}")
    strict = request.get("strict", True)
    if not isinstance(strict, bool):
        return _bad("strict", "must be true or false")
    cp = request.get("starting_cp", 0)
    if not isinstance(cp, int) or isinstance(cp, bool) or not 0 <= cp <= 20:
        return _bad("starting_cp", "must be a whole number from 0 to 20")
    placing = request.get("objectives", "place")
    if not isinstance(placing, str) or placing not in ("place", "layout"):
        return _bad("objectives", 'must be "place" or "layout"')
    revision = request.get(REVISION_KEY, 1)  # a game stored before revisions: revision 1
    if not isinstance(revision, int) or isinstance(revision, bool):
        return _bad(REVISION_KEY, f"must be a whole number from 1 to {RULES_REVISION}")
    if not 1 <= revision <= RULES_REVISION:
        return _bad(REVISION_KEY, f"must be a whole number from 1 to {RULES_REVISION}")
    armies = _armies(request.get("armies", {}), revision)
    if isinstance(armies, Rejection):
        return armies
    sheets, refusal = armies
    width, depth, reserve_cap = SIZES[size]
    layout = _layout(request.get("layout", "ruined-city"), width, depth)
    if isinstance(layout, Rejection):
        return layout
    terrain, objectives = layout
    options = Options(
        strict=strict,
        battle_size=_size(size),
        starting_cp=cp,
        reserve_points=reserve_cap,
        place_objectives=placing == "place" or not objectives,
        revision=revision,
    )
    return GameSetup(
        options=options,
        sheets=tuple(sheets),
        terrain=terrain,
        objectives=() if options.place_objectives else objectives,
        new_game_refusal=refusal,
    )


def _size(name: str) -> BattleSize:
    return (
        "onslaught"
        if name == "onslaught"
        else "strike_force"
        if name == "strike_force"
        else ("incursion")
    )


def _armies(raw: object, revision: int) -> tuple[list[UnitSheet], Rejection | None] | Rejection:
    """Both armies' unit sheets, and what refuses a new game but not a stored one (made before
    the check): an army for no player, a demo index given as true or false, a model without a
    base size. A demo army named by its index is the first release's (only games of revision 1
    were stored so; ``stamped`` keeps the army itself with a new game)."""
    if not isinstance(raw, Mapping):
        return _bad("armies", "must be an object with p1 and p2")
    out: list[UnitSheet] = []
    stranger = next((key for key in raw if key not in PLAYERS), None)
    refusal = (
        None
        if stranger is None
        else _bad(f"armies.{printable(str(stranger))}", "not a player of this game (p1 or p2)")
    )
    demos = demo_armies(FIRST_RELEASE if revision < 2 else None)
    for i, player in enumerate(PLAYERS):
        doc = raw.get(player, {"demo": i})
        if isinstance(doc, Mapping) and set(doc) == {"demo"}:
            index = doc["demo"]
            if not isinstance(index, int) or not 0 <= index < len(demos):
                return _bad(f"armies.{player}.demo", f"must be 0..{len(demos) - 1}")
            if isinstance(index, bool) and refusal is None:
                refusal = _bad(f"armies.{player}.demo", f"must be 0..{len(demos) - 1}")
            army = demos[index]
        else:
            try:
                army = army_from_json(doc)
            except ValueError as exc:
                return _army_error(f"armies.{player}", str(exc))
        sheets = unit_sheets(army, player, revision)
        if not sheets:
            return _bad(f"armies.{player}", "the army has no units")
        out.extend(sheets)
        if refusal is None:
            refusal = (
                _missing_base(army, f"armies.{player}")
                or _unreadable(army, player)
                or _bad_total(doc, player)
            )
    return out, refusal


def _bad_total(doc: object, player: str) -> Rejection | None:
    """A new game refuses a loadout ``total`` that is not a whole number from 1 (a stored army
    keeps its reading: review s15)."""
    if not isinstance(doc, Mapping):
        return None
    path = bad_total(doc)
    return None if path is None else _bad(f"armies.{player}.{path}", TOTAL_RULE)


OTHER_EDITIONS = {
    "wh40k-9e": "9th edition",
    "wh40k-8e": "8th edition",
    "unknown": "an unknown game",
}
"""Editions an import names that this game must not take: a 9th-edition list has no OC and
other weapon stats, which the sheets would read as defaults (army audit s14 #6)."""


def _unreadable(army: Army, player: str) -> Rejection | None:
    """A new game refuses an army from another game system, or with a characteristic the rules
    cannot read (``rosters.characteristics``): a stored army that holds one still loads, and
    a value that cannot be rolled is refused when used (``army/unreadable``)."""
    path = f"armies.{player}"
    if army.edition in OTHER_EDITIONS:
        what = army.game_system or OTHER_EDITIONS[army.edition]
        return _bad(
            f"{path}.edition",
            f"{army.name!r} is a list for {what}, not Warhammer 40,000 10th edition: "
            "import a 10th-edition list",
        )
    for i, unit in enumerate(army.units):
        for j, weapon in enumerate(unit.weapons):
            bad = weapon_problem(weapon.kind, weapon.stats)
            if bad:
                return _bad(
                    f"{path}.units[{i}].weapons[{j}].{bad[0]}",
                    f"{unit.name}, weapon {weapon.name}: {bad[0]} {bad[1]}",
                )
        for j, group in enumerate(unit.models):
            bad = model_problem(group.profile.stats) if group.profile else None
            if bad:
                return _bad(
                    f"{path}.units[{i}].models[{j}].profile.{bad[0]}",
                    f"{unit.name}, model {group.name}: {bad[0]} {bad[1]}",
                )
        if demise_value(unit.abilities) == "":
            return _bad(
                f"{path}.units[{i}].abilities",
                f"{unit.name}: Deadly Demise has no value the rules can roll (like 1, D3 or D6) "
                "in its name or its text",
            )
    return None


def _missing_base(army: Army, path: str) -> Rejection | None:
    """The first model group whose base the import could not tell (docs/army-import.md "Base
    sizes": the player gives it with ``base_overrides`` and imports again)."""
    for i, unit in enumerate(army.units):
        for j, group in enumerate(unit.models):
            if group.base is None:
                return _bad(
                    f"{path}.units[{i}].models[{j}].base",
                    f"{group.name} ({unit.name}) has no base size: import the army again "
                    "with its base in base_overrides",
                )
    return None


def _layout(
    raw: object, width: float, depth: float
) -> tuple[tuple[TerrainPiece, ...], tuple[Objective, ...]] | Rejection:
    if isinstance(raw, str):
        if raw not in LAYOUTS:
            return _bad("layout", f"unknown layout {raw!r}; one of {sorted(LAYOUTS)}")
        raw = stretched(LAYOUTS[raw][1](), width / 60.0)
    if not isinstance(raw, Mapping):
        return _bad("layout", "must be a layout id or an object with terrain")
    doc = {
        "system": "wh40k-10e",
        "table": {"width": width, "depth": depth},
        "players": list(PLAYERS),
        "terrain": raw.get("terrain", []),
        "objectives": raw.get("objectives", []),
    }
    try:
        scenario = parse_scenario(doc, with_queries=False)
    except ScenarioError as exc:
        return _bad(f"layout.{exc.path}", exc.message)
    return scenario.table.terrain, scenario.table.objectives


def zones(width: float, depth: float, attacker: str, defender: str) -> dict[str, Zone]:
    """The attacker's strip along y = 0 and the defender's along the far edge (§10)."""
    low = ((0.0, 0.0), (width, 0.0), (width, ZONE_DEPTH), (0.0, ZONE_DEPTH))
    high = ((0.0, depth - ZONE_DEPTH), (width, depth - ZONE_DEPTH), (width, depth), (0.0, depth))
    return {attacker: low, defender: high}


def initial_state(setup: GameSetup) -> State:
    """Every unit waiting to be deployed; the markers of the layout if they are not placed."""
    width, depth, _ = SIZES[setup.options.battle_size]
    units: dict[str, Unit] = {}
    offboard: dict[str, Model] = {}
    for sheet in setup.sheets:
        units[sheet.id] = Unit(
            id=sheet.id,
            player=sheet.player,
            name=sheet.name,
            keywords=sheet.keywords,
            starting_strength=sheet.starting_strength,
        )
        for mid, ms in sheet.models:
            offboard[mid] = Model(
                id=mid,
                unit=sheet.id,
                base=ms.base,
                x=0.0,
                y=0.0,
                height=ms.height,
                oc=ms.oc,
                wounds=ms.wounds,
                name=ms.name,
            )
    table = Table(
        width=width,
        depth=depth,
        players=PLAYERS,
        units=units,
        terrain=setup.terrain,
        objectives=setup.objectives,
    )
    cp = setup.options.starting_cp
    return State(
        options=setup.options,
        players=PLAYERS,
        sheets={s.id: s for s in setup.sheets},
        table=table,
        offboard=offboard,
        status={s.id: UnitStatus() for s in setup.sheets},
        sides={p: PlayerState(cp=cp) for p in PLAYERS},
        step="objectives" if setup.options.place_objectives else "attacker",
    )
