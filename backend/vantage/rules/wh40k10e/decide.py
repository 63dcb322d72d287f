"""Turn a command into events: who may act now, undo, and the per-command handlers.

The game always says who it waits for (``state.pending``); with nothing pending the active
player acts. Undo (issue item 5) takes back the acting player's last action while no die has
been rolled since; in strict games the opponent confirms it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vantage.engine.decision import Decision
from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.wh40k.dice_expr import DiceExprError
from vantage.rules.wh40k10e import (
    charge,
    choices,
    deployment,
    end,
    fight,
    mortals,
    movement,
    phases,
    reactions,
    rerolls,
    shooting,
)
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import AllocationChosen, UndoAnswered, UndoRequested
from vantage.rules.wh40k10e.state import Pending, State
from vantage.rules.wh40k10e.stratagems import use

ANSWERS: dict[str, tuple[type, ...]] = {
    "place_objective": (c.PlaceObjective,),
    "declare_formations": (c.DeclareFormations,),
    "deploy": (c.Deploy,),
    "scouts": (c.Move, c.Pass),
    "reaction": (c.UseStratagem, c.Pass),
    "allocate": (c.Allocate,),
    "precision": (c.Allocate,),
    "allocate_mortal": (c.Allocate,),
    "hazardous": (c.Allocate,),
    "charge_move": (c.ChargeMove, c.UseStratagem),
    "fight": (c.Fight, c.UseStratagem),
    "consolidate": (c.Consolidate,),
    "reroll": (c.Reroll, c.Pass),
    "coherency": (c.RemoveModels,),
}
"""Pending decision → the commands that answer it."""
ANSWER_ONLY = (c.Pass, c.Allocate, c.Reroll, c.RemoveModels)
"""Commands that only answer a pending decision: with none pending there is nothing to answer."""


def decide(state: State, cmd: Any, actor: str | None, dice: Dice) -> Decision:
    """Validate ``cmd`` from ``actor`` and return its events (or a rejection)."""
    if actor is None or actor not in state.players:
        return Rejection("intent/spectator", "spectators cannot act")
    if state.result is not None:
        return Rejection("game/over", "the game is over")
    em = Emitter(state, dice, actor)
    gate = _gate(state, cmd, actor)
    if gate:
        return gate
    handler = _HANDLERS.get(type(cmd))
    if handler is None:
        return Rejection("intent/unknown_command", f"unknown command {type(cmd).__name__}")
    try:
        rejected = handler(em, cmd)
    except DiceExprError as exc:
        # A weapon's A or D, or a Deadly Demise value, that is no dice expression, in an army
        # stored before new games refused it (setup._unreadable): the command is refused.
        return Rejection(
            "army/unreadable",
            f"a value of this game's army cannot be rolled ({exc}); it was stored before new "
            "games refused such values",
        )
    if rejected:
        return rejected
    end.check_destroyed(em)
    return em.accepted()


def waiting_for(state: State) -> Pending | None:
    """The decision the game waits for, including an undo to confirm."""
    if state.undo is not None and state.undo.requested:
        return Pending(
            player=state.opponent(state.undo.player),
            kind="confirm_undo",
            detail={"label": state.undo.label},
        )
    return state.pending


def _gate(state: State, cmd: Any, actor: str) -> Rejection | None:
    if isinstance(cmd, c.Concede | c.UndoLast | c.AnswerUndo | c.RerollOffers | c.ReactionOffers):
        return None
    pending = waiting_for(state)
    if pending is None:
        if state.phase == "setup" or actor != state.active:
            return Rejection("turn/not_yours", f"it is {state.active}'s turn")
        if isinstance(cmd, ANSWER_ONLY):
            return Rejection("turn/nothing_pending", "the game is not waiting for that answer")
        return None
    if pending.kind == "declare_formations":
        ok = isinstance(cmd, c.DeclareFormations) and actor in pending.options
    else:
        ok = actor == pending.player and isinstance(cmd, ANSWERS.get(pending.kind, ()))
    if not ok:
        return Rejection(
            "turn/waiting",
            f"waiting for {pending.player}: {pending.kind}",
            {"pending": pending.kind, "player": pending.player},
        )
    return None


def _pass(em: Emitter, cmd: c.Pass) -> Rejection | None:
    pending = em.state.pending
    assert pending is not None
    if pending.kind == "scouts":
        deployment.end_scouts(em, em.actor or "")
        return None
    if pending.kind == "reroll":
        return rerolls.decline(em)
    from vantage.rules.wh40k10e.flow import resume

    resume(em, str(pending.detail.get("after", "active")))
    return None


def _allocate(em: Emitter, cmd: c.Allocate) -> Rejection | None:
    pending = em.state.pending
    assert pending is not None
    if pending.kind in ("allocate_mortal", "hazardous"):
        return mortals.answer(em, cmd.model)
    if cmd.model not in pending.options:
        return Rejection(
            "allocate/not_eligible",
            f"{cmd.model} cannot take this attack; eligible: {list(pending.options)} (§8.3)",
        )
    em.emit(AllocationChosen(player=em.actor or "", model=cmd.model))
    shooting.continue_attack(em)
    return None


def _undo(em: Emitter, cmd: c.UndoLast) -> Rejection | None:
    undo = em.state.undo
    if undo is None or undo.player != em.actor:
        return Rejection(
            "undo/none",
            "nothing to undo: your last action is followed by dice or by another action",
        )
    if undo.requested:
        return Rejection("undo/requested", "the undo is waiting for your opponent")
    if em.state.options.strict:
        em.emit(UndoRequested(player=em.actor or ""))
    else:
        em.emit(UndoAnswered(player=em.actor or "", accepted=True, label=undo.label))
    return None


def _answer_undo(em: Emitter, cmd: c.AnswerUndo) -> Rejection | None:
    undo = em.state.undo
    if undo is None or not undo.requested or em.state.opponent(undo.player) != em.actor:
        return Rejection("undo/none", "no undo is waiting for your answer")
    em.emit(UndoAnswered(player=undo.player, accepted=cmd.accept, label=undo.label))
    return None


def _concede(em: Emitter, cmd: c.Concede) -> Rejection | None:
    end.finish(em, "concede")
    return None


_HANDLERS: dict[type, Callable[[Emitter, Any], Rejection | None]] = {
    c.PlaceObjective: deployment.place_objective,
    c.DeclareFormations: deployment.declare_formations,
    c.Deploy: deployment.deploy,
    c.Move: movement.move,
    c.RollAdvance: movement.roll_advance,
    c.Arrive: movement.arrive,
    c.Disembark: movement.disembark,
    c.Shoot: shooting.declare,
    c.Allocate: _allocate,
    c.DeclareCharge: charge.declare,
    c.ChargeMove: charge.charge_move,
    c.Fight: fight.fight,
    c.Consolidate: fight.consolidate,
    c.UseStratagem: use,
    c.Reroll: rerolls.answer,
    c.RerollOffers: rerolls.set_offers,
    c.ReactionOffers: reactions.set_offers,
    c.RemoveModels: choices.remove_models,
    c.Pass: _pass,
    c.EndPhase: lambda em, cmd: phases.end_phase(em),
    c.UndoLast: _undo,
    c.AnswerUndo: _answer_undo,
    c.Concede: _concede,
}
