"""A game as one JSON document: set-up, every event, and the dice seed once the game is over."""

from __future__ import annotations

from typing import Any

from vantage.app.live import LiveGame
from vantage.app.rooms import redacted_payload
from vantage.engine.context import Viewer
from vantage.engine.fairness import commitment
from vantage.store.models import EventRow

EXPORT_FORMAT = "vantage-game/1"


def fairness(game: LiveGame) -> dict[str, Any]:
    """What every viewer may know of the dice: the commitment, and the seed after the end."""
    over = game.ruleset.is_over(game.state)
    return {
        "commitment": commitment(game.seed),
        "rolls": game.rolls,
        "seed": game.seed.hex() if over else None,
    }


def live_dice(game: LiveGame) -> dict[str, Any]:
    """``fairness`` with what the live server holds of the players' entropy: ``entropy_pending``,
    the players whose last contribution waits for the next roll (another is refused,
    ``shell_commands.admit``; public, as the contributions are). Not in the export: it is this
    process's memory (empty after a restart, when the next contribution is accepted)."""
    pending = sorted(p for p, at in game.entropy_at.items() if at == game.rolls)
    return {**fairness(game), "entropy_pending": pending}


def export_game(
    game: LiveGame, setup: dict[str, Any], rows: list[EventRow], viewer: Viewer
) -> dict[str, Any]:
    """The whole log once the game is over; before that, what this viewer may see of it."""
    over = game.ruleset.is_over(game.state)
    if over:
        events = [_full(row) for row in rows]
    else:
        decoded = [game.decode(row.payload) for row in rows]
        states = _replayed_states(game, decoded)
        events = [
            _redacted(game, row, e, s, viewer)
            for row, e, s in zip(rows, decoded, states, strict=True)
        ]
    return {
        "format": EXPORT_FORMAT,
        "id": game.id,
        "system": game.ruleset.name,
        "setup": setup,
        "version": game.version,
        "over": over,
        "dice": fairness(game),
        "events": events,
    }


def _full(row: EventRow) -> dict[str, Any]:
    return {
        "v": row.seq,
        "e": row.payload,
        "actor": row.actor,
        "intent_id": row.intent_id,
        "command": row.command,
        "dice": row.dice,
        "at": row.created_at.isoformat(),
    }


def _replayed_states(game: LiveGame, events: list[Any]) -> list[Any]:
    """The state after each event, from the set-up (redaction may depend on it)."""
    fresh = LiveGame(
        id=game.id,
        ruleset=game.ruleset,
        setup=game.setup,
        state=game.ruleset.initial_state(game.setup),
        version=0,
        rolls=0,
        seed=game.seed,
    )
    return fresh.fold_ahead(events)


def _redacted(
    game: LiveGame, row: EventRow, event: Any, state_after: Any, viewer: Viewer
) -> dict[str, Any]:
    """What the live stream shows this viewer: a hidden event is its version alone (no actor and
    no time, which could tell who did something secret, and when)."""
    shown = redacted_payload(game, event, state_after, viewer)
    if shown is None:
        return {"v": row.seq}
    return {"v": row.seq, "actor": row.actor, "at": row.created_at.isoformat(), "e": shown}
