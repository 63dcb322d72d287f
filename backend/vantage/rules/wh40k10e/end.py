"""End of turn and end of battle (wh40k-10th §3.4, §5.9, §10): coherency clean-up, the end
after round 5 or when an army is destroyed, the result.
"""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.table import Table
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import GameEnded, ModelsDamaged, ReservesDestroyed
from vantage.rules.wh40k10e.state import Result, State


def cleanup(em: Emitter) -> None:
    """Remove models, one at a time, from every unit out of coherency until it is one coherent
    group; the last breaking model in unit order goes first (rules decision R9)."""
    for unit in list(em.state.sheets):
        removed: list[str] = []
        table = em.state.table
        while len(table.unit_models(unit)) > 1 and not geo.coherent(table, unit):
            victim = geo.breaking(table, unit)[-1]
            removed.append(victim)
            table = _without(table, victim)
        if removed:
            em.emit(ModelsDamaged(unit=unit, destroyed=tuple(removed), reason="coherency"))


def _without(table: Table, model: str) -> Table:
    return replace(table, models={k: v for k, v in table.models.items() if k != model})


def army_destroyed(state: State, player: str) -> bool:
    """Every model of the army destroyed (reserves and embarked units still count as alive)."""
    return all(state.status[u].location == "destroyed" for u in state.units_of(player, None))


def check_destroyed(em: Emitter) -> bool:
    """End the battle at once when an army is destroyed (§10)."""
    state = em.state
    if state.result is not None or state.phase == "setup":
        return state.result is not None
    gone = [p for p in state.players if army_destroyed(state, p)]
    if gone:
        finish(em, "army_destroyed")
        return True
    return False


def finish(em: Emitter, reason: str) -> None:
    """The victor: the survivor of a destroyed army, else more VP, else a draw (§10)."""
    state = em.state
    vp = {p: state.side(p).vp for p in state.players}
    gone = [p for p in state.players if army_destroyed(state, p)]
    winner: str | None
    if reason == "concede":
        winner = state.opponent(em.actor or state.players[0])
    elif len(gone) == 1:
        winner = state.opponent(gone[0])
    else:
        a, b = state.players
        winner = a if vp[a] > vp[b] else b if vp[b] > vp[a] else None
    left = never_arrived(state)
    if left:
        em.emit(ReservesDestroyed(units=left))
    em.emit(GameEnded(result=Result(winner=winner, reason=reason, vp=vp)))


def never_arrived(state: State) -> tuple[str, ...]:
    """Units still in Reserves at the end of the battle, and units embarked in a transport that
    is: they count as destroyed (§4.5, §10). The result is decided before, so an army is not
    "completely destroyed" by this (digest §10 DECISION, rules decision R20)."""
    if state.phase == "setup":
        return ()
    out = []
    for unit, status in state.status.items():
        carrier = state.status.get(status.transport) if status.transport else None
        if status.location == "reserves" or (
            status.location == "embarked" and carrier is not None and carrier.location == "reserves"
        ):
            out.append(unit)
    return tuple(out)
