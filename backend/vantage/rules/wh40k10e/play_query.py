"""The ``play`` scenario query (docs/scenario-format.md "Query type `play`"): put the scenario's
table into a game position, referee a list of commands with given dice, and answer with what
changed.

The commands are the live game's own (``commands.py``, docs/wh40k10e.md "Commands") and go
through the same ``decide``/``evolve`` as a game on the server, so a golden ``play`` file pins
the refereeing itself: windows, costs, once-per-phase limits, rejections with their codes, CP,
VP, wounds and positions. Invalid input raises ``ScenarioError`` naming the first bad field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from vantage.engine.codec import first_error
from vantage.engine.decision import Accepted
from vantage.engine.dice import FixedDice
from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Table
from vantage.rules.wh40k10e import geo, leaders
from vantage.rules.wh40k10e.commands import COMMAND_CODEC
from vantage.rules.wh40k10e.decide import decide, waiting_for
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import EVENT_CODEC
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.setup import zones
from vantage.rules.wh40k10e.sheets import ModelSheet, UnitSheet, WeaponSheet, known_abilities
from vantage.rules.wh40k10e.state import (
    RULES_REVISION,
    Options,
    Pending,
    PlayerState,
    State,
    UnitStatus,
)
from vantage.rules.wh40k10e.stratagems import COSTS
from vantage.scenario.schema import Scenario, ScenarioError

MAX_STEPS = 200
Die = Annotated[int, Field(ge=1, le=6)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, strict=True)
    note: str | None = None


class WeaponIn(_In):
    """One weapon profile; every model of the unit carries every weapon of its sheet."""

    name: str = Field(min_length=1, max_length=120)
    type: Literal["ranged", "melee"]
    range: float | None = Field(default=None, gt=0, le=1000)
    attacks: str | int = "1"
    skill: int | None = Field(default=None, ge=1, le=7)
    strength: int = Field(default=4, ge=1, le=99)
    ap: int = Field(default=0, ge=-9, le=0)
    damage: str | int = "1"
    abilities: list[str] = Field(default_factory=list, max_length=32)


class SheetIn(_In):
    """A unit's datasheet: one profile for all its models (defaults: M6 T4 Sv7 Ld7)."""

    move: float = Field(default=6.0, ge=0, le=100)
    toughness: int = Field(default=4, ge=1, le=99)
    save: int = Field(default=7, ge=2, le=7)
    wounds: int | None = Field(default=None, ge=1, le=999)
    leadership: int = Field(default=7, ge=2, le=12)
    oc: int | None = Field(default=None, ge=0, le=99)
    invulnerable: int | None = Field(default=None, ge=2, le=6)
    feel_no_pain: int | None = Field(default=None, ge=2, le=6)
    abilities: list[str] = Field(default_factory=list, max_length=32)
    deadly_demise: str | None = None
    capacity: int = Field(default=0, ge=0, le=100)
    firing_deck: int = Field(default=0, ge=0, le=100)
    scouts: float = Field(default=0.0, ge=0, le=24)
    weapons: list[WeaponIn] = Field(default_factory=list, max_length=32)


class UnitGameIn(_In):
    """What the rules remember about one unit at the position (docs/wh40k10e.md "units")."""

    location: Literal["table", "reserves", "embarked"] = "table"
    reserve: Literal["deep_strike", "strategic"] | None = None
    transport: str | None = None
    move: Literal["none", "stationary", "normal", "advance", "fall_back"] = "none"
    moved_this_phase: bool = False
    advance_roll: int | None = Field(default=None, ge=1, le=6)
    charged: bool = False
    cannot_charge: bool = False
    charge_declared: bool = False
    shot: bool = False
    fought: bool = False
    failed_shock_now: bool = False
    started_embarked: bool | None = None
    effects: list[str] = Field(default_factory=list, max_length=16)
    spent: list[str] = Field(default_factory=list, max_length=64)
    """ONE SHOT weapons already fired this battle, as "model|weapon" (rules decision R19)."""


class GameIn(_In):
    """The game position: round, phase, whose turn, CP, VP, stratagems used, unit states."""

    round: int = Field(default=2, ge=1, le=5)
    phase: Literal["command", "movement", "shooting", "charge", "fight"] = "movement"
    active: str | None = None
    first: str | None = None
    attacker: str | None = None
    strict: bool = True
    cp: dict[str, Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=dict)
    vp: dict[str, Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=dict)
    stratagems_used: dict[str, list[str]] = Field(default_factory=dict)
    overwatch_used: list[str] = Field(default_factory=list)
    units: dict[str, UnitGameIn] = Field(default_factory=dict)
    attach: dict[str, str] = Field(default_factory=dict)
    """Leader unit → the Bodyguard unit it has joined (§3.6), applied by ``leaders.attach``."""


class StepIn(_In):
    """One command: who sends it (default: the player the game waits for), and its dice."""

    player: str | None = None
    command: dict[str, Any]
    dice: list[Die] = Field(default_factory=list, max_length=2000)


class PlayIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: GameIn = Field(default_factory=GameIn)
    sheets: dict[str, SheetIn] = Field(default_factory=dict)
    commands: list[StepIn] = Field(default_factory=list, max_length=MAX_STEPS)


def answer_play(scenario: Scenario, query: Mapping[str, Any], index: int) -> Any:
    """``{game?, sheets?, commands}`` → the refereed outcome (see the module docstring)."""
    at = f"queries[{index}]"
    try:
        play = PlayIn.model_validate(dict(query))
    except ValidationError as exc:
        path, msg = first_error(exc, query, at)
        raise ScenarioError(path, msg) from None
    state = build_state(scenario, play, at)
    steps = []
    for k, step in enumerate(play.commands):
        state, outcome = _referee(state, step, f"{at}.commands[{k}]")
        steps.append(outcome)
    return {"steps": steps, **describe(state), "events": _merged(steps)}


# -- the position -------------------------------------------------------------------------------


def _player(scenario: Scenario, value: str | None, path: str, default: str) -> str:
    if value is None:
        return default
    if value not in scenario.table.players:
        raise ScenarioError(path, f"unknown player {value!r}")
    return value


def _weapon(w: WeaponIn, path: str) -> WeaponSheet:
    abilities = known_abilities(tuple(w.abilities))
    if len(abilities) != len(w.abilities):
        bad = next(i for i, a in enumerate(w.abilities) if not known_abilities((a,)))
        raise ScenarioError(
            f"{path}.abilities[{bad}]", f"unknown weapon ability {w.abilities[bad]!r}"
        )
    if w.type == "ranged" and w.range is None:
        raise ScenarioError(f"{path}.range", "required for a ranged weapon")
    if w.skill is None and "TORRENT" not in abilities:
        raise ScenarioError(f"{path}.skill", "required unless the weapon has TORRENT")
    return WeaponSheet(
        name=w.name,
        kind=w.type,
        range=w.range if w.type == "ranged" else None,
        attacks=str(w.attacks),
        skill=w.skill,
        strength=w.strength,
        ap=w.ap,
        damage=str(w.damage),
        abilities=abilities,
    )


def _raw_models(scenario: Scenario) -> dict[str, Mapping[str, Any]]:
    raw = scenario.raw.get("models", []) if isinstance(scenario.raw, Mapping) else []
    return {str(m.get("id")): m for m in raw if isinstance(m, Mapping)}


def _sheets(
    scenario: Scenario, play: PlayIn, at: str
) -> tuple[dict[str, UnitSheet], dict[str, Model]]:
    """Each unit's sheet, and the table's models with their OC and wounds from the sheet."""
    table = scenario.table
    raw_models = _raw_models(scenario)
    for uid in play.sheets:
        if uid not in table.units:
            raise ScenarioError(f"{at}.sheets.{uid}", f"unknown unit {uid!r}")
    sheets: dict[str, UnitSheet] = {}
    models: dict[str, Model] = dict(table.models)
    for uid, unit in table.units.items():
        s = play.sheets.get(uid) or SheetIn()
        path = f"{at}.sheets.{uid}"
        weapons = tuple(_weapon(w, f"{path}.weapons[{i}]") for i, w in enumerate(s.weapons))
        names = tuple(w.name for w in weapons)
        if len(set(names)) != len(names):
            raise ScenarioError(f"{path}.weapons", "weapon names must be unique")
        entries: list[tuple[str, ModelSheet]] = []
        for m in table.unit_models(uid):
            w_char = s.wounds or max(1, m.wounds)
            left = m.wounds if "wounds" in raw_models.get(m.id, {}) else w_char
            if left > w_char:
                raise ScenarioError(f"{path}.wounds", f"{m.id} has {left} wounds, more than W")
            oc = m.oc if s.oc is None else s.oc
            models[m.id] = replace(m, wounds=left, oc=oc)
            entries.append(
                (m.id, _model_sheet(s, m.name or unit.name or uid, m, w_char, oc, names))
            )
        strength = unit.starting_strength or len(entries)
        if entries and strength > len(entries):
            entries += [(f"{uid}#{i}", entries[0][1]) for i in range(len(entries), strength)]
        sheets[uid] = UnitSheet(
            id=uid,
            player=unit.player,
            name=unit.name or uid,
            keywords=unit.keywords,
            abilities=tuple(a.upper() for a in s.abilities),
            invulnerable=s.invulnerable,
            feel_no_pain=s.feel_no_pain,
            scouts=s.scouts,
            deadly_demise=s.deadly_demise,
            capacity=s.capacity,
            firing_deck=s.firing_deck,
            weapons=weapons,
            models=tuple(entries),
        )
    return sheets, models


def _model_sheet(
    s: SheetIn, name: str, m: Model, w_char: int, oc: int, weapons: tuple[str, ...]
) -> ModelSheet:
    return ModelSheet(
        name=name,
        move=s.move,
        toughness=s.toughness,
        save=s.save,
        wounds=w_char,
        leadership=s.leadership,
        oc=oc,
        base=m.base,
        height=m.height,
        weapons=weapons,
    )


def _status(scenario: Scenario, play: PlayIn, at: str) -> dict[str, UnitStatus]:
    table = scenario.table
    for uid in play.game.units:
        if uid not in table.units:
            raise ScenarioError(f"{at}.game.units.{uid}", f"unknown unit {uid!r}")
    out = {}
    for uid, unit in table.units.items():
        g = play.game.units.get(uid) or UnitGameIn()
        path = f"{at}.game.units.{uid}"
        if g.location == "embarked":
            t = g.transport
            if t is None or t not in table.units or table.units[t].player != unit.player:
                raise ScenarioError(f"{path}.transport", "name a friendly transport unit")
        if g.location == "reserves" and g.reserve is None:
            raise ScenarioError(
                f"{path}.reserve", 'required in Reserves: "deep_strike" or "strategic"'
            )
        for i, e in enumerate(g.effects):
            if not e.replace("_", "").isalnum():
                raise ScenarioError(f"{path}.effects[{i}]", "must be an effect name")
        out[uid] = UnitStatus(
            location=g.location,
            reserve=g.reserve if g.location == "reserves" else None,
            transport=g.transport if g.location == "embarked" else None,
            move=g.move,
            moved_this_phase=g.moved_this_phase,
            advance_roll=g.advance_roll,
            charged=g.charged,
            cannot_charge=g.cannot_charge,
            charge_declared=g.charge_declared,
            shot=g.shot,
            fought=g.fought,
            battle_shocked=unit.battle_shocked,
            failed_shock_now=g.failed_shock_now,
            started_embarked=(
                g.location == "embarked" if g.started_embarked is None else g.started_embarked
            ),
            effects=tuple(g.effects),
            spent=_spent(g.spent, uid, table, f"{path}.spent"),
        )
    return out


def _spent(spent: list[str], uid: str, table: Table, path: str) -> tuple[str, ...]:
    """ONE SHOT weapons fired already: "model|weapon" with a model of this unit (R19)."""
    for i, entry in enumerate(spent):
        model, _, weapon = entry.partition("|")
        m = table.models.get(model)
        if not weapon or m is None or m.unit != uid:
            raise ScenarioError(f"{path}[{i}]", 'must be "model|weapon" with a model of this unit')
    return tuple(spent)


def _sides(scenario: Scenario, g: GameIn, at: str) -> dict[str, PlayerState]:
    players = scenario.table.players
    for key, mapping in (("cp", g.cp), ("vp", g.vp), ("stratagems_used", g.stratagems_used)):
        for p in mapping:
            _player(scenario, p, f"{at}.game.{key}.{p}", p)
    for i, p in enumerate(g.overwatch_used):
        _player(scenario, p, f"{at}.game.overwatch_used[{i}]", p)
    for p, names in g.stratagems_used.items():
        for i, n in enumerate(names):
            if n not in COSTS:
                raise ScenarioError(
                    f"{at}.game.stratagems_used.{p}[{i}]", f"unknown stratagem {n!r}"
                )
    return {
        p: PlayerState(
            cp=g.cp.get(p, 0),
            vp=g.vp.get(p, 0),
            declared=True,
            deployed=True,
            stratagems_phase=tuple(g.stratagems_used.get(p, ())),
            overwatch_turn=p in g.overwatch_used,
        )
        for p in players
    }


def build_state(scenario: Scenario, play: PlayIn, at: str) -> State:
    """The game at the position the query describes, nothing pending (Fight phase: the first
    selection of its Fights First step is offered, §5.7)."""
    table = scenario.table
    if len(table.players) != 2:
        raise ScenarioError("players", "a play query needs exactly two players")
    g = play.game
    first_player = table.players[0]
    active = _player(scenario, g.active, f"{at}.game.active", first_player)
    first = _player(scenario, g.first, f"{at}.game.first", first_player)
    attacker = _player(scenario, g.attacker, f"{at}.game.attacker", first_player)
    sheets, models = _sheets(scenario, play, at)
    status = _status(scenario, play, at)
    on_table = {k: m for k, m in models.items() if status[m.unit].location == "table"}
    offboard = {k: m for k, m in models.items() if status[m.unit].location != "table"}
    defender = next(p for p in table.players if p != attacker)
    state = State(
        options=Options(strict=g.strict, revision=RULES_REVISION),
        players=table.players,
        sheets=sheets,
        table=replace(table, models=on_table),
        offboard=offboard,
        status=status,
        sides=_sides(scenario, g, at),
        zones=zones(table.width, table.depth, attacker, defender),
        attacker=attacker,
        first=first,
        round=g.round,
        active=active,
        phase=g.phase,
        step="",
    )
    state = _attach(state, g.attach, f"{at}.game.attach")
    state = replace(state, control=geo.control(state.table))
    if g.phase == "fight":
        from vantage.rules.wh40k10e.fight import start

        em = Emitter(state, FixedDice([]), None)
        start(em)
        state = em.state
    return state


def _attach(state: State, attach: Mapping[str, str], path: str) -> State:
    """Join each Leader to its Bodyguard unit as the Declare Battle Formations step would
    (``leaders.attach``, §3.6). The position must be one the rules allow: a CHARACTER unit of
    the same player joins a unit without a Leader, both in the same place; which units the
    Leader's ability names is not checked (a play sheet has no Leader ability text)."""
    for leader, bodyguard in attach.items():
        at = f"{path}.{leader}"
        for uid in (leader, bodyguard):
            if uid not in state.sheets:
                raise ScenarioError(at, f"unknown unit {uid!r}")
        lsheet, bsheet = state.sheets[leader], state.sheets[bodyguard]
        if leader == bodyguard or lsheet.player != bsheet.player:
            raise ScenarioError(at, "a Leader joins another unit of the same player")
        if "CHARACTER" not in lsheet.keywords:
            raise ScenarioError(at, f"{leader!r} is not a CHARACTER unit")
        if leader in attach.values() or bodyguard in attach:
            raise ScenarioError(at, "a Leader joins a unit without a Leader (no chains)")
        if list(attach.values()).count(bodyguard) > 1:
            raise ScenarioError(at, f"{bodyguard!r} already has a Leader; one per unit")
        ls, bs = state.status[leader], state.status[bodyguard]
        if (ls.location, ls.transport) != (bs.location, bs.transport):
            raise ScenarioError(at, "the Leader and its Bodyguard unit must be in one place")
        state = leaders.attach(state, leader, bodyguard)
    return state


# -- refereeing ---------------------------------------------------------------------------------


_ID_FIELDS = ("unit", "target", "embark")


def _check_ids(state: State, raw: Mapping[str, Any], path: str) -> None:
    """Unit ids named by a command must exist (an unknown id is bad input, not a game move)."""
    for key in _ID_FIELDS:
        value = raw.get(key)
        if isinstance(value, str) and value not in state.sheets:
            raise ScenarioError(f"{path}.{key}", f"unknown unit {value!r}")
    targets = raw.get("targets")
    if isinstance(targets, list):
        for i, t in enumerate(targets):
            if isinstance(t, str) and t not in state.sheets:
                raise ScenarioError(f"{path}.targets[{i}]", f"unknown unit {t!r}")


def _referee(state: State, step: StepIn, path: str) -> tuple[State, dict[str, Any]]:
    parsed = COMMAND_CODEC.parse(step.command, "play/command", f"{path}.command")
    if isinstance(parsed, Rejection):
        field = str(parsed.detail.get("field") or f"{path}.command")
        raise ScenarioError(field, parsed.message.removeprefix(f"{field}: "))
    _check_ids(state, step.command, f"{path}.command")
    pending = waiting_for(state)
    default = pending.player if pending is not None else (state.active or state.players[0])
    player = step.player if step.player is not None else default
    if player not in state.players:
        raise ScenarioError(f"{path}.player", f"unknown player {player!r}")
    dice = FixedDice(step.dice)
    try:
        decision = decide(state, parsed, player, dice)
    except IndexError:
        raise ScenarioError(f"{path}.dice", "ran out: the command needs more dice") from None
    used = dice.used
    if not isinstance(decision, Accepted):
        return state, {
            "player": player,
            "ok": False,
            "code": decision.code,
            "message": decision.message,
        }
    for e in decision.events:
        state = evolve(state, e)
    return state, {
        "player": player,
        "ok": True,
        "events": _grouped(decision.events),
        "warnings": [w.code for w in decision.warnings],
        "dice_used": used,
    }


def _grouped(events: Sequence[Any]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for e in events:
        raw = EVENT_CODEC.encode(e)
        kind = str(raw.pop("type"))
        out.setdefault(kind, []).append(raw)
    return out


def _merged(steps: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for s in steps:
        for kind, rows in s.get("events", {}).items():
            out.setdefault(kind, []).extend(rows)
    return out


# -- the answer ---------------------------------------------------------------------------------


def _pending(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "player": p.player,
        "kind": p.kind,
        "unit": p.unit,
        "options": list(p.options),
        "window": p.detail.get("window"),
    }


def describe(state: State) -> dict[str, Any]:
    """Where the game stands: phase, pending decision, CP, VP, control, units and positions."""
    units = {}
    for uid in state.sheets:
        s = state.status[uid]
        models = state.models_of(uid)
        units[uid] = {
            "location": s.location,
            "models": len(models),
            "wounds": {m.id: m.wounds for m in models},
            "battle_shocked": s.battle_shocked,
            "move": s.move,
            "advance_roll": s.advance_roll,
            "charged": s.charged,
            "shot": s.shot,
            "fought": s.fought,
            "effects": list(s.effects),
            "starting_strength": state.sheets[uid].starting_strength,
            "leader": s.leader,
            "attached_to": s.attached_to,
            "spent": list(s.spent),
        }
    result = state.result
    return {
        "round": state.round,
        "phase": state.phase,
        "active": state.active,
        "pending": _pending(waiting_for(state)),
        "fight_step": state.fight.step if state.fight else None,
        "cp": {p: state.side(p).cp for p in state.players},
        "vp": {p: state.side(p).vp for p in state.players},
        "stratagems_used": {p: list(state.side(p).stratagems_phase) for p in state.players},
        "control": dict(state.control),
        "units": units,
        "positions": {mid: [round(m.x, 4), round(m.y, 4)] for mid, m in state.table.models.items()},
        "result": (
            None
            if result is None
            else {"winner": result.winner, "reason": result.reason, "vp": dict(result.vp)}
        ),
    }
