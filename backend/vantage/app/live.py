"""A game held in this process: its ruleset, folded state and the recent events."""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vantage.engine.ruleset import Ruleset

RECENT_EVENTS = 256
RECENT_INTENTS = 1024


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
    intents: OrderedDict[str, int] = field(default_factory=OrderedDict)
    """Recently committed intent ids and their versions (idempotent retries)."""

    def apply(self, v: int, event: Any) -> None:
        """Fold one event in (``v`` must be the next version)."""
        self.state = self.ruleset.evolve(self.state, event)
        self.version = v
        self.recent.append(Entry(v, event, self.state))

    def fold_ahead(self, events: Sequence[Any]) -> list[Any]:
        """The states after each of these events, without changing this game."""
        states = []
        state = self.state
        for event in events:
            state = self.ruleset.evolve(state, event)
            states.append(state)
        return states

    def commit(
        self, events: Sequence[Any], states: Sequence[Any], *, rolls: int, intent_id: str | None
    ) -> None:
        """Take in events the database has committed, with their precomputed states."""
        for event, state in zip(events, states, strict=True):
            self.version += 1
            self.state = state
            self.recent.append(Entry(self.version, event, state))
        self.rolls = rolls
        if intent_id is not None:
            self.intents[intent_id] = self.version
            if len(self.intents) > RECENT_INTENTS:
                self.intents.popitem(last=False)

    def since(self, v: int) -> list[Entry] | None:
        """The events after version ``v``, or ``None`` when they are no longer held."""
        if v >= self.version:
            return []
        if not self.recent or self.recent[0].v > v + 1:
            return None
        return [e for e in self.recent if e.v > v]
