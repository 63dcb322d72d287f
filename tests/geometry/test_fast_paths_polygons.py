"""The faster matrix and sight paths against the reference search, beyond axis-aligned rectangles.

- The visibility matrix (blocked one-footprint stage, edge-by-edge chords, filtered candidate
  lines) equals the pair-by-pair reference on tables whose terrain is rotated convex polygons of
  3 to 8 vertices (padding of the packed arrays), with bases of several sizes standing in ruins.
- A sample point of a round target is decided with the target replaced by a rectangle behind
  the tangent at that point (``exposure._own``): the same answer as with the target's own prism,
  by the reference search, on random scenes of every height class.
- Memoised answers are the answers: asking again, and asking with a terrain piece removed that
  does not meet the sight hull, gives what a fresh reference search gives.
"""

from __future__ import annotations

import math
import random

import pytest
from test_sight_bruteforce import random_problem

from vantage.engine.table import Model, Table, TerrainPiece, Unit
from vantage.geometry.exposure import SurfacePoint, _own, facing_points
from vantage.geometry.prisms import Disc, Ellipse, Prism, as_obstacle
from vantage.geometry.shapes import CircleBase
from vantage.geometry.sight import SightProblem, find_clear_segment
from vantage.rules.common.systems import geometry_for
from vantage.rules.common.visibility import sight_problem, sight_problem_reference
from vantage.rules.common.visibility_matrix import matrix_by_pairs


def polygon_table(seed: int) -> Table:
    """Units of round bases among rotated convex polygons (ruins and buildings)."""
    rng = random.Random(seed)
    units: dict[str, Unit] = {}
    models: dict[str, Model] = {}
    for player in ("p1", "p2"):
        for u in range(3):
            uid = f"{player}u{u}"
            units[uid] = Unit(id=uid, player=player)
            cx, cy = rng.uniform(3, 27), rng.uniform(3, 19)
            for m in range(4):
                mid = f"{uid}m{m}"
                models[mid] = Model(
                    id=mid,
                    unit=uid,
                    base=CircleBase(diameter_mm=rng.choice([25, 32, 40, 60])),
                    x=cx + rng.uniform(-3, 3),
                    y=cy + rng.uniform(-3, 3),
                )
    terrain = []
    for k in range(rng.randint(5, 10)):
        cx, cy = rng.uniform(0, 30), rng.uniform(0, 22)
        n = rng.choice([3, 4, 5, 6, 8])
        a, b, turn = rng.uniform(0.8, 3.5), rng.uniform(0.4, 2.5), rng.uniform(0, math.pi)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
        pts = tuple(
            (
                cx + a * math.cos(t) * math.cos(turn) - b * math.sin(t) * math.sin(turn),
                cy + a * math.cos(t) * math.sin(turn) + b * math.sin(t) * math.cos(turn),
            )
            for t in angles
        )
        kind = rng.choice(["ruins", "ruins", "ruins", "building"])
        terrain.append(TerrainPiece(id=f"t{k}", kind=kind, height=6.0, polygon=pts))
    return Table(
        width=30, depth=22, players=("p1", "p2"), units=units, models=models, terrain=tuple(terrain)
    )


@pytest.mark.parametrize("seed", range(8))
def test_matrix_on_convex_polygons_matches_the_reference(seed: int) -> None:
    table = polygon_table(500 + seed)
    rules = geometry_for("wh40k-10e")

    def seen(o: str, t: str) -> bool:
        prob = sight_problem_reference(table, rules.roles, table.models[o], table.models[t])
        return find_clear_segment(prob, shortcuts=False).clear

    assert rules.visibility_matrix(table, "p1", "p2") == matrix_by_pairs(table, "p1", "p2", seen)


def _point_problem(prob: SightProblem, point: SurfacePoint, own: Prism) -> SightProblem:
    target = Prism(Disc(point.x, point.y, 0.0), point.z, point.z, prob.target.ident)
    return SightProblem(prob.observer, target, (*prob.blockers, own), prob.walls)


@pytest.mark.parametrize("seed", range(25))
def test_rim_point_rectangle_blocks_what_the_target_blocks(seed: int) -> None:
    rng = random.Random(7000 + seed)
    checked = 0
    for _ in range(3):
        prob = random_problem(rng)
        assert isinstance(prob.target.shape, Disc | Ellipse)
        for point in facing_points(prob.observer, prob.target, rim=12):
            rect = _own(prob.target, point)
            if len(point.normals) == 1:
                assert rect.shape != prob.target.shape
            fast = find_clear_segment(_point_problem(prob, point, rect))
            ref = find_clear_segment(
                _point_problem(prob, point, as_obstacle(prob.target)), shortcuts=False
            )
            assert fast.clear == ref.clear, (point, prob)
            checked += 1
    assert checked > 0


def test_memoised_answers_equal_fresh_ones() -> None:
    table = polygon_table(42)
    rules = geometry_for("wh40k-10e")
    ids = list(table.models)
    for o in ids[:6]:
        for t in ids[-6:]:
            obs, tgt = table.models[o], table.models[t]
            ref = find_clear_segment(
                sight_problem_reference(table, rules.roles, obs, tgt), shortcuts=False
            )
            for without in ((), *((p.id,) for p in table.terrain)):
                once = find_clear_segment(sight_problem(table, rules.roles, obs, tgt, without))
                again = find_clear_segment(sight_problem(table, rules.roles, obs, tgt, without))
                assert once == again
                fresh = find_clear_segment(
                    sight_problem_reference(table, rules.roles, obs, tgt, without),
                    shortcuts=False,
                )
                assert once.clear == fresh.clear
            assert rules.visible(table, o, t).clear == ref.clear
