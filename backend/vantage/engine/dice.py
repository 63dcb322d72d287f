"""Deterministic dice: every roll is derived from a secret seed and the roll's number.

The core never calls ``random``. A game's dice are ``SeededDice(seed, first_roll)``: roll k is
HMAC-SHA256(seed, "k") reduced without bias to 1..sides, so an exported game whose seed has been
revealed can be re-derived roll by roll (wh40k-10th "trust the dice").
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Protocol


class Dice(Protocol):
    """A source of die results, consumed in order."""

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """Roll ``count`` dice with ``sides`` faces."""
        ...

    @property
    def used(self) -> int:
        """How many dice have been rolled from this source."""
        ...


def derive_roll(seed: bytes, index: int, sides: int, salt: bytes = b"") -> int:
    """The result of roll number ``index`` of a game with this seed (1..sides, unbiased)."""
    counter = 0
    limit = (2**64 // sides) * sides
    while True:
        msg = f"{index}:{counter}".encode() + salt
        value = int.from_bytes(hmac.new(seed, msg, hashlib.sha256).digest()[:8], "big")
        if value < limit:
            return value % sides + 1
        counter += 1


class SeededDice:
    """Dice derived from a seed; ``first`` is the number of rolls the game has already made."""

    def __init__(self, seed: bytes, first: int = 0, salt: bytes = b"") -> None:
        self._seed = seed
        self._next = first
        self._first = first
        self._salt = salt
        self.results: list[int] = []
        """Every result rolled, in order (stored with the events for verification)."""

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """Roll ``count`` dice with ``sides`` faces."""
        out = tuple(
            derive_roll(self._seed, self._next + i, sides, self._salt) for i in range(count)
        )
        self._next += count
        self.results.extend(out)
        return out

    @property
    def used(self) -> int:
        """How many dice this source has rolled."""
        return self._next - self._first


class FixedDice:
    """Dice that return given results in order (tests and scenario queries)."""

    def __init__(self, results: Sequence[int]) -> None:
        self._results = list(results)
        self._pos = 0

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """Return the next ``count`` results; running out is a bug in the caller."""
        if self._pos + count > len(self._results):
            raise IndexError("fixed dice ran out")
        out = tuple(self._results[self._pos : self._pos + count])
        self._pos += count
        return out

    @property
    def used(self) -> int:
        """How many results have been consumed."""
        return self._pos
