"""Document order of places in a decoded JSON value: which of two fields comes first in the text.

``json.loads`` keeps an object's keys in the order the text gives them, so a place's key is the
position of each step along its path: a key's index among its object's keys, an element's index
in its array. Keys compare as tuples, which is the order of the text (a parent before its
children). A field that is missing is noticed at its object's end: it sorts after the object's
last child.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

Loc = tuple[int | str, ...]

_AFTER_ALL = 1 << 62
_STEP = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def path_loc(path: str) -> Loc:
    """The steps of a JSON path as written in errors: ``models[3].base`` -> (models, 3, base);
    the root (``""`` or ``$``) has none."""
    if path in ("", "$"):
        return ()
    return tuple(int(i) if i else key for i, key in _STEP.findall(path))


def document_key(raw: Any, loc: Sequence[int | str]) -> tuple[int, ...]:
    """The sort key of the place ``loc`` in ``raw``: smaller comes first in the text."""
    key: list[int] = []
    node = raw
    for step in loc:
        if isinstance(node, Mapping) and isinstance(step, str) and step in node:
            key.append(list(node).index(step))
            node = node[step]
        elif isinstance(node, list | tuple) and isinstance(step, int) and 0 <= step < len(node):
            key.append(step)
            node = node[step]
        else:
            key.append(_AFTER_ALL)  # not in the text: a missing field, at its object's end
            break
    return tuple(key)
