"""The scalar search of one pair (``geometry.pair_scalar``) is the numpy search of
``sight_matrix.pair_clear_line`` in plain floats: on random scenes (round bases and point
targets, 1-7 convex footprints of 3-6 vertices, ruins seen into, footprints over the bases) it
must return the very same line, bit for bit, or ``None`` on the same scenes. Fails when the
candidate order or arithmetic drifts, when the reach test skips a footprint a line meets, when a
ruin the target stands in is tested as opaque, or when the numpy path's rim-crossing quirk is
not mirrored."""

from __future__ import annotations

import math
import random

import numpy as np
from test_pair_rounds import _scene

from vantage.geometry import pair_scalar
from vantage.geometry.prisms import Disc, Poly
from vantage.geometry.sight_matrix import pair_clear_line

Scene = tuple[Disc, Disc, list[Poly], list[bool]]


def _scenes(seed: int, n: int) -> list[Scene]:
    rng = random.Random(seed)
    scenes = [_scene(rng) for _ in range(n)]
    points = [(o, Disc(t.cx, t.cy, 0.0), p, s) for o, t, p, s in scenes[: n // 3]]
    return scenes + points


def test_scalar_search_returns_the_numpy_line_bit_for_bit() -> None:
    scenes = _scenes(41, 1500)
    numpy_lines = [pair_clear_line(*s, scalar=False) for s in scenes]
    scalar = [pair_scalar.pair_clear_line_scalar(*s) for s in scenes]
    assert all(decided for decided, _ in scalar)
    assert [line for _, line in scalar] == numpy_lines
    blocked = sum(line is None for line in numpy_lines)
    assert 300 < blocked < len(scenes) - 300  # both kinds of answer
    # ruins seen into that hold the target, and footprints with fewer vertices than others
    assert sum(any(see) for _, _, _, see in scenes) > 500
    assert sum(len({len(p.points) for p in polys}) > 1 for _, _, polys, _ in scenes) > 500


def test_dispatch_keeps_the_answer_on_both_sides_of_the_budget() -> None:
    scenes = _scenes(43, 300)
    expected = [pair_clear_line(*s, scalar=False) for s in scenes]
    assert [pair_clear_line(*s) for s in scenes] == expected
    assert [pair_clear_line(*s, staged=False) for s in scenes] == expected
    over = [pair_scalar.pair_clear_line_scalar(*s, budget=0) for s in scenes]
    # with no budget only first-round answers are decided here; the rest go to numpy
    for (decided, line), want in zip(over, expected, strict=True):
        assert not decided or line == want
    assert 0 < sum(decided for decided, _ in over) < len(scenes)


def test_math_cos_and_sin_are_numpys() -> None:
    """The scalar path takes ``cos`` and ``sin`` from ``math`` (numpy for the others)."""
    angles = np.random.default_rng(5).uniform(-8, 8, 20000)
    assert np.array_equal(np.cos(angles), [math.cos(a) for a in angles.tolist()])
    assert np.array_equal(np.sin(angles), [math.sin(a) for a in angles.tolist()])


def test_reach_circle_holds_the_footprint() -> None:
    rng = random.Random(7)
    for _ in range(200):
        _, _, polys, _ = _scene(rng)
        for p in polys:
            s = pair_scalar._shape(p)
            assert all(math.hypot(x - s.cx, y - s.cy) < s.reach for x, y in p.points)
