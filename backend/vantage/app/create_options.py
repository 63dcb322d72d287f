"""The create-game request's fields a system does not take: refused in a new game by name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from vantage.engine.errors import Rejection

MAX_FIELD_NAME = 80
"""An unknown field's name is quoted back up to this many characters."""


def unknown_fields(request: Mapping[str, Any], options: Iterable[str]) -> tuple[str, ...]:
    """The request's fields (``system`` aside) that are not ``options``, in the request's order."""
    known = {*options, "system"}
    return tuple(k for k in request if k not in known)


def unknown_option(system: str, unknown: tuple[str, ...], options: Iterable[str]) -> Rejection:
    """``request/invalid`` naming the first field a new game of ``system`` does not take."""
    field = unknown[0]
    if len(field) > MAX_FIELD_NAME:
        field = field[:MAX_FIELD_NAME] + "…"
    return Rejection(
        "request/invalid",
        f"{field}: not an option of a {system} game (it takes {', '.join(sorted(options))})",
        {"field": field},
    )
