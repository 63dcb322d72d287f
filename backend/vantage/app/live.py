"""A game held in this process: its ruleset, folded state and the recent events."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from vantage.engine.ruleset import Ruleset

RECENT_EVENTS = 256


@dataclass(slots=True)
class Entry:
    """One committed event with the state right after it (for per-viewer redaction)."""

    v: int
    event: Any
    state_after: Any


@dataclass(slots=True)
class LiveGame:
    """The folded state of a game at ``version``; ``recent`` holds the last events."""

    id: str
    ruleset: Ruleset[Any]
    setup: Any
    state: Any
    version: int
    rolls: int
    seed: bytes
    recent: deque[Entry] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))

    def apply(self, v: int, event: Any) -> None:
        """Fold one event in (``v`` must be the next version)."""
        self.state = self.ruleset.evolve(self.state, event)
        self.version = v
        self.recent.append(Entry(v, event, self.state))

    def since(self, v: int) -> list[Entry] | None:
        """The events after version ``v``, or ``None`` when they are no longer held."""
        if v >= self.version:
            return []
        if not self.recent or self.recent[0].v > v + 1:
            return None
        return [e for e in self.recent if e.v > v]
