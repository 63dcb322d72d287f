"""Commands every game accepts, whatever its system: players' dice entropy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.app.live import LiveGame
from vantage.engine.context import Ctx
from vantage.engine.decision import Accepted, Decision
from vantage.engine.errors import Rejection
from vantage.engine.fairness import (
    ENTROPY_MAX,
    SHELL_COMMANDS,
    ContributeEntropy,
    EntropyContributed,
    contribution_commands,
)


def parse_command(game: LiveGame, raw: Mapping[str, Any]) -> Any | Rejection:
    """The engine's own commands first, then the game system's."""
    kind = raw.get("type")
    if isinstance(kind, str) and kind in SHELL_COMMANDS:
        return contribution_commands.parse(raw, "intent/invalid_command")
    return game.ruleset.commands.parse(raw, "intent/invalid_command")


def is_version_free(game: LiveGame, command: Any) -> bool:
    """Commands that commute with everything skip the ``expected_v`` check."""
    return isinstance(command, ContributeEntropy) or game.ruleset.is_version_free(command)


def decide(game: LiveGame, command: Any, ctx: Ctx) -> Decision:
    """Decide an engine command here; hand everything else to the game system."""
    if isinstance(command, ContributeEntropy):
        if ctx.actor.player is None:
            return Rejection("intent/spectator", "spectators cannot act")
        if game.ruleset.is_over(game.state):  # the seed is revealed: nothing left to roll
            return Rejection("game/over", "the game is over")
        if not 1 <= len(command.entropy) <= ENTROPY_MAX:
            return Rejection("dice/bad_entropy", f"entropy must be 1 to {ENTROPY_MAX} characters")
        return Accepted((EntropyContributed(player=ctx.actor.player, entropy=command.entropy),))
    return game.ruleset.decide(game.state, command, ctx)


def command_json(game: LiveGame, command: Any) -> dict[str, Any]:
    """A parsed command as JSON, stored with its events for verification."""
    if isinstance(command, ContributeEntropy):
        return contribution_commands.encode(command)
    return game.ruleset.commands.encode(command)
