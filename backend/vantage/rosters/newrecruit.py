"""New Recruit ``.json`` rosters into the roster tree (army-lists.md §3)."""

from __future__ import annotations

import json
from typing import Any

from vantage.engine.codec import printable
from vantage.rosters.errors import (
    BAD_JSON,
    BAD_VALUE,
    NOT_A_ROSTER,
    RosterFailure,
    is_storable_text,
)
from vantage.rosters.tree import CONTAINERS, Budget, Node


def read_newrecruit(data: bytes) -> Node:
    """The ``"roster"`` object of a New Recruit export as a tree; raise ``RosterFailure``."""
    try:
        utf16 = data.startswith((b"\xff\xfe", b"\xfe\xff"))  # with a byte-order mark
        doc = json.loads(data.decode("utf-16" if utf16 else "utf-8-sig"))
    except UnicodeDecodeError:
        raise RosterFailure(BAD_JSON, "the JSON file is not UTF-8 (or UTF-16) text") from None
    except RecursionError:
        raise RosterFailure(BAD_JSON, "the JSON nests too deeply") from None
    except json.JSONDecodeError as exc:
        raise RosterFailure(
            BAD_JSON, f"the file is not valid JSON (line {exc.lineno}, column {exc.colno})"
        ) from None
    except ValueError:  # an integer of more than 4,300 digits
        raise RosterFailure(BAD_JSON, "the JSON holds a number too long to be a roster's") from None
    roster = doc.get("roster") if isinstance(doc, dict) else None
    if not isinstance(roster, dict):
        raise RosterFailure(
            NOT_A_ROSTER, 'the JSON is not a New Recruit roster: no "roster" object at the top'
        )
    return object_node("roster", roster, Budget(), 1)


def object_node(
    tag: str, obj: dict[str, Any], budget: Budget, depth: int, path: str = "roster"
) -> Node:
    """Convert one JSON object: scalars become string attributes, arrays become children.

    A container (``forces``, ``selections``, ...: army-lists.md §3) holds a list of objects; a
    scalar in its place, or in its list, is refused naming its JSON path (``roster.forces``).
    Anything else unknown is kept or skipped as before: New Recruit adds keys of its own.
    """
    budget.spend(depth)
    attrs: dict[str, str] = {}
    children: dict[str, tuple[Node, ...]] = {}
    text: str | None = None
    for key, value in obj.items():
        where = f"{path}.{printable(key)}"
        if not is_storable_text(key):
            raise _bad_text(where)
        if isinstance(value, str) and not is_storable_text(value):
            raise _bad_text(where)
        if key in SCALARS and isinstance(value, list | dict):
            raise RosterFailure(BAD_VALUE, f"{where}: must be text or a number", where)
        if key == "$text":
            text = None if value is None else scalar_text(value).strip() or None
        elif isinstance(value, list):
            child_tag = CONTAINERS.get(key, key)
            if key in CONTAINERS:
                for i, item in enumerate(value):
                    if not isinstance(item, dict):
                        raise _bad_shape(f"{where}[{i}]", "must be an object")
            children[key] = tuple(
                object_node(child_tag, item, budget, depth + 1, f"{where}[{i}]")
                for i, item in enumerate(value)
                if isinstance(item, dict)
            )
        elif key in CONTAINERS and value is not None:
            raise _bad_shape(where, "must be a list of objects")
        elif isinstance(value, dict):
            children[key] = (object_node(key, value, budget, depth + 1, where),)
        elif value is not None:
            attrs[key] = scalar_text(value)
    return Node(tag=tag, attrs=attrs, text=text, children=children, path=path)


SCALARS = frozenset(
    {"$text", "id", "name", "entryId", "customName", "number", "type", "typeId", "typeName"}
    | {"value", "hidden", "primary", "gameSystemId", "gameSystemName", "catalogueName"}
)
"""Keys that army-lists.md §1 gives a single value: a list or an object there is refused."""


def _bad_text(path: str) -> RosterFailure:
    """A key or value with an unpaired surrogate (``"\\ud800"``) or a NUL: it could not be
    answered or stored."""
    return RosterFailure(BAD_VALUE, f"{path}: must be valid text", path)


def _bad_shape(path: str, problem: str) -> RosterFailure:
    return RosterFailure(
        NOT_A_ROSTER, f"the JSON is not a New Recruit roster: {path}: {problem}", path
    )


def scalar_text(value: object) -> str:
    """A JSON scalar as XML would have spelled it: ``true``, ``5``, ``2.03``, ids as strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
