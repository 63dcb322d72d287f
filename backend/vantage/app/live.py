"""A game held in this process: its ruleset, folded state and the recent events."""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vantage.engine.fairness import (
    EntropyContributed,
    contribution_events,
    is_shell_event,
    next_salt,
)
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
    salt: bytes = b""
    """The dice salt: every entropy string contributed so far, folded in log order."""
    recent: deque[Entry] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    intents: OrderedDict[tuple[str | None, str], tuple[int, str | None]] = field(
        default_factory=OrderedDict
    )
    """Recently committed intents by (seat, intent id), with the version they brought the game to
    and their command's digest (``shell_commands.json_digest``): a retry gets the same ack, and
    another command under the same id is refused. An id is a seat's own, so two seats may use the
    same one."""
    entropy_at: dict[str, int] = field(default_factory=dict)
    """Per player, the dice rolled so far when their last entropy was accepted in this process
    (``shell_commands.admit``: one contribution per player between rolls)."""
    side_run: dict[str, int] = field(default_factory=dict)
    """Per player, their side commands (entropy, settings) accepted in a row in this process
    since any other command was."""
    snapshots: dict[str | None, tuple[int, str]] = field(default_factory=dict)
    """The encoded ``snapshot`` message per view (a seat's player, ``None`` for spectators) and
    the version it shows, so every socket opened at one version shares one string."""

    def apply(self, v: int, event: Any) -> None:
        """Fold one event in (``v`` must be the next version)."""
        if isinstance(event, EntropyContributed):
            self.salt = next_salt(self.salt, event.player, event.entropy)
        else:
            self.state = self.ruleset.evolve(self.state, event)
        self.version = v
        self.recent.append(Entry(v, event, self.state))

    def decode(self, payload: dict[str, Any]) -> Any:
        """A stored event payload as an event of the engine or of the game system."""
        if is_shell_event(payload):
            return contribution_events.decode(payload)
        return self.ruleset.events.decode(payload)

    def encode(self, event: Any) -> dict[str, Any]:
        """An event as its stored JSON payload."""
        if isinstance(event, EntropyContributed):
            return contribution_events.encode(event)
        return self.ruleset.events.encode(event)

    def fold_ahead(self, events: Sequence[Any]) -> list[Any]:
        """The states after each of these events, without changing this game."""
        states = []
        state = self.state
        for event in events:
            if not isinstance(event, EntropyContributed):
                state = self.ruleset.evolve(state, event)
            states.append(state)
        return states

    def salt_after(self, events: Sequence[Any]) -> bytes:
        """The dice salt after these events, without changing this game."""
        salt = self.salt
        for event in events:
            if isinstance(event, EntropyContributed):
                salt = next_salt(salt, event.player, event.entropy)
        return salt

    def commit(
        self,
        events: Sequence[Any],
        states: Sequence[Any],
        *,
        rolls: int,
        intent_id: str | None,
        actor: str | None = None,
        digest: str | None = None,
    ) -> None:
        """Take in events the database has committed, with their precomputed states (``digest``:
        the intent's command's, ``shell_commands.json_digest``)."""
        for event, state in zip(events, states, strict=True):
            self.version += 1
            self.state = state
            if isinstance(event, EntropyContributed):
                self.salt = next_salt(self.salt, event.player, event.entropy)
            self.recent.append(Entry(self.version, event, state))
        self.rolls = rolls
        if intent_id is not None:
            self.intents[(actor, intent_id)] = (self.version, digest)
            if len(self.intents) > RECENT_INTENTS:
                self.intents.popitem(last=False)

    def decides_alike_since(self, v: int, command: Any) -> bool:
        """Whether ``command``, made by a player who saw version ``v``, means the same now: every
        event after ``v`` is a dice-entropy contribution, which no rule reads (a player opening
        the game page adds one), or one the ruleset says the command commutes with (another
        player's move of other models on a free table). ``False`` when ``v`` is ahead or the
        events are no longer held."""
        entries = self.since(v) if v < self.version else None
        return entries is not None and all(
            isinstance(e.event, EntropyContributed) or self.ruleset.commutes(command, e.event)
            for e in entries
        )

    def since(self, v: int) -> list[Entry] | None:
        """The events after version ``v``, or ``None`` when they are no longer held."""
        if v >= self.version:
            return []
        if not self.recent or self.recent[0].v > v + 1:
            return None
        return [e for e in self.recent if e.v > v]
