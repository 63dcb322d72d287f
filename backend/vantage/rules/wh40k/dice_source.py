"""Sources of D6 results for the attack sequence (wh40k-10th §7).

:class:`GameDice` draws every roll from the game's single seeded source; :class:`DicePools`
serves each kind of roll from its own list, as the scenario ``attack`` query gives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from vantage.engine.dice import Dice
from vantage.rules.wh40k.dice_expr import ROLL_KINDS, RollKind


class PoolExhausted(LookupError):
    """A dice pool has fewer results than the sequence needs: ``kind`` names the pool."""

    def __init__(self, kind: RollKind) -> None:
        super().__init__(f"{kind}: pool ran out")
        self.kind = kind


class DicePools:
    """Given results per kind of roll, consumed in order."""

    __slots__ = ("_pools", "_used")

    def __init__(self, pools: Mapping[RollKind, Sequence[int]]) -> None:
        self._pools = {kind: tuple(pools.get(kind, ())) for kind in ROLL_KINDS}
        self._used = dict.fromkeys(ROLL_KINDS, 0)

    def roll(self, kind: RollKind, count: int) -> tuple[int, ...]:
        """The next ``count`` results of the ``kind`` pool; raise PoolExhausted when short."""
        start = self._used[kind]
        end = start + count
        pool = self._pools[kind]
        if end > len(pool):
            raise PoolExhausted(kind)
        self._used[kind] = end
        return pool[start:end]

    def used(self) -> dict[RollKind, int]:
        """How many results each pool has given."""
        return dict(self._used)


class GameDice:
    """Every kind of roll from one game dice source (``vantage.engine.dice.Dice``), in order."""

    __slots__ = ("_dice",)

    def __init__(self, dice: Dice) -> None:
        self._dice = dice

    def roll(self, kind: RollKind, count: int) -> tuple[int, ...]:
        """``count`` D6 from the game's source (the kind only labels the roll)."""
        return self._dice.roll(count, 6)
