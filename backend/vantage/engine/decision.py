"""The outcome of deciding a command: events to append, or a rejection."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vantage.engine.errors import Rejection


@dataclass(frozen=True, slots=True)
class Accepted:
    """The command is legal: append these events (in order); warnings travel with them."""

    events: Sequence[Any]
    warnings: Sequence[Rejection] = field(default_factory=tuple)


Decision = Accepted | Rejection
