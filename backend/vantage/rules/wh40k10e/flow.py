"""Where the game goes after an interruption (a reaction window, an attack, a charge roll).

Continuations are short strings kept in the state (``AttackPlan.after``, a reaction's
``detail["after"]``): ``active`` (the active player acts), ``charge_move:<unit>``,
``consolidate:<unit>``, ``moved:<unit>`` (the reactions to a move, after the Deadly
Demise wounds of a Desperate Escape), ``fight_next``, ``next_phase``, ``shoot``, and after
mortal wounds outside attacks (``mortals.py``) ``attack_resolved`` (Hazardous tests next) and
``attack_done``.
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
        from vantage.rules.wh40k10e.aircraft import is_aircraft

        if state.models_of(unit) and not is_aircraft(state, unit):  # no AIRCRAFT (§4.9)
            em.emit(
                Waiting(pending=Pending(player=state.owner(unit), kind="consolidate", unit=unit))
            )
        else:
            from vantage.rules.wh40k10e.fight import after_fight

            after_fight(em, unit)
    elif kind == "moved":
        from vantage.rules.wh40k10e.reactions import after_enemy_move

        after_enemy_move(em, unit)
    elif kind == "fight_next":
        from vantage.rules.wh40k10e.fight import next_selection

        next_selection(em)
    elif kind == "next_phase":
        from vantage.rules.wh40k10e.phases import next_phase

        next_phase(em)
    elif kind == "shoot":
        from vantage.rules.wh40k10e.shooting import continue_attack

        continue_attack(em)
    elif kind in ("attack_resolved", "attack_done") and state.attack is not None:
        from vantage.rules.wh40k10e.shooting import after_resolution, finish_attack

        if kind == "attack_resolved":
            after_resolution(em, state.attack)
        else:
            finish_attack(em, state.attack)
    else:
        em.emit(Waiting(pending=None))
