"""BattleScribe ``.ros`` XML into the roster tree, with defusedxml: no DTDs, no entities."""

from __future__ import annotations

import io
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as safe_et
from defusedxml import DefusedXmlException

from vantage.rosters.errors import BAD_XML, NOT_A_ROSTER, UNSAFE_XML, RosterFailure
from vantage.rosters.tree import CONTAINERS, Budget, Node


def read_ros(data: bytes) -> Node:
    """The ``<roster>`` element of a .ros file as a tree; raise ``RosterFailure`` otherwise."""
    budget = Budget()
    depth = 0
    root: Element | None = None
    try:
        for event, elem in safe_et.iterparse(
            io.BytesIO(data),
            events=("start", "end"),
            forbid_dtd=True,
            forbid_entities=True,
            forbid_external=True,
        ):
            if event == "start":
                depth += 1
                budget.spend(depth)
                if root is None:
                    root = elem
            else:
                depth -= 1
    except DefusedXmlException:
        raise RosterFailure(
            UNSAFE_XML, "the XML declares a DTD or entities, which rosters never need"
        ) from None
    except ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        raise RosterFailure(
            BAD_XML, f"the file is not well-formed XML (line {line}, column {column + 1})"
        ) from None
    except LookupError:
        raise RosterFailure(
            BAD_XML, "the XML declares a text encoding that cannot be read"
        ) from None
    except ValueError:
        raise RosterFailure(BAD_XML, "the file is not well-formed XML") from None
    if root is None or local_name(root.tag) != "roster":
        found = "nothing" if root is None else f"<{local_name(root.tag)}>"
        raise RosterFailure(NOT_A_ROSTER, f"the XML is not a BattleScribe roster: found {found}")
    return element_node(root)


def local_name(tag: str) -> str:
    """A tag or attribute name without its ``{namespace}``."""
    return tag.rsplit("}", 1)[-1]


def element_node(elem: Element, path: str = "roster") -> Node:
    """Convert an element (depth already bounded by the parse budget).

    ``path`` names it as the JSON reader would: ``roster.forces[0].selections[3]``.
    """
    attrs = {local_name(k): v for k, v in elem.attrib.items()}
    children: dict[str, list[Node]] = {}
    for child in elem:
        tag = local_name(child.tag)
        if tag in CONTAINERS:
            kids = children.setdefault(tag, [])
            first = len(kids)
            kids.extend(element_node(c, f"{path}.{tag}[{first + i}]") for i, c in enumerate(child))
        elif not child.attrib and len(child) == 0:
            attrs[tag] = (child.text or "").strip()
        else:
            kids = children.setdefault(tag, [])
            kids.append(element_node(child, f"{path}.{tag}[{len(kids)}]"))
    text = (elem.text or "").strip() or None
    return Node(
        tag=local_name(elem.tag),
        attrs=attrs,
        text=text,
        children={k: tuple(v) for k, v in children.items()},
        path=path,
    )
