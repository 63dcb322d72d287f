"""Objective range and control (wh40k-10th §2.3, wh40k-9th §2.3, wh40k-8th-faq §2.17,
deathmatch §8.2 focal points)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from vantage.engine.table import Model, Objective, Table
from vantage.rules.common.measuring import keywords, owner

InRange = Callable[[Model, Objective], bool]


def models_in_range(table: Table, obj: Objective, in_range: InRange) -> list[Model]:
    """The models within range of a marker (a model counts for every marker it is in range of)."""
    return [m for m in table.models.values() if in_range(m, obj)]


def strict_leader(levels: Counter[str]) -> str | None:
    """The player with a strictly higher level than every other, or ``None``."""
    ranked = levels.most_common()
    if not ranked or ranked[0][1] <= 0:
        return None
    if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
        return None
    return ranked[0][0]


def control_by_oc(table: Table, models: Iterable[Model]) -> str | None:
    """10th edition: the sum of OC, 0 for a battle-shocked unit; strictly more controls."""
    levels: Counter[str] = Counter()
    for m in models:
        levels[owner(table, m)] += 0 if table.units[m.unit].battle_shocked else m.oc
    return strict_leader(levels)


def control_by_count(
    table: Table,
    models: Iterable[Model],
    excluded: frozenset[str] = frozenset(),
    secured: str | None = None,
) -> str | None:
    """9th/8th edition and Deathmatch: most models in range.

    Models whose unit has a keyword in ``excluded`` do not count. With ``secured`` (9th:
    Objective Secured, wh40k-9th §2.3 [L1199-L1201]), a side with such a model in range wins against
    every side without one: only those sides are compared, by their models in range, so a side
    alone in having one controls regardless of numbers (docs/rules-decisions.md, 10).
    """
    counted = [m for m in models if not set(keywords(table, m)) & excluded]
    if secured is not None:
        holders = {owner(table, m) for m in counted if secured in _normalised(keywords(table, m))}
        if holders:
            counted = [m for m in counted if owner(table, m) in holders]
    levels: Counter[str] = Counter(owner(table, m) for m in counted)
    return strict_leader(levels)


def _normalised(words: tuple[str, ...]) -> set[str]:
    return {w.replace("_", " ").replace("-", " ") for w in words}
