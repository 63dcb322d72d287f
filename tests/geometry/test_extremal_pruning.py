"""Dropping the candidate lines that enter an obstacle at the vertex they pass through (not
extremal, ``plan_lines.full_candidates``) never changes whether a pair of round bases sees: the
pruned set against the whole set on random scenes of convex footprints, some seen into, some
overlapping a base, many of them blocked."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from random_scenes import convex_footprint

from vantage.geometry import plan_lines
from vantage.geometry.prisms import Disc, Poly
from vantage.geometry.sight_matrix import pair_clear_line


def _footprint(rng: random.Random, x: float, y: float) -> Poly:
    return convex_footprint(rng, x, y, most=6, thinnest=0.1)


def _scene(rng: random.Random) -> tuple[Disc, Disc, list[Poly], list[bool]]:
    o = Disc(0.0, 0.0, rng.choice([0.63, 0.5, 1.0]))
    d = rng.uniform(3, 14)
    t = Disc(d, rng.uniform(-1, 1), rng.choice([0.63, 0.25, 1.3]))
    polys = []
    for _ in range(rng.randint(2, 6)):  # footprints strewn along the way, staggered
        s = rng.uniform(-0.1, 1.1)
        polys.append(_footprint(rng, s * t.cx, s * t.cy + rng.uniform(-2, 2)))
    see = [rng.random() < 0.25 for _ in polys]
    return o, t, polys, see


def _lines(o: Disc, t: Disc, polys: list[Poly], see: list[bool]) -> int:
    from vantage.geometry.plan_pack import pack

    packed = pack(tuple(polys), tuple(see))
    one = np.zeros(1, dtype=np.int64)
    pairs = plan_lines.Pairs(
        *(np.array([v]) for v in (o.cx, o.cy, o.r, t.cx, t.cy, t.r)),
        one,
        np.array([len(polys)]),
        np.arange(len(polys)),
        packed.see_into,
    )
    return len(plan_lines.full_candidates(pairs, packed, one)[0])


def test_pruned_lines_decide_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    scenes = [_scene(rng) for _ in range(400)]
    pruned = [pair_clear_line(*s) is None for s in scenes]
    kept = sum(_lines(*s) for s in scenes)
    monkeypatch.setattr(plan_lines, "TANGENT", math.inf)  # nothing is pruned
    whole = [pair_clear_line(*s) is None for s in scenes]
    every = sum(_lines(*s) for s in scenes)
    assert pruned == whole
    assert 40 < sum(whole) < 360  # blocked and visible pairs both
    assert kept < 0.9 * every  # the pruning does drop lines
