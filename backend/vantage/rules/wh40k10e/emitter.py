"""Build a decision: emit events while folding them, roll dice, and collect rule problems.

Strictness (issue item 5): a broken rule is a ``Rejection`` in strict games; in casual games it
becomes a ``RuleWarning`` event that stays in the log for both players.
"""

from __future__ import annotations

from typing import Any

from vantage.engine.decision import Accepted
from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e.events import AttachedUnitSplit, RuleWarning
from vantage.rules.wh40k10e.evolve import evolve
from vantage.rules.wh40k10e.state import State


class Emitter:
    """The working state of one decision and the events that led to it."""

    def __init__(self, state: State, dice: Dice, actor: str | None) -> None:
        self.state = state
        self.dice = dice
        self.actor = actor
        self.events: list[Any] = []
        self.warnings: list[Rejection] = []
        self.withheld: list[RuleWarning] | None = None
        """While a list, casual rule warnings collect here instead of in the log (R42)."""

    def emit(self, *events: Any) -> None:
        """Append events and fold them into the working state."""
        for event in events:
            before = self.state
            self.state = evolve(self.state, event)
            self.events.append(event)
            if before.attached is not self.state.attached:
                self._splits(before)

    def _splits(self, before: State) -> None:
        """Say when one part of an attached unit was destroyed and the other is its own unit
        again (§3.6, R29), so the log can tell."""
        from vantage.rules.wh40k10e.leaders import splits

        for unit, leader, destroyed, survivor in splits(before, self.state):
            self.emit(
                AttachedUnitSplit(unit=unit, leader=leader, destroyed=destroyed, survivor=survivor)
            )

    def roll(self, count: int) -> tuple[int, ...]:
        """``count`` D6 from the game's dice."""
        return self.dice.roll(count, 6) if count else ()

    def rules(self, problems: list[Rejection]) -> Rejection | None:
        """Strict: the first problem rejects. Casual: every problem is logged as a warning."""
        if not problems:
            return None
        if self.state.options.strict:
            return problems[0]
        for p in problems:
            self.warnings.append(p)
            warning = RuleWarning(player=self.actor or "", code=p.code, message=p.message)
            if self.withheld is None:
                self.emit(warning)
            else:
                self.withheld.append(warning)
        return None

    def accepted(self) -> Accepted:
        """The decision's events and warnings."""
        return Accepted(tuple(self.events), tuple(self.warnings))


def problem(code: str, message: str, **detail: Any) -> Rejection:
    """A rule problem: ``code`` is ``area/reason``, the message names the rule (§...)."""
    return Rejection(code, message, detail)
