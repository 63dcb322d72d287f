"""Unit coherency: neighbour links and the one-connected-group condition.

wh40k-10th §3.4 (2" horizontal, 5" vertical, two neighbours from 7 models), wh40k-9th §4.4 (two
neighbours from 6 models), wh40k-8th-faq §2.1 (2" horizontal, 6" vertical, one neighbour).
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.table import Model, Table
from vantage.geometry.measure import planar_gap
from vantage.geometry.prisms import Shape, bbox, measured_extent, model_shape, vertical_gap
from vantage.geometry.units import EPS
from vantage.rules.common.measuring import within


@dataclass(frozen=True, slots=True)
class CoherencyRule:
    """Link distances and how many linked neighbours each model needs."""

    horizontal: float
    vertical: float
    big_unit: int | None
    """From this many models every model needs two neighbours (``None``: always one)."""


@dataclass(frozen=True, slots=True)
class Coherency:
    """The answer: coherent or not, and which models break it (with the groups found)."""

    coherent: bool
    breaking: tuple[str, ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()


def coherency(table: Table, unit_id: str, rule: CoherencyRule) -> Coherency:
    """Every model has enough linked neighbours and the links join the unit into one group."""
    models = table.unit_models(unit_id)
    ids = [m.id for m in models]
    if len(models) <= 1:
        return Coherency(True, (), (tuple(ids),) if ids else ())
    need = 2 if rule.big_unit is not None and len(models) >= rule.big_unit else 1
    links: dict[str, set[str]] = {m.id: set() for m in models}
    for a, b in _close_pairs(models, rule):
        if _linked(a, b, rule):
            links[a[0]].add(b[0])
            links[b[0]].add(a[0])
    groups = _groups(ids, links)
    short = [mid for mid in ids if len(links[mid]) < need]
    main = max(groups, key=len)
    outside = [mid for mid in ids if mid not in main]
    breaking = tuple(dict.fromkeys(short + outside))
    return Coherency(not breaking, breaking, tuple(groups))


Part = tuple[str, Shape, tuple[float, float], tuple[float, float, float, float]]
"""A model's id, footprint, measured vertical extent and footprint box, computed once."""


def _close_pairs(models: list[Model], rule: CoherencyRule) -> list[tuple[Part, Part]]:
    """The pairs whose footprint boxes lie within the link distance of each other (a box gap is
    at most the footprints' gap, so no linked pair is left out)."""
    parts = [
        (m.id, shape, measured_extent(m), bbox(shape))
        for m in models
        for shape in (model_shape(m),)
    ]
    reach = rule.horizontal + EPS
    out = []
    for i, a in enumerate(parts):
        ax0, ay0, ax1, ay1 = a[3]
        for b in parts[i + 1 :]:
            bx0, by0, bx1, by1 = b[3]
            if max(bx0 - ax1, ax0 - bx1) <= reach and max(by0 - ay1, ay0 - by1) <= reach:
                out.append((a, b))
    return out


def _linked(a: Part, b: Part, rule: CoherencyRule) -> bool:
    """Two models of a unit close enough to count as neighbours (plan gap and vertical gap of
    the measured extents, wh40k-10th §3.4)."""
    return within(planar_gap(a[1], b[1]), rule.horizontal) and within(
        vertical_gap(a[2], b[2]), rule.vertical
    )


def _groups(ids: list[str], links: dict[str, set[str]]) -> list[tuple[str, ...]]:
    seen: set[str] = set()
    groups: list[tuple[str, ...]] = []
    for start in ids:
        if start in seen:
            continue
        stack, group = [start], []
        seen.add(start)
        while stack:
            cur = stack.pop()
            group.append(cur)
            for nxt in links[cur]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        groups.append(tuple(mid for mid in ids if mid in set(group)))
    return groups
