"""FIRING DECK x (wh40k-10th §3.7): each time the TRANSPORT is selected to shoot, up to x
embarked models each lend it one ranged weapon they carry; until the transport has resolved all
its attacks it counts as equipped with them.

The loan is literal: ``FiringDeckEquipped`` adds the weapons to the transport's sheet (named
``"<weapon> [deck <model>]"`` and carried by its first model), and ``AttacksDone`` takes them
away again (rules decision R21). Every other rule (range, Heavy, Hazardous, ONE SHOT) then sees
an ordinary weapon of the transport.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e.commands import DeckIn
from vantage.rules.wh40k10e.state import State

_NAME = re.compile(r"^(?P<weapon>.*) \[deck (?P<model>[^\]]+)\]$")


def problem(code: str, message: str, **detail: str) -> Rejection:
    """A rule problem (as ``emitter.problem``; evolve imports this module, so no import)."""
    return Rejection(code, message, detail)


def deck_name(model: str, weapon: str) -> str:
    """The name the transport fires a lent weapon under."""
    return f"{weapon} [deck {model}]"


def source(name: str) -> tuple[str, str] | None:
    """``(embarked model, weapon)`` for a lent weapon's name, else ``None``."""
    match = _NAME.match(name)
    return (match["model"], match["weapon"]) if match else None


def problems(state: State, transport: str, picks: Sequence[DeckIn]) -> list[Rejection]:
    """Up to x embarked models of this transport, once each, each with a ranged weapon it
    carries (§3.7)."""
    sheet = state.sheets[transport]
    if not picks:
        return []
    if sheet.firing_deck <= 0:
        return [problem("rule/no_firing_deck", f"{sheet.name} has no FIRING DECK (§3.7)")]
    if len(picks) > sheet.firing_deck or len({p.model for p in picks}) != len(picks):
        return [
            problem(
                "rule/firing_deck_count",
                f"FIRING DECK {sheet.firing_deck}: choose up to {sheet.firing_deck} different "
                "embarked models (§3.7)",
            )
        ]
    for p in picks:
        model = state.offboard.get(p.model)
        status = state.status.get(model.unit) if model else None
        if model is None or status is None or status.transport != transport:
            return [
                problem(
                    "rule/firing_deck_model",
                    f"{state.model_label(p.model)} is not embarked in {sheet.name} (§3.7)",
                    model=p.model,
                )
            ]
        owner = state.sheets[model.unit]
        weapon = owner.weapon(p.weapon)
        if (
            weapon is None
            or weapon.kind != "ranged"
            or p.weapon not in owner.model(p.model).weapons
        ):
            return [
                problem(
                    "rule/firing_deck_weapon",
                    f"{state.model_label(p.model)} carries no ranged weapon {p.weapon!r} (§3.7)",
                    model=p.model,
                )
            ]
    return []


def equip(state: State, transport: str, picks: Sequence[str]) -> State:
    """The transport with the lent weapons (``"model|weapon"`` picks) on its first model."""
    sheet = state.sheets[transport]
    carrier = next((m.id for m in state.models_of(transport)), None)
    if carrier is None:
        return state
    added = []
    for pick in picks:
        model, weapon = pick.split("|", 1)
        owner = state.sheets[state.offboard[model].unit]
        lent = owner.weapon(weapon)
        if lent is not None:
            added.append(replace(lent, name=deck_name(model, weapon)))
    models = tuple(
        (mid, replace(ms, weapons=(*ms.weapons, *(w.name for w in added))))
        if mid == carrier
        else (mid, ms)
        for mid, ms in sheet.models
    )
    new = replace(sheet, weapons=(*sheet.weapons, *added), models=models)
    return replace(state, sheets={**state.sheets, transport: new})


def unequip(state: State, unit: str) -> State:
    """The unit without any lent weapons (after it has resolved all its attacks)."""
    sheet = state.sheets.get(unit)
    if sheet is None or not any(source(w.name) for w in sheet.weapons):
        return state
    models = tuple(
        (mid, replace(ms, weapons=tuple(w for w in ms.weapons if source(w) is None)))
        for mid, ms in sheet.models
    )
    weapons = tuple(w for w in sheet.weapons if source(w.name) is None)
    return replace(
        state, sheets={**state.sheets, unit: replace(sheet, weapons=weapons, models=models)}
    )
