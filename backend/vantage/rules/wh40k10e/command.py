"""The Command phase (wh40k-10th §5.3, §6.1, §6.3, §10): CP for both players, Battle-shock
tests, objective control and Only War's Take and Hold scoring at the end of the phase.
"""

from __future__ import annotations

from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import (
    BattleShockTested,
    ControlChanged,
    CpChanged,
    ShockChanged,
    VpScored,
    Waiting,
)
from vantage.rules.wh40k10e.state import State

MAX_VP_PER_TURN = 3
SCORING_FROM_ROUND = 2


def below_half(state: State, unit: str) -> bool:
    """Below Half-strength (§3.5): one model → wounds left < half W; else models < half SS."""
    sheet = state.sheets[unit]
    models = state.models_of(unit)
    if not models:
        return False
    if sheet.starting_strength == 1:
        return models[0].wounds * 2 < sheet.model(models[0].id).wounds
    return len(models) * 2 < sheet.starting_strength


def best_leadership(state: State, unit: str) -> int:
    """The unit's best (lowest) Leadership among its models on the table."""
    sheet = state.sheets[unit]
    return min(sheet.model(m.id).leadership for m in state.models_of(unit))


def start(em: Emitter) -> None:
    """Both players gain 1 CP; the active player's Battle-shock ends and tests are taken."""
    state = em.state
    active = state.active
    assert active is not None
    for p in state.players:
        em.emit(CpChanged(player=p, delta=1, reason="command_phase"))
    for u in state.units_of(active, None):
        if state.status[u].battle_shocked:
            em.emit(ShockChanged(unit=u, battle_shocked=False, reason="command_phase"))
    for u in state.units_of(active):
        if below_half(em.state, u):
            dice = em.roll(2)
            ld = best_leadership(em.state, u)
            em.emit(BattleShockTested(unit=u, dice=dice, leadership=ld, passed=sum(dice) >= ld))
    em.emit(Waiting(pending=None))


def evaluate_control(em: Emitter) -> None:
    """Objective control at the end of a phase; the last result stands in between (§6.4)."""
    control = geo.control(em.state.table)
    if control != dict(em.state.control):
        em.emit(ControlChanged(control=control))


def score(em: Emitter) -> None:
    """Take and Hold: from round 2, 1 VP per marker the active player controls, at most 3
    per turn, at the end of their Command phase (§10)."""
    state = em.state
    if state.round < SCORING_FROM_ROUND or state.active is None:
        return
    held = tuple(o for o, p in sorted(state.control.items()) if p == state.active)
    vp = min(MAX_VP_PER_TURN, len(held))
    if vp:
        em.emit(VpScored(player=state.active, vp=vp, reason="take_and_hold", objectives=held))
