"""The vectorised vertical-plane solver gives exactly the reference's answer (same witness or the
same ``None``) on random problems, including ties on a coarse grid (flat lines, shared corners),
and its wall proof (one obstacle cuts every segment) never blocks a problem the reference clears."""

from __future__ import annotations

import math
import random

from vantage.geometry.vertical import (
    Rect,
    _cuts_every_segment,
    solve_vertical,
    solve_vertical_reference,
)


def _problem(rng: random.Random, grid: bool) -> tuple:
    q = (lambda v: round(v * 4) / 4) if grid else (lambda v: v)
    a0 = q(rng.uniform(-1, 1))
    a1 = a0 + q(rng.uniform(0, 1.5))
    b0 = q(rng.uniform(a0, 8)) if rng.random() < 0.85 else q(rng.uniform(a0 - 1, a1 + 1))
    b1 = b0 + q(rng.uniform(0, 1.5))
    zo = (q(rng.uniform(0, 1)), 0.0)
    zo = (zo[0], zo[0] + q(rng.uniform(0, 2)))
    zt = (q(rng.uniform(0, 1.5)), 0.0)
    zt = (zt[0], zt[0] + q(rng.uniform(0, 2)))
    rects: list[Rect] = []
    for _ in range(rng.randint(1, 4)):
        c0 = q(rng.uniform(a0 - 1, b1 + 1))
        c1 = c0 + q(rng.uniform(0.1, 2))
        lo = -math.inf if rng.random() < 0.6 else q(rng.uniform(0, 2))
        hi = q(rng.uniform(0.2, 3)) if math.isinf(lo) else lo + q(rng.uniform(0.1, 1.5))
        rects.append((c0, max(c1, c0 + 0.25), lo, hi))
    return (a0, a1), (b0, b1), zo, zt, rects


def test_same_answer_as_the_reference() -> None:
    rng = random.Random(2024)
    clear = blocked = walls = 0
    for case in range(3000):
        args = _problem(rng, grid=case % 2 == 0)
        fast, ref = solve_vertical(*args), solve_vertical_reference(*args)
        assert fast == ref, (case, args)
        clear += ref is not None
        blocked += ref is None
        a, b, zo, zt, rects = args
        walls += a[1] <= b[0] and any(_cuts_every_segment(a, b, zo, zt, r) for r in rects)
    assert clear > 300 and blocked > 300  # both answers are exercised
    assert walls > 200  # the wall proof decides many of the blocked ones


def test_point_targets_same_answer() -> None:
    """A point target (the point searches of *fully visible*) behind many rectangles: its 36
    first segments are at most 6 distinct ones, tried once each, and three of its four box
    corners are left out of the corner pairs; the answer is still the reference's."""
    rng = random.Random(7)
    clear = corner_stage = 0
    for case in range(3000):
        (a0, a1), (b0, _), zo, zt, rects = _problem(rng, grid=case % 2 == 0)
        for _ in range(rng.randint(0, 6)):
            c0 = rng.uniform(a0 - 1, b0 + 1)
            lo = -math.inf if rng.random() < 0.5 else rng.uniform(0, 2)
            hi = rng.uniform(0.2, 3) if math.isinf(lo) else lo + rng.uniform(0.1, 1.5)
            rects.append((c0, c0 + rng.uniform(0.1, 2), lo, hi))
        z = zt[rng.randint(0, 1)]
        args = ((a0, a1), (b0, b0), zo, (z, z), rects)
        fast, ref = solve_vertical(*args), solve_vertical_reference(*args)
        assert fast == ref, (case, args)
        clear += ref is not None
        corner_stage += ref is not None and (ref[0] not in (a0, a1) or ref[1] not in zo)
    assert clear > 500 and 3000 - clear > 500
    assert corner_stage > 20  # clear segments found by the corner pairs, not the first 36
