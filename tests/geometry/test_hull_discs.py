"""``hull_filter.disc_meets_hull`` (a disc footprint near the sight hull's boundary, decided by
the nearest viewer's 32-gon) must give the shapely hull test's answer whenever it decides, on
discs placed at the hull's boundary to within 1e-3 .. 1e-10 inches, around both ends and along
the bridge edges, for bases of equal and unequal sizes and point targets. Fails when the
32-gon is taken as the circle it is drawn about, when the bounding-box rule is ignored (a
meeting claimed up to shapely's 1e-9 instead of strictly), or when a miss is claimed without
the other end's support check."""

from __future__ import annotations

import math
import random

from vantage.geometry.hull_filter import disc_meets_hull
from vantage.geometry.prisms import Disc, Prism
from vantage.geometry.sight import SightProblem, _hull, _meets_all


def _case(rng: random.Random) -> tuple[Disc, Disc, Disc]:
    o = Disc(rng.uniform(0, 50), rng.uniform(0, 40), rng.choice([0.63, 0.5, 1.0]))
    ang = rng.uniform(0, 2 * math.pi)
    dist = rng.choice([1.5, 4.0, 15.0])
    t = Disc(o.cx + dist * math.cos(ang), o.cy + dist * math.sin(ang), rng.choice([0.63, 1.3, 0.0]))
    end = rng.choice([o, t, o, t, None])
    r = rng.choice([0.63, 0.5, 0.1])
    if end is None:  # beside the centre segment, near a bridge edge
        s = rng.uniform(0, 1)
        cx, cy = o.cx + s * (t.cx - o.cx), o.cy + s * (t.cy - o.cy)
        side = rng.choice([-1, 1])
        nx, ny = -math.sin(ang) * side, math.cos(ang) * side
        rad = o.r + s * (t.r - o.r)
    else:  # around one end: past the 32-gon's edge or vertex
        phi = rng.uniform(0, 2 * math.pi)
        cx, cy, nx, ny, rad = end.cx, end.cy, math.cos(phi), math.sin(phi), end.r
        rad /= rng.choice(
            [1.0, math.cos(math.pi / 32), math.cos((phi % (math.pi / 16)) - math.pi / 32)]
        )
    gap = rng.choice([1e-3, 1e-5, 1e-7, 1e-8, 1e-9, 1e-10, 0.0]) * rng.uniform(-3, 3)
    reach = rad + r + gap
    return o, t, Disc(cx + reach * nx, cy + reach * ny, r)


def _edge_case(rng: random.Random) -> tuple[Disc, Disc, Disc]:
    """Off an edge of an end's 32-gon along its normal, or off the hull's rightmost vertex
    along the x axis (where the bounding boxes decide), or off a bridge edge, by 1e-7 give or
    take a few 1e-10."""
    o, t, _ = _case(rng)
    r = rng.choice([0.63, 0.1])
    if rng.random() < 0.3:  # off a bridge edge of bases of one size, beside the segment
        t = Disc(t.cx, t.cy, o.r)
        length = math.hypot(t.cx - o.cx, t.cy - o.cy)
        mx, my = (o.cy - t.cy) / length, (t.cx - o.cx) / length
        big = o.r / math.cos(math.pi / 32)
        support = max(
            big * (mx * math.cos(k * math.pi / 16) + my * math.sin(k * math.pi / 16))
            for k in range(32)
        )
        s, off = rng.uniform(0.1, 0.9), support + r + 1e-7 + rng.uniform(-2e-9, 2e-9)
        cx, cy = o.cx + s * (t.cx - o.cx), o.cy + s * (t.cy - o.cy)
        return o, t, Disc(cx + off * mx, cy + off * my, r)
    if rng.random() < 0.5:
        end = max((o, t), key=lambda c: c.cx + c.r)
        vx = end.cx + end.r / math.cos(math.pi / 32)
        off = r + 1e-7 + rng.uniform(-2e-9, 2e-9)
        return o, t, Disc(vx + off, end.cy, r)
    end = rng.choice([o, t])
    k, s = rng.randrange(32), rng.uniform(0, 1)
    step, big = 2 * math.pi / 32, end.r / math.cos(math.pi / 32)
    ax, ay = end.cx + big * math.cos(k * step), end.cy + big * math.sin(k * step)
    bx, by = end.cx + big * math.cos(k * step + step), end.cy + big * math.sin(k * step + step)
    nx, ny = math.cos(k * step + step / 2), math.sin(k * step + step / 2)
    base = rng.choice([0.0, 1e-7, 1e-7 * math.cos(math.pi / 32)])
    off = r + base + rng.uniform(-1, 1) * rng.choice([1e-8, 1e-9, 1e-10])
    px, py = ax + s * (bx - ax), ay + s * (by - ay)
    return o, t, Disc(px + off * nx, py + off * ny, r)


def test_disc_test_agrees_with_the_shapely_hull() -> None:
    rng = random.Random(12)
    decided = {True: 0, False: 0}
    for n in range(12000):
        o, t, d = _case(rng) if n % 2 else _edge_case(rng)
        got = disc_meets_hull(o, t, d)
        if got is None:
            continue
        prob = SightProblem(Prism(o, 0.0, 1.0), Prism(t, 0.0, 1.0))
        hull = _hull(prob)
        assert got == _meets_all(hull, hull.bounds, [d])[0], (o, t, d)
        decided[got] += 1
    assert decided[True] > 1500 and decided[False] > 500
