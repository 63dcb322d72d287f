"""What the engine waits for: a prompt naming who must choose what (and their options)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vantage.engine.dice import Dice
from vantage.rules.death_angel.events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class Prompt:
    """A choice the game waits for.

    ``options`` maps each choosing player to what only he may see (his legal choices);
    ``info`` is public. ``commands`` are the command ``type`` tags that answer it.
    """

    kind: str
    players: tuple[str, ...]
    commands: tuple[str, ...]
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)


Auto = Callable[[Dice], list[Event]]
Step = Prompt | Auto | None


def auto(*events: Event) -> Auto:
    """A step that needs no dice: these events."""
    return lambda dice: list(events)


def ask(
    kind: str,
    player: str,
    commands: tuple[str, ...],
    options: dict[str, Any],
    info: dict[str, Any] | None = None,
) -> Prompt:
    """A prompt for one player."""
    return Prompt(
        kind=kind,
        players=(player,),
        commands=commands,
        options={player: options},
        info=info or {},
    )
