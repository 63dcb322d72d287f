"""One node model for BattleScribe XML and New Recruit JSON (army-lists.md §6 step 2).

Container elements (``<selections>``, ``"selections": [...]``) become lists of their children
under the container's name; attributes and leaf texts (``description``) become string
attributes; element text (``$text`` in JSON) is ``text``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from vantage.rosters.errors import TOO_LARGE, RosterFailure

CONTAINERS: Mapping[str, str] = {
    "costs": "cost",
    "costLimits": "costLimit",
    "forces": "force",
    "selections": "selection",
    "profiles": "profile",
    "characteristics": "characteristic",
    "categories": "category",
    "rules": "rule",
    "publications": "publication",
    "tags": "tag",
    "attributes": "attribute",
}
"""Container name -> element name of its children."""

MAX_NODES = 200_000
MAX_DEPTH = 64


@dataclass(frozen=True, slots=True)
class Node:
    """An element of the roster tree."""

    tag: str
    attrs: Mapping[str, str] = field(default_factory=dict)
    text: str | None = None
    children: Mapping[str, tuple[Node, ...]] = field(default_factory=dict)
    path: str = field(default="roster", compare=False)
    """Where the element is, for messages: ``roster.forces[0].selections[3]`` (both formats)."""

    def attr(self, name: str, default: str = "") -> str:
        """An attribute as a string, or ``default``."""
        return self.attrs.get(name, default)

    def kids(self, container: str) -> tuple[Node, ...]:
        """The children listed under a container: ``node.kids("selections")``."""
        return self.children.get(container, ())

    def number(self, name: str, default: float = 0.0) -> float:
        """A numeric attribute (``"5"``, ``"90.0"``), or ``default`` if absent or not a number."""
        try:
            value = float(self.attrs[name])
        except (KeyError, ValueError):
            return default
        return value if math.isfinite(value) else default


class Budget:
    """Counts nodes and depth while a tree is built; a hostile file fails fast."""

    def __init__(self, max_nodes: int = MAX_NODES, max_depth: int = MAX_DEPTH) -> None:
        self.left = max_nodes
        self.max_nodes = max_nodes
        self.max_depth = max_depth

    def spend(self, depth: int) -> None:
        """Account for one more node at ``depth``; raise ``roster/too_large`` beyond a limit."""
        self.left -= 1
        if self.left < 0:
            raise RosterFailure(TOO_LARGE, f"the roster has more than {self.max_nodes} elements")
        if depth > self.max_depth:
            raise RosterFailure(TOO_LARGE, f"the roster nests deeper than {self.max_depth} levels")
