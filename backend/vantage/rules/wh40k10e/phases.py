"""The battle round and its phases (wh40k-10th §5.2-§5.9): Command, Movement, Shooting, Charge,
Fight for each player in turn; the same player goes first every round.
"""

from __future__ import annotations

from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import command, end
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import PhaseStarted, Waiting
from vantage.rules.wh40k10e.state import Phase

ORDER: tuple[Phase, ...] = ("command", "movement", "shooting", "charge", "fight")


def begin_turn(em: Emitter, round_: int, player: str) -> None:
    """A player's turn starts with their Command phase."""
    em.emit(PhaseStarted(round=round_, player=player, phase="command"))
    command.start(em)


def end_phase(em: Emitter) -> Rejection | None:
    """The active player ends the phase: control, scoring, reaction windows, next phase."""
    state = em.state
    if state.phase not in ORDER or state.active != em.actor:
        return Rejection("phase/not_yours", "only the active player ends a phase")
    if state.pending is not None:
        return Rejection(
            "phase/pending", f"waiting for {state.pending.player}: {state.pending.kind}"
        )
    if state.phase == "movement":
        from vantage.rules.wh40k10e.aircraft import must_arrive_problems

        rejected = em.rules(must_arrive_problems(state, em.actor or ""))
        if rejected:
            return rejected
    command.evaluate_control(em)
    if state.phase == "command":
        command.score(em)
    if state.phase == "movement":
        from vantage.rules.wh40k10e.reactions import end_of_movement

        if end_of_movement(em):
            return None
    next_phase(em)
    return None


def next_phase(em: Emitter) -> None:
    """The next phase, or the next turn, or the end of the battle."""
    state = em.state
    assert state.active is not None
    index = ORDER.index(state.phase) if state.phase in ORDER else len(ORDER) - 1
    if index + 1 < len(ORDER):
        phase = ORDER[index + 1]
        em.emit(PhaseStarted(round=state.round, player=state.active, phase=phase))
        if phase == "fight":
            from vantage.rules.wh40k10e.fight import start

            start(em)
        else:
            em.emit(Waiting(pending=None))
        return
    from vantage.rules.wh40k10e.choices import cleanup

    if not cleanup(em):
        end_turn(em)


def end_turn(em: Emitter) -> None:
    """After the coherency clean-up: the other player's turn, the next round, or the end."""
    state = em.state
    if end.check_destroyed(em):
        return
    first = state.first or state.players[0]
    if state.active == first:
        begin_turn(em, state.round, state.opponent(first))
    elif state.round >= state.options.rounds:
        end.finish(em, "rounds_complete")
    else:
        begin_turn(em, state.round + 1, first)
