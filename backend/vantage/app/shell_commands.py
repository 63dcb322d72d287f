"""Commands every game accepts, whatever its system: players' dice entropy."""

from __future__ import annotations

import hashlib
import json
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


SIDE_RUN = 8
"""A seat's side commands (entropy, settings toggles) accepted in a row at most, until any
command moves the game on: each is a stored event sent to every socket, and a seat sending them
in a loop grew its game's log without limit (security audit s14 #3: 286 events/s)."""


def is_side_command(game: LiveGame, command: Any) -> bool:
    """A command accepted at any time that does not move the game on."""
    return isinstance(command, ContributeEntropy) or game.ruleset.is_side_command(command)


def admit(game: LiveGame, command: Any, player: str | None) -> Rejection | None:
    """The live server's own refusals before deciding (never asked by ``verify``: a game stored
    with more of these still re-decides as played): a second entropy string of a player with no
    dice rolled since the first (it would change no roll the first did not; the dice protocol
    needs one per player), more than ``SIDE_RUN`` side commands of a seat in a row, and the
    ruleset's own (a setting set to what it is)."""
    if player is None or game.ruleset.is_over(game.state):
        return None  # the decision refuses spectators, and every command once the game is over
    if isinstance(command, ContributeEntropy) and game.entropy_at.get(player) == game.rolls:
        return Rejection(
            "dice/entropy_pending",
            "your last entropy is still to be used: no dice were rolled since; add more after "
            "the next roll",
        )
    if is_side_command(game, command) and game.side_run.get(player, 0) >= SIDE_RUN:
        return Rejection(
            "intent/too_many_settings",
            f"at most {SIDE_RUN} changes of settings or entropy in a row; play on first",
            {"limit": SIDE_RUN},
        )
    return game.ruleset.admit(game.state, command, player)


def note_accepted(game: LiveGame, command: Any, player: str | None) -> None:
    """Count an accepted command for ``admit`` (after its events are committed and folded)."""
    if not is_side_command(game, command):
        game.side_run.clear()
        return
    if player is None:
        return
    game.side_run[player] = game.side_run.get(player, 0) + 1
    if isinstance(command, ContributeEntropy):
        game.entropy_at[player] = game.rolls


def command_json(game: LiveGame, command: Any) -> dict[str, Any]:
    """A parsed command as JSON, stored with its events for verification."""
    if isinstance(command, ContributeEntropy):
        return contribution_commands.encode(command)
    return game.ruleset.commands.encode(command)


def json_digest(command: Mapping[str, Any]) -> str:
    """A command's JSON (``command_json``) hashed: the recent-intents cache keeps 64 characters,
    not a whole command."""
    text = json.dumps(command, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def stored_digest(game: LiveGame, stored: Mapping[str, Any]) -> str:
    """A logged command's digest as the current code would write it, so that a retry compares
    equal though older code stored it (a default it did not write); one that no longer parses
    is hashed as stored."""
    parsed = parse_command(game, stored)
    return json_digest(stored if isinstance(parsed, Rejection) else command_json(game, parsed))
