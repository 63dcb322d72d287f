"""Leaders and Attached units (wh40k-10th §3.6, seed L785-L817 and L3231-L3279).

A Leader joins one Bodyguard unit in the Declare Battle Formations step. The engine then keeps
one unit under the Bodyguard unit's id: the Leader's models become that unit's models and the
unit's sheet is the two datasheets combined (``combined_sheet``), so every rule that works on
units (deployment, moving, coherency, shooting, charging, fighting, Battle-shock with the best
Leadership, Starting Strength, objective control) sees one unit. ``State.attached`` keeps the
Bodyguard's own sheet and the Leader's model ids, so that who is Leader and who is Bodyguard is
never lost. When one part is destroyed, the survivor becomes its own unit again with its own
sheet and Starting Strength (``after_losses``); the Leader unit keeps its own id throughout,
with location ``attached`` while it is joined.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.errors import Rejection
from vantage.engine.table import Model
from vantage.rules.wh40k10e.sheets import ModelSheet, UnitSheet, WeaponSheet
from vantage.rules.wh40k10e.state import Attachment, State

EVERY_MODEL = ("DEEP STRIKE", "INFILTRATORS", "SCOUTS", "STEALTH", "FIGHTS FIRST")
"""Unit abilities an attached unit has only when both parts have them (rules decision R27)."""
DROPPED = ("LONE OPERATIVE", "LEADER")
"""Lone Operative does not protect an attached unit (§8.1); Leader is spent by joining."""


def problem(code: str, message: str, **detail: Any) -> Rejection:
    """A rule problem (as ``emitter.problem``; evolve imports this module, so no emitter)."""
    return Rejection(code, message, detail)


# -- reading --------------------------------------------------------------------------------


def attachment(state: State, unit: str) -> Attachment | None:
    """The Leader attached to this (Bodyguard) unit, if any."""
    return state.attached.get(unit)


def leader_models(state: State, unit: str) -> frozenset[str]:
    """The models of the unit's Leader part (none for a unit that is not attached)."""
    att = state.attached.get(unit)
    return frozenset(att.leader_models) if att else frozenset()


def origin(state: State, model_id: str, unit: str) -> str:
    """The unit a model was mustered in: the Leader's id for a Leader model of an attached unit."""
    att = state.attached.get(unit)
    return att.leader if att and model_id in att.leader_models else unit


def is_character(state: State, model_id: str, unit: str) -> bool:
    """The model is a CHARACTER: a Leader model, or a model of a CHARACTER unit."""
    return "CHARACTER" in model_sheet(state, model_id, unit).keywords


def protected(state: State, unit: str) -> frozenset[str]:
    """CHARACTER models of an attached unit: attacks go to them only once every Bodyguard model
    is gone, or by PRECISION (§3.6, seed L3260-L3268)."""
    return frozenset(m for m in leader_models(state, unit) if is_character(state, m, unit))


def model_sheet(state: State, model_id: str, unit: str) -> UnitSheet:
    """The datasheet a model was mustered with (its keywords, invulnerable save, Feel No Pain):
    in an attached unit, the Leader's or the Bodyguard's own, not the combined one."""
    att = state.attached.get(unit)
    if att is None:
        return state.sheets[unit]
    return state.sheets[att.leader] if model_id in att.leader_models else att.bodyguard_sheet


def bodyguard_toughness(state: State, unit: str) -> int | None:
    """An attached unit's T against every attack: the Bodyguard models' (seed L3255-L3259)."""
    att = state.attached.get(unit)
    if att is None or not att.bodyguard_sheet.models:
        return None
    return att.bodyguard_sheet.models[0][1].toughness


# -- forming ----------------------------------------------------------------------------------


def attach_problems(state: State, player: str, attach: Mapping[str, str]) -> list[Rejection]:
    """Each Leader joins one Bodyguard unit its ability names, one Leader per Bodyguard (§3.6)."""
    out: list[Rejection] = []
    taken: dict[str, str] = {}
    for leader, bodyguard in attach.items():
        for uid in (leader, bodyguard):
            sheet = state.sheets.get(uid)
            if sheet is None or sheet.player != player:
                return [Rejection("setup/unknown_unit", f"{uid!r} is not one of your units")]
        if any(state.status[u].location != "undeployed" for u in (leader, bodyguard)):
            return [Rejection("setup/attach", "Leaders join their unit before deployment")]
        lsheet, bsheet = state.sheets[leader], state.sheets[bodyguard]
        if leader in attach.values() or bodyguard in attach or bodyguard in state.attached:
            return [Rejection("setup/attach_chain", "a Leader joins a unit without a Leader")]
        if not (lsheet.has("LEADER") and "CHARACTER" in lsheet.keywords):
            out.append(
                problem("rule/not_leader", f"{lsheet.name} is not a CHARACTER with Leader (§3.6)")
            )
        elif bodyguard not in lsheet.leads:
            out.append(
                problem(
                    "rule/not_bodyguard",
                    f"{lsheet.name}'s Leader ability does not name {bsheet.name} (§3.6)",
                    unit=leader,
                )
            )
        if bodyguard in taken:
            return [
                Rejection(
                    "setup/one_leader",
                    f"{bsheet.name} already has a Leader "
                    f"({state.sheets[taken[bodyguard]].name}); one per Bodyguard unit (§3.6)",
                )
            ]
        taken[bodyguard] = leader
    return out


def combined_sheet(bodyguard: UnitSheet, leader: UnitSheet) -> UnitSheet:
    """The attached unit's sheet: both parts' models and weapons under the Bodyguard's id.

    A Leader weapon whose name clashes with a different Bodyguard profile is renamed
    "name (Leader name)". Keywords are the union; see ``EVERY_MODEL`` and ``DROPPED`` for
    abilities. Invulnerable save, Feel No Pain and Deadly Demise stay the Bodyguard's: the
    Leader models' own are read from the Leader's sheet (``model_sheet``). The weapon abilities
    the Leader gives the unit it leads (``UnitSheet.grants``) are added to every weapon of the
    unit of that kind, the Leader's own included (R39). A Damaged profile is a one-model unit's:
    the attached unit has none.
    """
    own = {w.name: w for w in bodyguard.weapons}
    renamed: dict[str, str] = {}
    weapons: list[WeaponSheet] = list(bodyguard.weapons)
    for w in leader.weapons:
        if w.name in own:
            if own[w.name] == w:
                continue
            renamed[w.name] = f"{w.name} ({leader.name})"
            w = replace(w, name=renamed[w.name])
        weapons.append(w)
    models: list[tuple[str, ModelSheet]] = list(bodyguard.models)
    for mid, ms in leader.models:
        models.append((mid, replace(ms, weapons=tuple(renamed.get(n, n) for n in ms.weapons))))
    abilities = tuple(
        a
        for a in dict.fromkeys((*bodyguard.abilities, *leader.abilities))
        if a not in DROPPED and (a not in EVERY_MODEL or (bodyguard.has(a) and leader.has(a)))
    )
    both_scout = bodyguard.scouts > 0 and leader.scouts > 0
    weapons = [_granted(w, leader.grants) for w in weapons]
    return replace(
        bodyguard,
        name=f"{bodyguard.name} + {leader.name}",
        keywords=tuple(dict.fromkeys((*bodyguard.keywords, *leader.keywords))),
        abilities=abilities,
        points=bodyguard.points + leader.points,
        scouts=min(bodyguard.scouts, leader.scouts) if both_scout else 0.0,
        weapons=tuple(weapons),
        models=tuple(models),
        leads=(),
        grants=(),
        damaged=0,
        datasheet=(*bodyguard.datasheet, *leader.datasheet),
    )


def _stem(ability: str) -> str:
    """``SUSTAINED HITS 1`` -> ``SUSTAINED HITS``; ``ANTI-INFANTRY 4+`` -> ``ANTI-INFANTRY``."""
    head, _, last = ability.rpartition(" ")
    return head if head and re.fullmatch(r"\d+\+?|D\d+", last) else ability


def _granted(w: WeaponSheet, grants: tuple[tuple[str, str], ...]) -> WeaponSheet:
    """The weapon with the abilities its Leader gives the unit (R39); one it has already, in any
    value, stays as it is."""
    have = {_stem(a) for a in w.abilities}
    extra = [a for kind, a in grants if kind in ("any", w.kind) and _stem(a) not in have]
    return replace(w, abilities=(*w.abilities, *dict.fromkeys(extra))) if extra else w


def attach(state: State, leader: str, bodyguard: str) -> State:
    """The Leader joins the Bodyguard unit for the battle (seed L3241-L3248)."""
    lsheet, bsheet = state.sheets[leader], state.sheets[bodyguard]
    mine = tuple(mid for mid, _ in lsheet.models)
    merged = combined_sheet(bsheet, lsheet)
    state = _rehome(state, set(mine), bodyguard)
    state = _table_unit(state, bodyguard, merged)
    state = replace(
        state,
        sheets={**state.sheets, bodyguard: merged},
        attached={
            **state.attached,
            bodyguard: Attachment(leader=leader, bodyguard_sheet=bsheet, leader_models=mine),
        },
    )
    state = state.with_status(leader, location="attached", attached_to=bodyguard)
    return state.with_status(bodyguard, leader=leader)


def _rehome(state: State, ids: set[str], unit: str) -> State:
    """Models change unit (on the table or off it)."""

    def moved(models: Mapping[str, Model]) -> dict[str, Model]:
        return {k: replace(m, unit=unit) if k in ids else m for k, m in models.items()}

    table = replace(state.table, models=moved(state.table.models))
    return replace(state, table=table, offboard=moved(state.offboard))


def _table_unit(state: State, unit: str, sheet: UnitSheet) -> State:
    tu = state.table.units.get(unit)
    if tu is None:
        return state
    tu = replace(tu, keywords=sheet.keywords, starting_strength=sheet.starting_strength)
    return replace(state, table=replace(state.table, units={**state.table.units, unit: tu}))


# -- losing a part ----------------------------------------------------------------------------


def destroyed_counts(state: State, unit: str, ids: set[str]) -> dict[str, int]:
    """Destroyed models per mustered unit (the Leader's counted as the Leader unit's)."""
    out: dict[str, int] = {}
    for mid in ids:
        key = origin(state, mid, unit)
        out[key] = out.get(key, 0) + 1
    return out


def after_losses(state: State, unit: str) -> State:
    """When one part of an attached unit is destroyed, the other is its own unit again, with
    its own sheet and Starting Strength; each part counts as a destroyed unit (seed L792-L817).
    """
    att = state.attached.get(unit)
    if att is None:
        return state
    present = {m.id for m in state.table.models.values() if m.unit == unit}
    present |= {m.id for m in state.offboard.values() if m.unit == unit}
    leaders_left = present & set(att.leader_models)
    guards_left = present - set(att.leader_models)
    if leaders_left and guards_left:
        return state
    attached = {k: v for k, v in state.attached.items() if k != unit}
    state = replace(state, attached=attached)
    if not leaders_left:
        state = replace(state, sheets={**state.sheets, unit: att.bodyguard_sheet})
        state = _table_unit(state, unit, att.bodyguard_sheet)
        state = state.with_status(att.leader, location="destroyed")
        return state.with_status(unit, leader=None)
    return _leader_alone(state, unit, att)


def _leader_alone(state: State, unit: str, att: Attachment) -> State:
    """The Bodyguard unit is destroyed: the Leader's models are the Leader unit again, with the
    attached unit's status this turn (moved, shot, fought, Battle-shocked, effects)."""
    state = replace(state, sheets={**state.sheets, unit: att.bodyguard_sheet})
    state = _table_unit(state, unit, att.bodyguard_sheet)
    state = _rehome(state, set(att.leader_models), att.leader)
    status = state.status[unit]
    state = replace(
        state,
        status={
            **state.status,
            att.leader: replace(status, leader=None, attached_to=unit),
            unit: replace(status, location="destroyed", leader=None),
        },
    )
    tu = state.table.units.get(att.leader)
    if tu is not None:
        tu = replace(tu, battle_shocked=status.battle_shocked)
        table = replace(state.table, units={**state.table.units, att.leader: tu})
        state = replace(state, table=table)
    return state


def splits(before: State, after: State) -> list[tuple[str, str, str, str]]:
    """Attached units that split between two states: (unit, leader, destroyed part, survivor);
    none when both parts went at once (seed L792-L817)."""
    out = []
    for unit, att in before.attached.items():
        if unit in after.attached:
            continue
        guard_alive = after.status[unit].location != "destroyed"
        leader_alive = after.status[att.leader].location not in ("destroyed", "attached")
        if guard_alive != leader_alive:
            survivor = unit if guard_alive else att.leader
            destroyed = att.leader if guard_alive else unit
            out.append((unit, att.leader, destroyed, survivor))
    return out


def leader_marks(state: State) -> dict[str, tuple[str, ...]]:
    """Attached unit → its Leader models, for the views."""
    return {u: a.leader_models for u, a in state.attached.items()}
