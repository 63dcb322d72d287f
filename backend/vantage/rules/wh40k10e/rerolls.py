"""Command Re-roll offered just after a roll (wh40k-10th §6.2 item 1, §7 "Re-rolls").

The game pauses with a ``reroll`` decision for the player who made a roll only when that player
could use Command Re-roll (1 CP, not yet used this phase, the unit not Battle-shocked), has not
switched the offers off (``reroll_offers``), and the roll failed: a missed hit, a failed wound
roll or save, a Desperate Escape or Hazardous test of 1-2 / 1, or a random number of attacks or
Damage below its maximum (rules decision R23); from rules revision 3 not a Damage roll that
already destroys the model it is allocated to (no Feel No Pain, not mortal wounds: R40,
``AttackContext.lethal_damage_settles``); from revision 5 not a failed save that no die could
pass, one needing 7+ (R43 c, ``AttackContext.hopeless_saves_settle``). Advance and Charge rolls
are re-rolled with the ``stratagem`` command while the player still has the move to make.

Inside an attack the sequence is resumed deterministically: the plan is resolved again from
the start with the dice recorded so far (``AttackPlan.dice``), the defender's allocation
choices and the re-roll decisions (``AttackPlan.rerolls``), each keyed by its re-roll point,
the count of re-roll windows passed since the start of the plan. A re-roll replaces one roll
of the batch with the dice in the ``rerolled`` event; no later die has been rolled yet when
the game pauses, so nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.errors import Rejection
from vantage.rules.wh40k.rerolls import RerollKind, Rolls
from vantage.rules.wh40k10e.commands import Reroll, RerollOffers
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import (
    RerollDeclined,
    Rerolled,
    RerollOffersSet,
    StratagemUsed,
    Waiting,
)
from vantage.rules.wh40k10e.state import AttackPlan, Pending, RerollMade, State
from vantage.rules.wh40k10e.stratagems import COSTS, can_afford

NAME = "command_reroll"


def offerable(state: State, player: str, unit: str, worth: tuple[bool, ...]) -> bool:
    """Whether to pause for ``player``'s Command Re-roll of a roll for ``unit``."""
    return (
        any(worth)
        and state.side(player).reroll_offers
        and can_afford(state, player, NAME)
        and unit in state.status
        and not state.status[unit].battle_shocked
    )


def offer(
    player: str, unit: str, roll: str, rolls: Rolls, worth: tuple[bool, ...], **extra: object
) -> Pending:
    """The ``reroll`` decision: ``options`` are the indices of every roll of the batch (any one
    may be re-rolled, a success too: §6.2 item 1 names "a Hit roll", not a failed one),
    ``detail.failed`` those that failed (why the window opened), ``detail.dice`` every roll
    (``"2+5"`` for a summed roll)."""
    detail: dict[str, str | int | float | tuple[str, ...]] = {
        "roll": roll,
        "dice": tuple("+".join(str(d) for d in r) for r in rolls),
        "failed": tuple(str(i) for i, w in enumerate(worth) if w),
    }
    for key, value in extra.items():
        assert isinstance(value, str | int | float | tuple)
        detail[key] = value
    return Pending(
        player=player,
        kind="reroll",
        unit=unit,
        options=tuple(str(i) for i in range(len(rolls))),
        detail=detail,
    )


def rolls_of(pending: Pending) -> Rolls:
    """The batch of rolls a ``reroll`` decision was offered for."""
    dice = pending.detail.get("dice", ())
    assert isinstance(dice, tuple)
    return tuple(tuple(int(d) for d in str(r).split("+")) for r in dice)


class NeedReroll(Exception):
    """Resolution stops: ``pending`` is the Command Re-roll offer to make."""

    def __init__(self, pending: Pending) -> None:
        super().__init__("re-roll decision needed")
        self.pending = pending


@dataclass(slots=True)
class PlanRerolls:
    """The :class:`~vantage.rules.wh40k.rerolls.RerollHook` of one run of an attack plan.

    ``target`` and ``weapon`` name the group being resolved; ``log`` receives the re-rolled
    dice (``reroll_<kind>``) for the ``weapon_resolved`` event.
    """

    state: State
    plan: AttackPlan
    log: dict[str, list[int]]
    target: str = ""
    weapon: str = ""
    point: int = 0

    def after(self, kind: RerollKind, rolls: Rolls, worth: tuple[bool, ...]) -> Rolls:
        """Apply the recorded decision of this point, or stop to offer a re-roll."""
        point = self.point
        self.point += 1
        made = _made(self.plan, point)
        if made is not None:
            if made.roll < 0:
                return rolls
            self.log.setdefault(f"reroll_{kind}", []).extend(made.dice)
            return (*rolls[: made.roll], made.dice, *rolls[made.roll + 1 :])
        defending = kind == "save"
        player = self.state.owner(self.target) if defending else self.plan.player
        unit = self.target if defending else self.plan.unit
        if offerable(self.state, player, unit, worth):
            raise NeedReroll(
                offer(
                    player, unit, kind, rolls, worth,
                    point=point, weapon=self.weapon, target=self.target,
                )
            )  # fmt: skip
        return rolls


def _made(plan: AttackPlan, point: int) -> RerollMade | None:
    return next((r for r in plan.rerolls if r.point == point), None)


def answer(em: Emitter, cmd: Reroll) -> Rejection | None:
    """Pay 1 CP, re-roll the chosen roll (all its dice) and carry on."""
    pending = em.state.pending
    assert pending is not None and pending.kind == "reroll"
    player = em.actor or ""
    if str(cmd.roll) not in pending.options:
        return Rejection(
            "reroll/not_offered",
            f"re-roll one of the offered rolls {list(pending.options)} (§6.2 item 1)",
        )
    if not can_afford(em.state, player, NAME):
        return Rejection("stratagem/cp", "Command Re-roll needs 1 CP, once per phase (§6.1)")
    rolls = rolls_of(pending)
    old = rolls[cmd.roll]
    unit = pending.unit or ""
    em.emit(StratagemUsed(player=player, name=NAME, cp=COSTS[NAME], unit=unit))
    new = em.roll(len(old))
    em.emit(
        Rerolled(
            player=player,
            roll=str(pending.detail["roll"]),
            unit=unit,
            point=_point(pending),
            index=cmd.roll,
            old=old,
            new=new,
        )
    )
    _carry_on(em, pending, (*rolls[: cmd.roll], new, *rolls[cmd.roll + 1 :]))
    return None


def decline(em: Emitter) -> Rejection | None:
    """Let the roll stand and carry on."""
    pending = em.state.pending
    assert pending is not None and pending.kind == "reroll"
    em.emit(
        RerollDeclined(
            player=em.actor or "",
            roll=str(pending.detail["roll"]),
            unit=pending.unit or "",
            point=_point(pending),
        )
    )
    _carry_on(em, pending, rolls_of(pending))
    return None


def set_offers(em: Emitter, cmd: RerollOffers) -> Rejection | None:
    """Switch the offers on or off; off also declines an offer waiting for this player."""
    state, player = em.state, em.actor or ""
    if cmd.offer and state.attack is not None and not state.side(player).reroll_offers:
        return Rejection(
            "reroll_offers/attack",
            "switch the re-roll offers on between attacks, not while one is being resolved",
        )
    em.emit(RerollOffersSet(player=player, offer=cmd.offer))
    pending = state.pending
    if not cmd.offer and pending and pending.kind == "reroll" and pending.player == player:
        return decline(em)
    return None


def _point(pending: Pending) -> int:
    point = pending.detail.get("point", -1)
    return point if isinstance(point, int) else -1


def _carry_on(em: Emitter, pending: Pending, rolls: Rolls) -> None:
    """Continue where the roll was made, with the final dice."""
    roll = str(pending.detail["roll"])
    dice = tuple(d for r in rolls for d in r)
    unit = pending.unit or ""
    if roll == "desperate_escape":
        from vantage.rules.wh40k10e.movement import desperate_escape
        from vantage.rules.wh40k10e.reactions import after_enemy_move

        casualties = pending.detail.get("casualties", ())
        assert isinstance(casualties, tuple)
        desperate_escape(em, unit, dice, casualties)
        from vantage.rules.wh40k10e.mortals import drain

        if drain(em, f"moved:{unit}"):  # Deadly Demise of the destroyed (R33)
            after_enemy_move(em, unit)
    elif roll == "hazardous":
        from vantage.rules.wh40k10e.shooting import hazardous_results

        plan = em.state.attack
        assert plan is not None
        hazardous_results(em, plan, dice)
    else:
        from vantage.rules.wh40k10e.shooting import continue_attack

        continue_attack(em)


def wait(em: Emitter, pending: Pending) -> None:
    """Pause the game for the offer."""
    em.emit(Waiting(pending=pending))
