"""Unit coherency: neighbour links and the one-connected-group condition.

wh40k-10th §3.4 (2" horizontal, 5" vertical, two neighbours from 7 models), wh40k-9th §4.4 (two
neighbours from 6 models), wh40k-8th-faq §2.1 (2" horizontal, 6" vertical, one neighbour).
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.table import Model, Table
from vantage.rules.common.measuring import h_gap, v_gap, within


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


def linked(a: Model, b: Model, rule: CoherencyRule) -> bool:
    """Two models of a unit close enough to count as neighbours."""
    return within(h_gap(a, b), rule.horizontal) and within(v_gap(a, b), rule.vertical)


def coherency(table: Table, unit_id: str, rule: CoherencyRule) -> Coherency:
    """Every model has enough linked neighbours and the links join the unit into one group."""
    models = table.unit_models(unit_id)
    ids = [m.id for m in models]
    if len(models) <= 1:
        return Coherency(True, (), (tuple(ids),) if ids else ())
    need = 2 if rule.big_unit is not None and len(models) >= rule.big_unit else 1
    links: dict[str, set[str]] = {m.id: set() for m in models}
    for i, a in enumerate(models):
        for b in models[i + 1 :]:
            if linked(a, b, rule):
                links[a.id].add(b.id)
                links[b.id].add(a.id)
    groups = _groups(ids, links)
    short = [mid for mid in ids if len(links[mid]) < need]
    main = max(groups, key=len)
    outside = [mid for mid in ids if mid not in main]
    breaking = tuple(dict.fromkeys(short + outside))
    return Coherency(not breaking, breaking, tuple(groups))


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
