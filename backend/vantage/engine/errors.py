"""Rejections are values (a player's mistake); errors are exceptions (a bug or a conflict)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused command or input: a stable ``area/reason`` code and a human message."""

    code: str
    message: str
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The wire form used by the HTTP and websocket layers."""
        return {"code": self.code, "message": self.message, "detail": dict(self.detail)}


class VantageError(Exception):
    """Root of Vantage's exceptions: these mean a bug or a conflict, never a player mistake."""


class ConflictError(VantageError):
    """Another writer appended to the game's log first."""


class CorruptLogError(VantageError):
    """An event in the log cannot be applied to the state it follows."""
