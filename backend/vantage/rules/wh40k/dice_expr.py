"""Dice expressions of Warhammer 40,000 characteristics: ``2``, ``D3``, ``D6+3``, ``2D6``.

wh40k-10th §7: a D3 is a D6 halved rounding up; ``nD6`` is the sum of n dice; ``+N`` adds a
constant. Every die of an expression is one D6 result taken from a :class:`RollSource`, so the
same expression can be rolled from a seeded game source or from a scenario's dice pool.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Protocol

RollKind = Literal["attacks", "hit", "wound", "save", "damage", "feel_no_pain"]
"""What a die is rolled for: each kind is its own pool in the scenario ``attack`` query."""

ROLL_KINDS: tuple[RollKind, ...] = ("attacks", "hit", "wound", "save", "damage", "feel_no_pain")


class RollSource(Protocol):
    """Where D6 results come from: ``roll(kind, count)`` returns ``count`` results 1..6."""

    def roll(self, kind: RollKind, count: int) -> tuple[int, ...]:
        """Roll ``count`` D6 for rolls of this kind."""
        ...


class DiceExprError(ValueError):
    """A characteristic that is neither a whole number nor a dice expression."""


_EXPR = re.compile(r"^(?:(\d{1,2})?D(3|6)(?:\s*\+\s*(\d{1,3}))?|(\d{1,3}))$")


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """``count`` dice of ``sides`` (3 or 6, 0 dice for a constant) plus ``bonus``."""

    count: int = 0
    sides: Literal[3, 6] = 6
    bonus: int = 0

    @property
    def is_random(self) -> bool:
        """Whether rolling it needs dice."""
        return self.count > 0

    @property
    def minimum(self) -> int:
        """The smallest value it can take."""
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        """The largest value it can take."""
        return self.count * self.sides + self.bonus

    def plus(self, extra: int) -> DiceExpr:
        """This expression with a constant added (Melta X, Rapid Fire X, Blast)."""
        return DiceExpr(self.count, self.sides, self.bonus + extra)

    def roll(self, source: RollSource, kind: RollKind) -> int:
        """The value rolled: one D6 per die, a D3 being a D6 halved rounding up (§7)."""
        if not self.count:
            return self.bonus
        return self.total(source.roll(kind, self.count))

    def total(self, results: tuple[int, ...]) -> int:
        """The value of these D6 results for this expression (a D3 halves each, rounding up)."""
        if not self.count:
            return self.bonus
        if self.sides == 3:
            return sum((r + 1) // 2 for r in results) + self.bonus
        return sum(results) + self.bonus

    def __str__(self) -> str:
        if not self.count:
            return str(self.bonus)
        dice = f"{self.count if self.count > 1 else ''}D{self.sides}"
        return f"{dice}+{self.bonus}" if self.bonus else dice


def parse_dice_expr(text: str | int) -> DiceExpr:
    """Parse ``"2"``, ``"D3"``, ``"D6+3"``, ``"2D6"`` (case-insensitive); raise DiceExprError."""
    if isinstance(text, bool):
        raise DiceExprError("must be a number or a dice expression like D6+1")
    if isinstance(text, int):
        if text < 0:
            raise DiceExprError("must not be negative")
        return DiceExpr(bonus=text)
    match = _EXPR.match(text.strip().upper())
    if match is None:
        raise DiceExprError(f"{text!r} is not a number or a dice expression like D6+1")
    count, sides, bonus, constant = match.groups()
    if constant is not None:
        return DiceExpr(bonus=int(constant))
    n = int(count) if count else 1
    if n < 1:
        raise DiceExprError(f"{text!r} rolls no dice")
    return DiceExpr(count=n, sides=3 if sides == "3" else 6, bonus=int(bonus or 0))
