"""Coherency's box prefilter loses no link: the answer equals a brute force over every pair of
models (``measuring.h_gap`` and ``v_gap``, the rule's distances, a flood fill), on random units
of round, oval and hull bases at random heights, facings and spacings (wh40k-10th §3.4,
wh40k-9th §4.4, wh40k-8th-faq §2.1)."""

from __future__ import annotations

import random

from vantage.engine.table import Model, Table, Unit
from vantage.geometry.shapes import Base, CircleBase, HullBase, OvalBase
from vantage.rules.common.coherency import Coherency, CoherencyRule, coherency
from vantage.rules.common.measuring import h_gap, v_gap, within

RULES = (CoherencyRule(2.0, 5.0, 7), CoherencyRule(2.0, 5.0, 6), CoherencyRule(2.0, 6.0, None))


def _base(rng: random.Random) -> Base:
    kind = rng.choice(["circle", "oval", "hull"])
    if kind == "circle":
        return CircleBase(diameter_mm=rng.choice([25.0, 32.0, 40.0, 60.0]))
    if kind == "oval":
        return OvalBase(length_mm=rng.choice([60.0, 75.0, 90.0]), width_mm=rng.choice([35.0, 46.0]))
    w, d = rng.uniform(1, 4), rng.uniform(1, 3)
    return HullBase(points=((-w, -d), (w, -d), (w, d), (-w, d)))


def _unit(rng: random.Random, n: int) -> Table:
    spread = rng.choice([3.0, 6.0, 12.0])
    models = {
        f"m{k}": Model(
            id=f"m{k}",
            unit="u",
            base=_base(rng),
            x=rng.uniform(10, 10 + spread),
            y=rng.uniform(10, 10 + spread),
            z=rng.choice([0.0, 0.0, 3.0, 6.0]),
            facing=rng.uniform(0, 360),
        )
        for k in range(n)
    }
    units = {"u": Unit(id="u", player="p1", keywords=("INFANTRY",))}
    return Table(width=40, depth=40, players=("p1", "p2"), units=units, models=models, terrain=())


def _brute(table: Table, rule: CoherencyRule) -> Coherency:
    models = table.unit_models("u")
    ids = [m.id for m in models]
    need = 2 if rule.big_unit is not None and len(models) >= rule.big_unit else 1
    links = {
        a.id: {
            b.id
            for b in models
            if b.id != a.id
            and within(h_gap(a, b), rule.horizontal)
            and within(v_gap(a, b), rule.vertical)
        }
        for a in models
    }
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for start in ids:
        if start in seen:
            continue
        group, stack = {start}, [start]
        while stack:
            for nxt in links[stack.pop()] - group:
                group.add(nxt)
                stack.append(nxt)
        seen |= group
        groups.append(tuple(m for m in ids if m in group))
    main = max(groups, key=len)
    short = [m for m in ids if len(links[m]) < need]
    breaking = tuple(dict.fromkeys(short + [m for m in ids if m not in main]))
    return Coherency(not breaking, breaking, tuple(groups))


def test_coherency_equals_the_brute_force_over_every_pair() -> None:
    rng = random.Random(3)
    coherent = broken = 0
    for _ in range(300):
        table = _unit(rng, rng.randint(2, 12))
        rule = rng.choice(RULES)
        got = coherency(table, "u", rule)
        assert got == _brute(table, rule)
        coherent += got.coherent
        broken += not got.coherent
    assert coherent > 20 and broken > 20  # both answers were exercised
