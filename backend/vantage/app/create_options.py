"""The create-game request's fields a system does not take: a new game naming one is refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vantage.engine.errors import Rejection

MAX_FIELD_NAME = 80
"""An unknown field's name is quoted back up to this many characters."""
SHELL_FIELDS = ("system", "started_by")
"""Fields every system's request may carry, read by the shell: the system, and who made the game
(``make run`` marks its demo game so that it replaces only its own, ``app.demo``)."""


def bad_shell_field(request: Mapping[str, Any]) -> Rejection | None:
    """``started_by``, when given, is a short text (it is stored with the game and exported)."""
    mark = request.get("started_by")
    if mark is None or (isinstance(mark, str) and len(mark) <= MAX_FIELD_NAME):
        return None
    message = f"started_by: must be text of at most {MAX_FIELD_NAME} characters"
    return Rejection("request/invalid", message, {"field": "started_by"})


def unknown_option(
    system: str, request: Mapping[str, Any], options: Sequence[str] | None
) -> Rejection | None:
    """``request/invalid`` naming the request's first field (``SHELL_FIELDS`` aside, in the
    request's order) that a new game of ``system`` does not take, or ``None`` (also when
    ``options`` is ``None``: the system takes anything)."""
    if options is None:
        return None
    unknown = [k for k in request if k not in options and k not in SHELL_FIELDS]
    if not unknown:
        return None
    field = unknown[0]
    if len(field) > MAX_FIELD_NAME:
        field = field[:MAX_FIELD_NAME] + "…"
    takes = ", ".join(sorted(options)) or "no options"
    return Rejection(
        "request/invalid",
        f"{field}: not an option of a {system} game (it takes {takes})",
        {"field": field},
    )
