"""What a game system supplies to the engine (python-chess variants; boardgame.io games)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from vantage.engine.codec import Codec
from vantage.engine.context import Ctx, Viewer
from vantage.engine.decision import Decision
from vantage.engine.errors import Rejection

S = TypeVar("S")


class Ruleset(ABC, Generic[S]):
    """A game system as a plug-in: pure functions over its own state, commands and events.

    ``decide`` validates and returns events or a rejection; ``evolve`` applies an event without
    re-validating; the state is ``reduce(evolve, events, initial_state(setup))``.
    """

    name: str
    title: str
    commands: Codec[Any]
    events: Codec[Any]
    state_codec: Codec[Any]
    create_options: tuple[str, ...] | None = None
    """The fields of a create-game request this system reads, besides ``system``: a new game
    naming any other (a typo, another system's option) is refused; ``None`` takes anything.
    Stored games are not checked (``parse_setup`` reads them as they were made)."""

    @abstractmethod
    def parse_setup(self, request: Mapping[str, Any]) -> Any | Rejection:
        """Validate the create-game request (everything but ``system``) into a setup value."""

    def new_game_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """A new game's request as it is stored: a system whose rules changed in ways that
        decide old logs differently stamps its rules revision here, so that a stored game and
        its export are decided by the rules it was played under; unchanged by default."""
        return options

    def check_new_setup(self, setup: Any) -> Rejection | None:
        """Checks a new game's set-up must pass that a stored game's need not: ``parse_setup``
        also reads stored games and exported logs, which a check added later must not lock out."""
        return None

    @abstractmethod
    def seats(self, setup: Any) -> tuple[str, ...]:
        """The player ids of the seats this setup needs."""

    @abstractmethod
    def initial_state(self, setup: Any) -> S:
        """The state at version 0."""

    def opening(self, state: S, ctx: Ctx) -> Sequence[Any]:
        """Events appended when the game is created (a deal, a shuffle); none by default."""
        return ()

    @abstractmethod
    def decide(self, state: S, command: Any, ctx: Ctx) -> Decision:
        """Turn a command into events, or reject it."""

    @abstractmethod
    def evolve(self, state: S, event: Any) -> S:
        """Apply one event."""

    @abstractmethod
    def project(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """The JSON view of the state that this viewer may see."""

    def redact(self, event: Any, state_after: S, viewer: Viewer) -> dict[str, Any] | None:
        """The JSON form of an event for this viewer, or ``None`` for a versioned stub."""
        return self.events.encode(event)

    def is_version_free(self, command: Any) -> bool:
        """Commands that commute with everything skip the ``expected_v`` check."""
        return False

    def admit(self, state: S, command: Any, actor: str | None) -> Rejection | None:
        """A refusal the live server adds before deciding, outside the rules' decision: a
        command that would log an event changing nothing (a setting set to what it is). The
        export's verification and replays never ask, so games stored before a new refusal here
        still re-decide as they were played (rules decision R38)."""
        return None

    def is_side_command(self, command: Any) -> bool:
        """A command a seat may send at any time that does not move the game on (a setting);
        the server accepts only a few of a seat's in a row (docs/protocol.md, "Limits")."""
        return False

    def commutes(self, command: Any, event: Any) -> bool:
        """Whether ``command``, made before ``event`` was committed, means the same after it; the
        server then decides it on the newer state rather than refuse it as stale."""
        return False

    def query(self, state: S, query: Mapping[str, Any], viewer: Viewer) -> Any | Rejection:
        """Answer a read-only question about the state (measure, line of sight...)."""
        return Rejection("query/unsupported", f"{self.name} answers no queries")

    def is_over(self, state: S) -> bool:
        """Whether the game has ended (its dice seed is then revealed)."""
        return False

    def summary(self, state: S) -> dict[str, Any]:
        """A short public description for the lobby."""
        return {}
