"""Benchmark: the exact visibility matrix against a vectorised 81-ray sampler (same rules).

A seeded 60"x44" wh40k-10e table, 100 vs 100 models on 32 mm bases, 30 terrain features (mostly
ruins). The baseline samples 9 points per base (centre and 8 on the rim), tests the 81 segments
of every pair against the terrain with numpy, and calls a pair visible if any segment is clear,
with the same ruins rule. ``baseline`` only tests the segments of pairs whose box meets the
piece's box; ``baseline_unpruned`` (the first version) scans every segment for every piece. Both
give the same answer (asserted). Prints JSON; asserts that the exact matrix finds every pair the
baseline finds. Run: ``.venv/bin/python bench/los_matrix.py``.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from vantage.engine.table import Model, Table, TerrainPiece, Unit
from vantage.geometry.shapes import CircleBase
from vantage.rules.common.systems import geometry_for

SEED = 20240611
RADIUS = 32 / 50.8


def make_table(seed: int = SEED) -> Table:
    """The benchmark table: 30 features (22 ruins, 4 buildings, 2 barricades, 2 craters)."""
    rng = random.Random(seed)
    kinds = ["ruins"] * 22 + ["building"] * 4 + ["barricade"] * 2 + ["crater"] * 2
    terrain = []
    for k, kind in enumerate(kinds):
        w, d = rng.uniform(3, 8), rng.uniform(3, 8)
        if kind == "barricade":
            w, d = rng.uniform(3, 6), 0.6
        x, y = rng.uniform(0, 60 - w), rng.uniform(0, 44 - d)
        height = {"ruins": 6.0, "building": 6.0, "barricade": 1.2, "crater": 0.5}[kind]
        terrain.append(
            TerrainPiece(
                id=f"t{k}",
                kind=kind,
                height=height,
                polygon=((x, y), (x + w, y), (x + w, y + d), (x, y + d)),
            )
        )
    units = {}
    models = {}
    for player in ("p1", "p2"):
        for u in range(10):
            uid = f"{player}u{u}"
            units[uid] = Unit(id=uid, player=player, keywords=("INFANTRY",))
            cx, cy = rng.uniform(4, 56), rng.uniform(4, 40)
            for m in range(10):
                mid = f"{uid}m{m}"
                models[mid] = Model(
                    id=mid,
                    unit=uid,
                    base=CircleBase(diameter_mm=32),
                    x=min(59.3, max(0.7, cx + rng.uniform(-4, 4))),
                    y=min(43.3, max(0.7, cy + rng.uniform(-4, 4))),
                    height=1.6,
                )
    return Table(
        width=60, depth=44, players=("p1", "p2"), units=units, models=models, terrain=tuple(terrain)
    )


def baseline_unpruned(table: Table) -> dict[str, set[str]]:
    """81 sampled segments per pair, vectorised, every segment against every piece."""
    obs = [m for m in table.models.values() if table.units[m.unit].player == "p1"]
    tgt = [m for m in table.models.values() if table.units[m.unit].player == "p2"]
    ang = np.linspace(0, 2 * np.pi, 8, endpoint=False)
    offs = np.concatenate([[[0.0, 0.0]], RADIUS * np.c_[np.cos(ang), np.sin(ang)]])
    po = np.array([[m.x, m.y] for m in obs])[:, None, :] + offs[None]  # (O, 9, 2)
    pt = np.array([[m.x, m.y] for m in tgt])[:, None, :] + offs[None]
    no, nt = len(obs), len(tgt)
    a = np.broadcast_to(po[:, None, :, None, :], (no, nt, 9, 9, 2)).reshape(-1, 2)
    b = np.broadcast_to(pt[None, :, None, :, :], (no, nt, 9, 9, 2)).reshape(-1, 2)
    blocked = np.zeros(len(a), dtype=bool)
    for piece in table.terrain:
        if piece.kind not in ("ruins", "building"):
            continue
        xs = [p[0] for p in piece.polygon]
        ys = [p[1] for p in piece.polygon]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        cand = ~blocked & (np.minimum(a[:, 0], b[:, 0]) < x1) & (np.maximum(a[:, 0], b[:, 0]) > x0)
        cand &= (np.minimum(a[:, 1], b[:, 1]) < y1) & (np.maximum(a[:, 1], b[:, 1]) > y0)
        idx = np.nonzero(cand)[0]
        pa, pb = a[idx], b[idx]
        d = pb - pa
        with np.errstate(divide="ignore", invalid="ignore"):
            tx = np.stack([(x0 - pa[:, 0]) / d[:, 0], (x1 - pa[:, 0]) / d[:, 0]])
            ty = np.stack([(y0 - pa[:, 1]) / d[:, 1], (y1 - pa[:, 1]) / d[:, 1]])
        tx = np.where(np.isnan(tx), np.inf * np.sign(0.5 - np.arange(2))[:, None], tx)
        ty = np.where(np.isnan(ty), np.inf * np.sign(0.5 - np.arange(2))[:, None], ty)
        lo = np.maximum(np.maximum(tx.min(0), ty.min(0)), 0.0)
        hi = np.minimum(np.minimum(tx.max(0), ty.max(0)), 1.0)
        hit = hi - lo > 1e-9
        if piece.kind == "ruins":
            end_in = (pb[:, 0] >= x0) & (pb[:, 0] <= x1) & (pb[:, 1] >= y0) & (pb[:, 1] <= y1)
            hit &= ~end_in
            oi = np.array(
                [
                    x0 + RADIUS <= m.x <= x1 - RADIUS and y0 + RADIUS <= m.y <= y1 - RADIUS
                    for m in obs
                ]
            )
            hit &= ~np.repeat(oi, nt * 81)[idx]
        blocked[idx[hit]] = True
    seen = ~blocked.reshape(no, nt, 81).all(axis=2)
    return {o.id: {tgt[j].id for j in np.nonzero(seen[i])[0]} for i, o in enumerate(obs)}


def _segments(table: Table) -> tuple[list[Model], list[Model], np.ndarray, np.ndarray]:
    obs = [m for m in table.models.values() if table.units[m.unit].player == "p1"]
    tgt = [m for m in table.models.values() if table.units[m.unit].player == "p2"]
    ang = np.linspace(0, 2 * np.pi, 8, endpoint=False)
    offs = np.concatenate([[[0.0, 0.0]], RADIUS * np.c_[np.cos(ang), np.sin(ang)]])
    po = np.array([[m.x, m.y] for m in obs])[:, None, :] + offs[None]  # (O, 9, 2)
    pt = np.array([[m.x, m.y] for m in tgt])[:, None, :] + offs[None]
    no, nt = len(obs), len(tgt)
    a = np.broadcast_to(po[:, None, :, None, :], (no, nt, 9, 9, 2)).reshape(-1, 2)
    b = np.broadcast_to(pt[None, :, None, :, :], (no, nt, 9, 9, 2)).reshape(-1, 2)
    return obs, tgt, a, b


def baseline(table: Table) -> dict[str, set[str]]:
    """81 sampled segments per pair, vectorised; same terrain rules as the exact engine. Only
    the segments of pairs whose box (both bases) meets a piece's box are tested against it."""
    obs, tgt, a, b = _segments(table)
    no, nt = len(obs), len(tgt)
    ox, oy = np.array([m.x for m in obs]), np.array([m.y for m in obs])
    tx, ty = np.array([m.x for m in tgt]), np.array([m.y for m in tgt])
    px0 = np.minimum(ox[:, None], tx[None]).ravel() - RADIUS
    px1 = np.maximum(ox[:, None], tx[None]).ravel() + RADIUS
    py0 = np.minimum(oy[:, None], ty[None]).ravel() - RADIUS
    py1 = np.maximum(oy[:, None], ty[None]).ravel() + RADIUS
    blocked = np.zeros(len(a), dtype=bool)
    for piece in table.terrain:
        if piece.kind not in ("ruins", "building"):
            continue
        xs = [p[0] for p in piece.polygon]
        ys = [p[1] for p in piece.polygon]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        pairs = np.flatnonzero((px0 < x1) & (px1 > x0) & (py0 < y1) & (py1 > y0))
        idx = (pairs[:, None] * 81 + np.arange(81)).ravel()
        idx = idx[~blocked[idx]]
        pa, pb = a[idx], b[idx]
        lo_x, hi_x = np.minimum(pa[:, 0], pb[:, 0]), np.maximum(pa[:, 0], pb[:, 0])
        lo_y, hi_y = np.minimum(pa[:, 1], pb[:, 1]), np.maximum(pa[:, 1], pb[:, 1])
        cand = (lo_x < x1) & (hi_x > x0) & (lo_y < y1) & (hi_y > y0)
        idx, pa, pb = idx[cand], pa[cand], pb[cand]
        d = pb - pa
        with np.errstate(divide="ignore", invalid="ignore"):
            tx_ = np.stack([(x0 - pa[:, 0]) / d[:, 0], (x1 - pa[:, 0]) / d[:, 0]])
            ty_ = np.stack([(y0 - pa[:, 1]) / d[:, 1], (y1 - pa[:, 1]) / d[:, 1]])
        tx_ = np.where(np.isnan(tx_), np.inf * np.sign(0.5 - np.arange(2))[:, None], tx_)
        ty_ = np.where(np.isnan(ty_), np.inf * np.sign(0.5 - np.arange(2))[:, None], ty_)
        lo = np.maximum(np.maximum(tx_.min(0), ty_.min(0)), 0.0)
        hi = np.minimum(np.minimum(tx_.max(0), ty_.max(0)), 1.0)
        hit = hi - lo > 1e-9
        if piece.kind == "ruins":
            end_in = (pb[:, 0] >= x0) & (pb[:, 0] <= x1) & (pb[:, 1] >= y0) & (pb[:, 1] <= y1)
            hit &= ~end_in
            oi = np.array(
                [
                    x0 + RADIUS <= m.x <= x1 - RADIUS and y0 + RADIUS <= m.y <= y1 - RADIUS
                    for m in obs
                ]
            )
            hit &= ~oi[idx // (nt * 81)]
        blocked[idx[hit]] = True
    seen = ~blocked.reshape(no, nt, 81).all(axis=2)
    return {o.id: {tgt[j].id for j in np.nonzero(seen[i])[0]} for i, o in enumerate(obs)}


ROUNDS = 9


def _timed(fn: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    """Wall times and CPU times (``time.process_time``: this process only, so other processes'
    load on the shared machine shows less) of ``runs`` calls, in ms."""
    wall, cpu = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        c0 = time.process_time()
        fn()
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - t0) * 1000)
    return wall, cpu


def main() -> None:
    table = make_table()
    rules = geometry_for("wh40k-10e")
    exact = rules.visibility_matrix(table, "p1", "p2")
    base = baseline(table)
    assert base == baseline_unpruned(table), "both baselines sample the same segments"
    # rounds of one baseline run and three exact runs, interleaved so that both see the same
    # machine (a shared VM's speed drifts between seconds); every run rebuilds the answer
    exact_wall, exact_cpu_all, base_wall, base_cpu_all = [], [], [], []
    for _ in range(ROUNDS):
        wall, cpu = _timed(lambda: baseline(table), 1)
        base_wall += wall
        base_cpu_all += cpu
        wall, cpu = _timed(lambda: rules.visibility_matrix(table, "p1", "p2"), 3)
        exact_wall += wall
        exact_cpu_all += cpu
    exact_ms, exact_cpu = statistics.median(exact_wall), min(exact_cpu_all)
    base_ms, base_cpu = statistics.median(base_wall), min(base_cpu_all)
    unpruned_ms = statistics.median(_timed(lambda: baseline_unpruned(table), 3)[0])
    cold = make_table()  # a new table object and terrain tuple: no cache is warm
    t0 = time.perf_counter()
    rules.visibility_matrix(cold, "p1", "p2")
    cold_ms = (time.perf_counter() - t0) * 1000
    missed = sum(len(base[o] - set(exact[o])) for o in base)
    extra = sum(len(set(exact[o]) - base[o]) for o in base)
    report = {
        "pairs": 100 * 100,
        "terrain": len(table.terrain),
        "exact_ms_median": round(exact_ms, 1),
        "rounds": ROUNDS,
        "exact_ms_cold_table": round(cold_ms, 1),
        "baseline_ms_median": round(base_ms, 1),
        "baseline_unpruned_ms_median": round(unpruned_ms, 1),
        "speedup": round(base_ms / exact_ms, 1),
        "speedup_vs_unpruned": round(unpruned_ms / exact_ms, 1),
        "exact_cpu_ms_min": round(exact_cpu, 2),
        "baseline_cpu_ms_min": round(base_cpu, 1),
        "speedup_cpu_min": round(base_cpu / exact_cpu, 1),
        "visible_pairs_exact": sum(len(v) for v in exact.values()),
        "visible_pairs_baseline": sum(len(v) for v in base.values()),
        "baseline_pairs_missed_by_exact": missed,
        "pairs_only_exact_finds": extra,
    }
    print(json.dumps(report, indent=2))
    assert missed == 0, "the exact matrix must find every pair the baseline finds"


if __name__ == "__main__":
    main()
