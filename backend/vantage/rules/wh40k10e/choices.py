"""Decisions the rules leave to a player outside the attack sequence (wh40k-10th §3.4, §5.9).

End of turn: each unit out of coherency waits for its controller to name the models removed
(``remove_models``), one unit at a time in army order, the active player's units first.
The removal must end in one coherent group, and the models must be removable one at a time
without the unit becoming coherent before the last one (rules decision R24).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from vantage.engine.errors import Rejection
from vantage.engine.table import Table
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.commands import RemoveModels
from vantage.rules.wh40k10e.emitter import Emitter, problem
from vantage.rules.wh40k10e.events import ModelsDamaged, Waiting
from vantage.rules.wh40k10e.state import Pending, State

EXHAUSTIVE_UP_TO = 8
"""Removal orders are searched exhaustively up to this many removed models."""


def incoherent_units(state: State) -> list[str]:
    """Units on the table out of coherency, the active player's first (§7 sequencing)."""
    active = state.active
    units = [u for u in state.sheets if len(state.table.unit_models(u)) > 1]
    units.sort(key=lambda u: state.owner(u) != active)
    return [u for u in units if not geo.coherent(state.table, u)]


def cleanup(em: Emitter) -> bool:
    """Ask the controller of the next unit out of coherency; ``False`` when none is left."""
    units = incoherent_units(em.state)
    if not units:
        return False
    unit = units[0]
    em.emit(
        Waiting(
            pending=Pending(
                player=em.state.owner(unit),
                kind="coherency",
                unit=unit,
                options=tuple(m.id for m in em.state.models_of(unit)),
                detail={"suggested": automatic(em.state.table, unit)},
            )
        )
    )
    return True


def automatic(table: Table, unit: str) -> tuple[str, ...]:
    """The removal the engine suggests: the last breaking model in unit order, repeatedly."""
    removed: list[str] = []
    while len(table.unit_models(unit)) > 1 and not geo.coherent(table, unit):
        victim = geo.breaking(table, unit)[-1]
        removed.append(victim)
        table = _without(table, (victim,))
    return tuple(removed)


def remove_models(em: Emitter, cmd: RemoveModels) -> Rejection | None:
    """The controller's removal for the unit the game waits for (§3.4, §5.9)."""
    state = em.state
    pending = state.pending
    assert pending is not None and pending.kind == "coherency"
    unit = pending.unit or ""
    chosen = tuple(dict.fromkeys(cmd.models))
    if cmd.unit != unit or not chosen or not set(chosen) <= set(pending.options):
        return Rejection(
            "coherency/models", f"name models of {unit} to remove: {list(pending.options)}"
        )
    if not geo.coherent(_without(state.table, chosen), unit):
        return Rejection(
            "coherency/still_broken",
            "the models left must form one group in unit coherency (§3.4)",
        )
    if not removable_in_order(state.table, unit, frozenset(chosen)):
        rejected = em.rules(
            [
                problem(
                    "rule/coherency_too_many",
                    "remove models only until the unit is coherent again (§3.4)",
                )
            ]
        )
        if rejected:
            return rejected
    em.emit(ModelsDamaged(unit=unit, destroyed=chosen, reason="coherency"))
    if not cleanup(em):
        from vantage.rules.wh40k10e.phases import end_turn

        end_turn(em)
    return None


def removable_in_order(table: Table, unit: str, chosen: frozenset[str]) -> bool:
    """Some order removes ``chosen`` one at a time with the unit still out of coherency before
    the last removal (large removals are only checked to end coherent)."""
    if len(chosen) > EXHAUSTIVE_UP_TO:
        return True

    @cache
    def reachable(removed: frozenset[str]) -> bool:
        if removed == chosen:
            return True
        if geo.coherent(_without(table, tuple(removed)), unit):
            return False
        return any(reachable(removed | {m}) for m in chosen - removed)

    return reachable(frozenset())


def _without(table: Table, models: tuple[str, ...]) -> Table:
    gone = set(models)
    return replace(table, models={k: v for k, v in table.models.items() if k not in gone})
