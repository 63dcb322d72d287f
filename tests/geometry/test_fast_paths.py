"""The fast paths answer exactly what the reference search answers, on seeded random scenes.

Reference: ``find_clear_segment(prob, shortcuts=False)`` on ``sight_problem_reference`` (every
model and piece listed, no proofs, the candidate lines one by one in pure Python), and the
visibility matrix built pair by pair from it. Scenes mix round, oval and hull bases, models on
floors and of several heights, ruins, buildings, barricades, woods and obscuring features, and
are checked in each Warhammer 40,000 edition and in Deathmatch.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from bruteforce import segment_clear
from test_sight_bruteforce import random_problem, rect

from vantage.engine.table import Model, Table, TerrainPiece, Unit
from vantage.geometry import plan_scene, sight_matrix
from vantage.geometry.prisms import GROUND, Disc, Prism
from vantage.geometry.shapes import CircleBase, HullBase, OvalBase
from vantage.geometry.sight import SightProblem, Wall, find_clear_segment
from vantage.rules.common.systems import geometry_for
from vantage.rules.common.visibility import sight_problem, sight_problem_reference
from vantage.rules.common.visibility_matrix import _plan_scene, matrix_by_pairs, players_models

EDITIONS = ("wh40k-10e", "wh40k-9e", "wh40k-8e")


def plan_problem(rng: random.Random) -> SightProblem:
    """Round viewers on the table, tall convex obstacles and ruins: the plan-determined case."""
    o = Prism(Disc(rng.uniform(0, 4), rng.uniform(0, 12), rng.choice([0.63, 0.79])), 0, 1.6, "o")
    t = Prism(Disc(rng.uniform(12, 16), rng.uniform(0, 12), 0.63), 0, 1.6, "t")
    blockers, walls = [], []
    for k in range(rng.randint(1, 5)):
        shape = rect(
            rng.uniform(2, 13), rng.uniform(-1, 12), rng.uniform(0.3, 4), rng.uniform(0.3, 4)
        )
        if rng.random() < 0.4:
            blockers.append(Prism(shape, GROUND, 6.0, f"b{k}"))
        else:
            walls.append(Wall(shape, f"w{k}", see_into=rng.random() < 0.7))
    return SightProblem(o, t, tuple(blockers), tuple(walls))


@pytest.mark.parametrize("seed", range(60))
def test_shortcuts_match_the_reference_search(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for make in (plan_problem, plan_problem, random_problem):
        prob = make(rng)
        fast = find_clear_segment(prob)
        ref = find_clear_segment(prob, shortcuts=False)
        assert fast.clear == ref.clear
        assert fast.blocking == ref.blocking
        if fast.clear:
            assert fast.segment is not None and segment_clear(prob, *fast.segment)


def random_table(seed: int) -> Table:
    rng = random.Random(seed)
    units = {
        "A": Unit(id="A", player="p1"),
        "A2": Unit(id="A2", player="p1", keywords=("TOWERING",) if seed % 4 == 0 else ()),
        "B": Unit(id="B", player="p2"),
    }
    bases = [
        CircleBase(diameter_mm=32),
        CircleBase(diameter_mm=40),
        OvalBase(length_mm=60, width_mm=35),
        HullBase(points=((-1.5, -0.8), (1.5, -0.8), (1.5, 0.8), (-1.5, 0.8))),
    ]
    models = {}
    for k in range(8):
        for prefix, unit in (("a", "A" if k % 3 else "A2"), ("b", "B")):
            base = bases[0] if rng.random() < 0.6 else rng.choice(bases)
            mid = f"{prefix}{k}"
            models[mid] = Model(
                id=mid,
                unit=unit,
                base=base,
                x=rng.uniform(1, 29),
                y=rng.uniform(1, 21),
                z=rng.choice([0.0, 0.0, 0.0, 3.0]),
                height=rng.choice([1.6, 1.6, 2.5]),
                facing=rng.uniform(0, 360),
            )
    terrain = []
    for k in range(7):
        x, y = rng.uniform(0, 26), rng.uniform(0, 18)
        w, d = rng.uniform(1, 6), rng.uniform(0.4, 5)
        kind = rng.choice(["ruins", "ruins", "building", "barricade", "woods", "container"])
        terrain.append(
            TerrainPiece(
                id=f"t{k}",
                kind=kind,
                height=rng.choice([1.0, 3.0, 6.0]),
                polygon=((x, y), (x + w, y), (x + w, y + d), (x, y + d)),
                traits=("obscuring",) if rng.random() < 0.3 else (),
            )
        )
    return Table(
        width=30, depth=22, players=("p1", "p2"), units=units, models=models, terrain=tuple(terrain)
    )


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("system", EDITIONS)
def test_table_sight_matches_the_reference(seed: int, system: str) -> None:
    table = random_table(seed)
    rules = geometry_for(system)
    ids = list(table.models)
    for o in ids[::2]:
        for t in ids[1::2]:
            obs, tgt = table.models[o], table.models[t]
            fast = rules.visible(table, o, t)
            if o == t:
                continue
            ref = find_clear_segment(
                sight_problem_reference(table, rules.roles, obs, tgt), shortcuts=False
            )
            assert (fast.clear, fast.blocking) == (ref.clear, ref.blocking), (o, t)
            narrowed = sight_problem(table, rules.roles, obs, tgt)
            full = sight_problem_reference(table, rules.roles, obs, tgt)
            assert narrowed.walls == tuple(w for w in full.walls if w in narrowed.walls)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("system", (*EDITIONS, "deathmatch"))
def test_matrix_matches_the_reference(seed: int, system: str) -> None:
    table = random_table(100 + seed)
    rules = geometry_for(system)

    def seen(o: str, t: str) -> bool:
        if system == "deathmatch":
            return rules.visible(table, o, t).clear
        prob = sight_problem_reference(table, rules.roles, table.models[o], table.models[t])
        return find_clear_segment(prob, shortcuts=False).clear

    assert rules.visibility_matrix(table, "p1", "p2") == matrix_by_pairs(table, "p1", "p2", seen)


def dense_table(seed: int) -> Table:
    """The benchmark's kind of table, small: round bases in units, ruins they stand in."""
    rng = random.Random(seed)
    units, models, terrain = {}, {}, []
    for player in ("p1", "p2"):
        for u in range(3):
            uid = f"{player}u{u}"
            units[uid] = Unit(id=uid, player=player)
            cx, cy = rng.uniform(3, 27), rng.uniform(3, 19)
            for m in range(5):
                mid = f"{uid}m{m}"
                models[mid] = Model(
                    id=mid,
                    unit=uid,
                    base=CircleBase(diameter_mm=rng.choice([25, 32, 40])),
                    x=cx + rng.uniform(-3, 3),
                    y=cy + rng.uniform(-3, 3),
                )
    for k in range(9):
        w, d = rng.uniform(1, 5), rng.uniform(1, 5)
        x, y = rng.uniform(0, 30 - w), rng.uniform(0, 22 - d)
        kind = rng.choice(["ruins", "ruins", "ruins", "building"])
        terrain.append(
            TerrainPiece(
                id=f"t{k}",
                kind=kind,
                height=6.0,
                polygon=((x, y), (x + w, y), (x + w, y + d), (x, y + d)),
            )
        )
    return Table(
        width=30, depth=22, players=("p1", "p2"), units=units, models=models, terrain=tuple(terrain)
    )


def mixed_table(seed: int) -> Table:
    """``dense_table`` with units of several heights and the models inside a ruin raised 3":
    other models are obstacles of every kind (lower than both tops, between, taller than both,
    above both), so most pairs have one the plan solver leaves out."""
    table = dense_table(seed)
    rng = random.Random(seed + 1)
    height = {u: rng.choice([1.2, 1.6, 2.5, 3.5, 5.0]) for u in table.units}
    ruins = [t.polygon for t in table.terrain if t.kind == "ruins"]

    def raised(m: Model) -> bool:
        return any(p[0][0] < m.x < p[2][0] and p[0][1] < m.y < p[2][1] for p in ruins)

    models = {
        mid: replace(m, height=height[m.unit], z=3.0 if raised(m) else 0.0)
        for mid, m in table.models.items()
    }
    return replace(table, models=models)


@pytest.mark.parametrize(
    ("make", "seed"),
    [*((dense_table, seed) for seed in range(10)), *((mixed_table, seed) for seed in range(4))],
)
def test_dense_matrix_matches_the_reference(make: Callable[[int], Table], seed: int) -> None:
    table = make(seed)
    rules = geometry_for("wh40k-10e")

    def seen(o: str, t: str) -> bool:
        prob = sight_problem_reference(table, rules.roles, table.models[o], table.models[t])
        return find_clear_segment(prob, shortcuts=False).clear

    assert rules.visibility_matrix(table, "p1", "p2") == matrix_by_pairs(table, "p1", "p2", seen)


def test_plan_answers_stand_beside_the_obstacles_it_leaves_out() -> None:
    """On the mixed tables, the plan solver decides pairs whose box holds an obstacle it left
    out: "blocked" ones (more obstacles block more) and "visible" ones where that obstacle is
    passable for the pair; and some buildings are partial walls, walls only for the pairs
    below their top (the test above checks every answer)."""
    blocked = visible = partial = 0
    for seed in range(4):
        table = mixed_table(seed)
        rules = geometry_for("wh40k-10e")
        obs, tgt = players_models(table, "p1"), players_models(table, "p2")
        radii = [0.5 * m.base.diameter_mm / 25.4 for m in (*obs, *tgt)]  # type: ignore[union-attr]
        scene = _plan_scene(table, rules.roles, obs, tgt, radii)
        grid = sight_matrix.plan_matrix(scene)
        _, _, walls, risky = plan_scene.classify(scene)
        partial += sum(1 for top in walls if top < math.inf)
        flat = [(box, mid, unit, -math.inf, math.inf, math.inf) for box, mid, unit, *_ in risky]
        in_box = plan_scene.mark_risky(flat, scene)  # every left-out obstacle in the way
        blocked += int(((grid == 0) & in_box).sum())
        visible += int(((grid == 1) & in_box).sum())
    assert blocked > 0 and visible > 0 and partial > 0
