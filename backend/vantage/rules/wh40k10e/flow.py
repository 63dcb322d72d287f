"""Where the game goes after an interruption (a reaction window, an attack, a charge roll).

Continuations are short strings kept in the state (``AttackPlan.after``, a reaction's
``detail["after"]``): ``active`` (the active player acts), ``charge_move:<unit>``,
``consolidate:<unit>``, ``fight_next``, ``next_phase`` and ``shoot``.
"""

from __future__ import annotations

from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import Waiting
from vantage.rules.wh40k10e.state import Pending


def resume(em: Emitter, after: str) -> None:
    """Continue the game after an interruption."""
    kind, _, unit = after.partition(":")
    state = em.state
    if state.result is not None:
        return
    if kind == "charge_move":
        em.emit(
            Waiting(
                pending=Pending(
                    player=state.owner(unit),
                    kind="charge_move",
                    unit=unit,
                    options=state.charge_targets,
                )
            )
        )
    elif kind == "consolidate":
        if unit in state.table.units and state.models_of(unit):
            em.emit(
                Waiting(pending=Pending(player=state.owner(unit), kind="consolidate", unit=unit))
            )
        else:
            from vantage.rules.wh40k10e.fight import after_fight

            after_fight(em, unit)
    elif kind == "fight_next":
        from vantage.rules.wh40k10e.fight import next_selection

        next_selection(em)
    elif kind == "next_phase":
        from vantage.rules.wh40k10e.phases import next_phase

        next_phase(em)
    elif kind == "shoot":
        from vantage.rules.wh40k10e.shooting import continue_attack

        continue_attack(em)
    else:
        em.emit(Waiting(pending=None))
