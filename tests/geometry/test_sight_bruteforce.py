"""The exact sight search against an independent brute-force sampler.

For random observer/target/obstacle configurations (round and polygonal obstacles of every
height class, plan walls with and without see-into), the exact search must find a clear segment
whenever the sampler finds one, and every witness it returns must be clear when checked with
shapely. Plus hand-made degenerate cases the sampler cannot find (zero-width gaps).
"""

from __future__ import annotations

import random

import pytest
from bruteforce import assert_exact, segment_clear

from vantage.geometry.prisms import GROUND, Disc, Ellipse, Prism, make_poly
from vantage.geometry.sight import SightProblem, Wall, find_clear_segment


def rect(x: float, y: float, w: float, h: float):  # type: ignore[no-untyped-def]
    return make_poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def random_problem(rng: random.Random) -> SightProblem:
    o = Prism(
        Disc(rng.uniform(0, 3), rng.uniform(0, 10), rng.choice([0.63, 0.79, 1.0])),
        0,
        rng.choice([1.6, 1.6, 3, 6]),
        "o",
    )
    t_lo = rng.choice([0, 0, 2])
    t_shape = (
        Disc(rng.uniform(9, 12), rng.uniform(0, 10), 0.63)
        if rng.random() < 0.7
        else Ellipse(rng.uniform(9, 12), rng.uniform(0, 10), 1.2, 0.6, rng.uniform(0, 3))
    )
    t = Prism(t_shape, t_lo, t_lo + rng.choice([1.6, 2.5]), "t")
    blockers: list[Prism] = []
    walls: list[Wall] = []
    for k in range(rng.randint(1, 4)):
        x, y = rng.uniform(3, 8), rng.uniform(0, 10)
        kind = rng.random()
        if kind < 0.4:
            blockers.append(
                Prism(
                    rect(x, y, rng.uniform(0.2, 2), rng.uniform(0.5, 4)),
                    GROUND,
                    rng.choice([1.2, 1.6, 2, 5, 8]),
                    f"p{k}",
                )
            )
        elif kind < 0.7:
            blockers.append(
                Prism(
                    Disc(x, y, rng.uniform(0.5, 1.2)),
                    rng.choice([GROUND, 1.0]),
                    rng.choice([1.6, 2.5, 4]),
                    f"m{k}",
                )
            )
        else:
            walls.append(
                Wall(
                    rect(x, y, rng.uniform(0.3, 3), rng.uniform(0.5, 4)),
                    f"w{k}",
                    see_into=rng.random() < 0.5,
                )
            )
    return SightProblem(o, t, tuple(blockers), tuple(walls))


@pytest.mark.parametrize("seed", range(40))
def test_exact_never_misses_and_witness_is_clear(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        assert_exact(random_problem(rng), rim=12, heights=3)


def test_zero_width_gap_between_touching_walls_is_clear() -> None:
    o = Prism(Disc(0, 5, 0.63), 0, 1.6)
    t = Prism(Disc(20, 5, 0.63), 0, 1.6)
    walls = (Wall(rect(8, 0, 4, 5), "a"), Wall(rect(8, 5, 4, 5), "b"))
    assert find_clear_segment(SightProblem(o, t, (), walls)).clear


def test_corner_touching_walls_leave_a_diagonal() -> None:
    o = Prism(Disc(0, 0, 0.5), 0, 1.6)
    t = Prism(Disc(10, 10, 0.5), 0, 1.6)
    walls = (Wall(rect(3, 5, 2, 4), "a"), Wall(rect(5, 1, 4, 4), "b"))  # touch at (5, 5)
    sight = find_clear_segment(SightProblem(o, t, (), walls))
    assert sight.clear
    assert sight.segment is not None


def test_equal_heights_graze_and_taller_blocks() -> None:
    o = Prism(Disc(0, 0, 0.63), 0, 1.6)
    t = Prism(Disc(10, 0, 0.63), 0, 1.6)
    wall = Prism(rect(4, -3, 1, 6), GROUND, 1.6)
    assert find_clear_segment(SightProblem(o, t, (wall,))).clear
    taller = Prism(rect(4, -3, 1, 6), GROUND, 1.6001)
    assert not find_clear_segment(SightProblem(o, t, (taller,))).clear


def test_segment_passes_over_lower_obstacle_from_above() -> None:
    o = Prism(Disc(0, 0, 0.63), 6, 7.6)  # on a floor
    t = Prism(Disc(10, 0, 0.63), 0, 1.6)
    wall = Prism(rect(7, -3, 0.5, 6), GROUND, 3.0)
    sight = find_clear_segment(SightProblem(o, t, (wall,)))
    assert sight.clear and sight.segment is not None
    assert segment_clear(SightProblem(o, t, (wall,)), *sight.segment)
