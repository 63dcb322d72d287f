"""Re-roll windows inside the attack sequence (wh40k-10th §6.2 item 1, §7 "Re-rolls").

Just after a roll the player who made it may re-roll it (Command Re-roll). The sequence calls a
:class:`RerollHook` after each such roll with every roll of the batch: a hit or wound roll is
one die, a save is one die, a random number of attacks or a random Damage is all the dice of
that summed roll. The hook returns the rolls, with at most one of them re-rolled; it may also
stop the sequence (raise) to ask the player first. Without a hook nothing is re-rolled.
"""

from __future__ import annotations

from typing import Literal, Protocol

RerollKind = Literal["attacks", "hit", "wound", "save", "damage"]
"""The rolls of an attack that Command Re-roll may re-roll (the seed's list, L3349-L3359)."""

Rolls = tuple[tuple[int, ...], ...]
"""A batch of rolls, each the D6 results of one roll (one die, or the dice of a summed roll)."""


class RerollHook(Protocol):
    """Called just after a batch of rolls; ``worth`` marks the rolls a re-roll could improve."""

    def after(self, kind: RerollKind, rolls: Rolls, worth: tuple[bool, ...]) -> Rolls:
        """The rolls, with at most one re-rolled (all the dice of that roll)."""
        ...


class NoRerolls:
    """Nobody re-rolls anything."""

    def after(self, kind: RerollKind, rolls: Rolls, worth: tuple[bool, ...]) -> Rolls:
        """The rolls unchanged."""
        return rolls
