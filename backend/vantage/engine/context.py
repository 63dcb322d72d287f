"""Everything impure a decision needs, handed to the pure core as data."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from vantage.engine.dice import Dice

SPECTATOR = None


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking or acting: a seat's player id, or ``None`` for a spectator."""

    player: str | None

    @property
    def is_spectator(self) -> bool:
        """A spectator sees only public information and can never act."""
        return self.player is None


@dataclass(slots=True)
class Ctx:
    """The acting viewer, the time and the dice for one decision."""

    actor: Viewer
    now: datetime
    dice: Dice
