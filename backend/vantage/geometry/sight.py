"""Exact line of sight between two prisms past opaque prisms and plan walls.

The model (scenario-format "Conventions", Warhammer 40,000): the observer and the target are
vertical prisms; a sight segment joins a point of one to a point of the other and is blocked only
where it passes through the *interior* of an obstacle prism (touching an edge or grazing a top
face is clear). A *wall* is a plan-only rule: a segment whose plan crosses the wall's footprint
interior is blocked (10th-edition ruins, 9th-edition obscuring), unless ``see_into`` and the
segment's target point lies in the footprint.

Search (see docs/geometry.md): a segment is fixed by its plan line and its profile in the
vertical plane above that line. Along one plan line the problem is two-dimensional: closed
rectangles (observer, target) and open rectangles (obstacles); a clear segment exists iff one
exists through two rectangle corners, so :func:`solve_vertical` is exact. The plan lines tried
are the extremal ones: through two feature points (obstacle vertices, boundary crossings), through
a point and tangent to a round figure, and tangent to two round figures. When every obstacle is
either passable by every segment or blocks every segment that crosses its plan, the feasible plan
lines form a region whose vertices are exactly these lines, so the search is complete. When
heights matter (an obstacle of intermediate height, or one raised off the table), the search over
boxes of plan lines (``geometry.line_boxes``) and then the shadow search over cells of target
points (``geometry.cell_search``) prove the answer; a dense family of plan lines is the last
resort when neither decides within its budget.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import islice, pairwise
from typing import TypeVar

import numpy as np
import shapely
from shapely.geometry import Polygon

from vantage.geometry import line_boxes
from vantage.geometry.alone import blocks_alone, disc_gap
from vantage.geometry.candidates import iter_candidate_lines
from vantage.geometry.cell_search import CellSearch
from vantage.geometry.hull_filter import capsule_meets, disc_meets_hull, misses_hull
from vantage.geometry.lines import (
    Interval,
    Line,
    bitangents,
    chords,
    line_through,
)
from vantage.geometry.prisms import (
    Disc,
    Poly,
    Prism,
    Shape,
    bbox,
    centre,
    nothing_passes_under,
    reach,
    to_polygon,
)
from vantage.geometry.sight_matrix import pair_clear_line
from vantage.geometry.units import TOL
from vantage.geometry.vertical import Rect, solve_vertical

Point3 = tuple[float, float, float]
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Wall:
    """A plan-only sight rule: crossing the footprint's interior blocks."""

    shape: Poly
    ident: str
    see_into: bool = False


@dataclass(frozen=True, slots=True)
class Sight:
    """A sight answer with its witness: a clear segment, or the obstacles in the way."""

    clear: bool
    segment: tuple[Point3, Point3] | None = None
    blocking: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SightProblem:
    """Observer and target prisms, obstacle prisms (open interiors) and plan walls."""

    observer: Prism
    target: Prism
    blockers: tuple[Prism, ...] = ()
    walls: tuple[Wall, ...] = ()
    dense: bool = field(default=False)


# ---------------------------------------------------------------------------------------------
# one plan line


def _wall_pieces(
    b_rng: Interval, walls: list[tuple[Wall, list[Interval], list[Interval]]]
) -> list[Interval]:
    cuts = {b_rng[0], b_rng[1]}
    for _wall, opens, closeds in walls:
        for lo, hi in opens + closeds:
            for s in (lo, hi):
                if b_rng[0] < s < b_rng[1]:
                    cuts.add(s)
    pts = sorted(cuts)
    pieces = [(s, s) for s in pts]
    pieces += list(pairwise(pts))
    return pieces


def solve_line(
    prob: SightProblem, line: Line, blockers: list[Prism], walls: list[Wall]
) -> tuple[Point3, Point3] | None:
    """A clear segment whose plan lies on ``line``, or ``None`` (exact for this line)."""
    oc = chords(prob.observer.shape, line, closed=True)
    tc = chords(prob.target.shape, line, closed=True)
    if not oc or not tc:
        return None
    px, py, dx, dy = line
    sign = 1.0 if (oc[0][0] + oc[-1][1]) <= (tc[0][0] + tc[-1][1]) else -1.0

    def flip(iv: Interval) -> Interval:
        return iv if sign > 0 else (-iv[1], -iv[0])

    rects: list[Rect] = []
    for prism in blockers:
        for iv in chords(prism.shape, line, closed=False):
            s0, s1 = flip(iv)
            rects.append((s0, s1, prism.lo, prism.hi))
    wall_chords = [
        (
            w,
            [flip(iv) for iv in chords(w.shape, line, closed=False)],
            [flip(iv) for iv in chords(w.shape, line, closed=True)],
        )
        for w in walls
    ]
    wall_chords = [wc for wc in wall_chords if wc[1]]
    zo = (prob.observer.lo, prob.observer.hi)
    zt = (prob.target.lo, prob.target.hi)
    for a_iv in (flip(iv) for iv in oc):
        for b_iv in (flip(iv) for iv in tc):
            for piece in _wall_pieces(b_iv, wall_chords):
                a_rng = _allowed_a(a_iv, piece, wall_chords)
                if a_rng is None:
                    continue
                found = solve_vertical(a_rng, piece, zo, zt, rects)
                if found is not None:
                    a, za, b, zb = found
                    a, b = a * sign, b * sign
                    return (px + a * dx, py + a * dy, za), (px + b * dx, py + b * dy, zb)
    return None


def _allowed_a(
    a_iv: Interval, piece: Interval, walls: list[tuple[Wall, list[Interval], list[Interval]]]
) -> Interval | None:
    """Observer positions whose segment to the target piece crosses no wall it may not cross."""
    mid_b = (piece[0] + piece[1]) / 2
    lo, hi = a_iv
    for wall, opens, closeds in walls:
        if wall.see_into and any(c0 <= mid_b <= c1 for c0, c1 in closeds):
            continue
        for u0, u1 in opens:
            if u0 < mid_b < u1:
                return None
            if u1 <= mid_b + 1e-12:
                lo = max(lo, u1)
            elif u0 >= mid_b - 1e-12:
                hi = min(hi, u0)
    if lo > hi:
        return None
    return lo, hi


# ---------------------------------------------------------------------------------------------
# the search


_RING = np.exp(2j * np.pi * np.arange(32) / 32) / math.cos(math.pi / 32)


def _hull(prob: SightProblem) -> Polygon:
    """The convex hull of both footprints (round ones circumscribed by 32-gons), grown 1e-7."""
    o, t = prob.observer.shape, prob.target.shape
    if isinstance(o, Disc) and isinstance(t, Disc):
        ring = np.concatenate([o.cx + 1j * o.cy + o.r * _RING, t.cx + 1j * t.cy + t.r * _RING])
        pts = shapely.multipoints(np.column_stack([ring.real, ring.imag]))
        return shapely.convex_hull(pts).buffer(1e-7)
    a = to_polygon(o, 32, outer=True)
    b = to_polygon(t, 32, outer=True)
    return shapely.convex_hull(shapely.union(a, b)).buffer(1e-7)


def relevant(prob: SightProblem) -> tuple[list[Prism], list[Wall]]:
    """The obstacles that can meet some sight segment (plan hull and height range).

    Between round bases most footprints are settled against two capsules that bound the hull
    (``geometry.hull_filter``, closed form with a margin); the rest, and every footprint when a
    base is not round, are tested against the shapely hull."""
    zmin = min(prob.observer.lo, prob.target.lo)
    zmax = max(prob.observer.hi, prob.target.hi)
    tall = [b for b in prob.blockers if b.hi > zmin + TOL and b.lo < zmax - TOL]
    shapes = [b.shape for b in tall] + [w.shape for w in prob.walls]
    meets = _hull_meets(prob, shapes)
    keep = [b for b, k in zip(tall, meets, strict=False) if k]
    return keep, [w for w, k in zip(prob.walls, meets[len(tall) :], strict=True) if k]


def relevant_reference(prob: SightProblem) -> tuple[list[Prism], list[Wall]]:
    """``relevant`` with every footprint tested against the shapely hull (for tests)."""
    zmin = min(prob.observer.lo, prob.target.lo)
    zmax = max(prob.observer.hi, prob.target.hi)
    tall = [b for b in prob.blockers if b.hi > zmin + TOL and b.lo < zmax - TOL]
    hull = _hull(prob)
    keep = _meets_all(hull, hull.bounds, [b.shape for b in tall])
    walls = _meets_all(hull, hull.bounds, [w.shape for w in prob.walls])
    return [b for b, k in zip(tall, keep, strict=True) if k], [
        w for w, k in zip(prob.walls, walls, strict=True) if k
    ]


_HULLS: OrderedDict[object, dict[int, tuple[Shape, bool]]] = OrderedDict()


def _hull_meets(prob: SightProblem, shapes: list[Shape]) -> list[bool]:
    """Whether each footprint meets the viewers' hull. Remembered per viewer footprints, by the
    footprint's identity (the entry holds the footprint, so the identity cannot be reused):
    cover asks the same pair again with one piece removed at a time."""
    o, t = prob.observer.shape, prob.target.shape
    if not shapes:
        return []
    seen = memo_get(_HULLS, (o, t))
    if seen is None:
        seen = memo_put(_HULLS, (o, t), {}, 256)
    known: list[bool | None] = [None] * len(shapes)
    for i, shape in enumerate(shapes):
        hit = seen.get(id(shape))
        if hit is not None and hit[0] is shape:
            known[i] = hit[1]
    new = todo = [i for i, k in enumerate(known) if k is None]
    if todo and isinstance(o, Disc) and isinstance(t, Disc):
        for i, k in zip(todo, capsule_meets(o, t, [shapes[i] for i in todo]), strict=True):
            known[i] = k
        for i in todo:  # beside the hull (a separating line), or a disc by its nearest 32-gon
            shape = shapes[i]
            if known[i] is None and isinstance(shape, Disc | Poly) and misses_hull(o, t, shape):
                known[i] = False
            if known[i] is None and isinstance(shape, Disc):
                known[i] = disc_meets_hull(o, t, shape)
        todo = [i for i in todo if known[i] is None]
    if todo:
        hull = _hull(prob)
        for i, k in zip(
            todo, _meets_all(hull, hull.bounds, [shapes[i] for i in todo]), strict=True
        ):
            known[i] = k
    if len(seen) < 4096:
        for i in new:
            seen[id(shapes[i])] = (shapes[i], bool(known[i]))
    return [bool(k) for k in known]


def _meets_all(
    hull: Polygon, hb: tuple[float, float, float, float], shapes: list[Shape]
) -> list[bool]:
    """Whether each shape meets the hull: bounding boxes first, then one vectorised test."""
    out = [False] * len(shapes)
    rounds: list[int] = []
    polys: list[int] = []
    for i, shape in enumerate(shapes):
        x0, y0, x1, y1 = bbox(shape)
        if x1 < hb[0] or x0 > hb[2] or y1 < hb[1] or y0 > hb[3]:
            continue
        (polys if isinstance(shape, Poly) else rounds).append(i)
    if rounds:
        pts = shapely.points([centre(shapes[i]) for i in rounds])
        gaps = shapely.distance(hull, pts)
        for i, gap in zip(rounds, gaps, strict=True):
            out[i] = bool(gap <= reach(shapes[i]) + 1e-9)
    if polys:
        hits = shapely.intersects(hull, [shapely_polygon(shapes[i]) for i in polys])
        for i, hit in zip(polys, hits, strict=True):
            out[i] = bool(hit)
    return out


def shapely_polygon(shape: Shape) -> Polygon:
    """A (cached) shapely polygon of a footprint polygon."""
    assert isinstance(shape, Poly)
    return _cached_polygon(shape)


@lru_cache(maxsize=8192)
def _cached_polygon(poly: Poly) -> Polygon:
    return Polygon(poly.points)


def needs_dense(prob: SightProblem, blockers: list[Prism]) -> bool:
    """Whether some obstacle neither always blocks nor is always passable (see docstring)."""
    return any(not (_passable(prob, b) or _full(prob, b)) for b in blockers)


def _full(prob: SightProblem, b: Prism) -> bool:
    """Blocks every segment that crosses its footprint: nothing passes under it and it reaches
    the higher top."""
    high = max(prob.observer.hi, prob.target.hi)
    return nothing_passes_under(b.lo, prob.observer, prob.target) and b.hi >= high - TOL


def _passable(prob: SightProblem, b: Prism) -> bool:
    """Passed above or below by the segment joining the two tops (optimal when no obstacle
    is of intermediate height)."""
    top = min(prob.observer.hi, prob.target.hi)
    high = max(prob.observer.hi, prob.target.hi)
    return b.hi <= top + TOL or b.lo >= high - TOL


def memo_get(cache: OrderedDict[object, _T], key: object) -> _T | None:
    """A bounded LRU lookup (the answers are pure functions of their immutable keys)."""
    found = cache.get(key)
    if found is not None:
        cache.move_to_end(key)
    return found


def memo_put(cache: OrderedDict[object, _T], key: object, value: _T, size: int = 2048) -> _T:
    """Store ``value`` under ``key``, evicting the least recently used entry beyond ``size``."""
    cache[key] = value
    if len(cache) > size:
        cache.popitem(last=False)
    return value


def memo_of(cache: OrderedDict[object, tuple[object, _T]], obj: object) -> _T | None:
    """The answer stored for this very object (keyed by identity; the entry holds the object,
    so its identity cannot be reused while the entry lives)."""
    found = memo_get(cache, id(obj))
    return found[1] if found is not None and found[0] is obj else None


_BY_PROBLEM: OrderedDict[object, tuple[object, Sight]] = OrderedDict()
_BY_NARROWED: OrderedDict[object, Sight] = OrderedDict()


def find_clear_segment(prob: SightProblem, shortcuts: bool = True) -> Sight:
    """Decide sight exactly; the answer carries a clear segment or the obstacles in the way.

    ``shortcuts=False`` is the reference search: no proof that one obstacle blocks on its own
    and no search over boxes of plan lines (the answer is the same; tests compare the two).
    Answers are memoised by the problem object and by the problem narrowed to what meets the
    sight hull (cover asks the same question with each terrain piece removed; most removals
    leave the narrowed problem unchanged)."""
    if not shortcuts:
        return _decide(prob, *relevant(prob), shortcuts=False)
    found = memo_of(_BY_PROBLEM, prob)
    if found is None:
        blockers, walls = relevant(prob)
        narrowed = (prob.observer, prob.target, tuple(blockers), tuple(walls), prob.dense)
        found = memo_get(_BY_NARROWED, narrowed)
        if found is None:
            found = memo_put(_BY_NARROWED, narrowed, _decide(prob, blockers, walls, True))
        memo_put(_BY_PROBLEM, id(prob), (prob, found))
    return found


def _decide(prob: SightProblem, blockers: list[Prism], walls: list[Wall], shortcuts: bool) -> Sight:
    """``find_clear_segment`` once the obstacles meeting the sight hull are known."""
    common = _common_point(prob)
    if common is not None:
        return Sight(True, common)
    if not blockers and not walls:
        line = line_through(centre(prob.observer.shape), centre(prob.target.shape))
        if line is not None:
            seg = solve_line(prob, line, [], [])
            if seg is not None:
                return Sight(True, seg)
    dense = prob.dense or needs_dense(prob, blockers)
    named = blockers if dense else [b for b in blockers if not _passable(prob, b)]
    ids = tuple(sorted({b.ident for b in named} | {w.ident for w in walls}))
    if dense and not prob.dense:
        blockers = _outside_walls(prob, blockers, walls)
        dense = needs_dense(prob, blockers)
    observer, target = prob.observer, prob.target
    if not dense:  # plan-determined: the segment joining the tops is optimal
        blockers = [b for b in blockers if not _passable(prob, b)]
        observer = replace(observer, lo=observer.hi)
        target = replace(target, lo=target.hi)
    search = SightProblem(observer, target, prob.blockers, prob.walls, dense)
    if shortcuts and not dense:
        found = _plan_shortcut(search, blockers, walls)
        if found is not None:
            return Sight(True, found) if found else Sight(False, None, ids)
    shapes: list[Shape] = [b.shape for b in blockers] + [w.shape for w in walls]
    lines = iter_candidate_lines(search, shapes)
    cells = boxes = None
    if dense:  # the first lines, then boxes of plan lines, then a few cells (the rare rest)
        seg = _first_clear(search, islice(lines, EARLY_LINES), blockers, walls)
        if seg is not None:
            return Sight(True, seg)
        if shortcuts and _full_ones_block(search, blockers, walls):
            return Sight(False, None, ids)
        boxes = _line_boxes(search, blockers, walls) if shortcuts else None
        decided = _run_boxes(boxes, search, blockers, walls, LINE_BOXES)
        if decided is not None:
            return Sight(True, decided) if decided else Sight(False, None, ids)
        cells = CellSearch(observer, target, blockers, [(w.shape, w.see_into) for w in walls])
        decided = _cell_search(search, cells, blockers, walls, CELL_PROBE)
        if decided is not None:
            return Sight(True, decided) if decided else Sight(False, None, ids)
    seg = _first_clear(search, lines, blockers, walls)
    if seg is not None:
        return Sight(True, seg)
    if cells is not None:  # the searches go on where they stopped
        decided = _cell_search(search, cells, blockers, walls, None)
        if decided is None:
            decided = _run_boxes(boxes, search, blockers, walls, LINE_BOXES_LAST)
        if decided is not None:
            return Sight(True, decided) if decided else Sight(False, None, ids)
    return Sight(False, None, ids)


def _full_ones_block(search: SightProblem, blockers: list[Prism], walls: list[Wall]) -> bool:
    """Heights matter, but the obstacles that block every segment crossing their footprint
    (nothing passes under them, and they are not passed over: above the lower top and up to
    the higher one) and the walls already hide the target in plan. Fewer obstacles never hide
    more, so the pair is blocked (a proof; the plan search decides it exactly)."""
    o, t = search.observer, search.target
    full = [b for b in blockers if not _passable(search, b) and _full(search, b)]
    if not full and not walls:
        return False
    tops = SightProblem(replace(o, lo=o.hi), replace(t, lo=t.hi), search.blockers, search.walls)
    return _plan_shortcut(tops, full, walls) == ()


def _first_clear(
    search: SightProblem, lines: Iterable[Line], blockers: list[Prism], walls: list[Wall]
) -> tuple[Point3, Point3] | None:
    """The clear segment on the first of ``lines`` that has one."""
    for line in lines:
        seg = solve_line(search, line, blockers, walls)
        if seg is not None:
            return seg
    return None


def _outside_walls(prob: SightProblem, blockers: list[Prism], walls: list[Wall]) -> list[Prism]:
    """The obstacles not lying inside a wall that blocks every segment crossing it (no see-into
    exemption can reach the target): a segment through such an obstacle's interior crosses the
    wall's interior, so the obstacle changes nothing (a model on a ruin's floor)."""
    closed = [w for w in walls if not (w.see_into and _meets(w.shape, prob.target.shape))]
    if not closed:
        return blockers
    areas = [(shapely_polygon(w.shape), bbox(w.shape)) for w in closed]
    return [b for b in blockers if not any(_covers(a, box, b.shape) for a, box in areas)]


def _covers(area: Polygon, box: tuple[float, float, float, float], shape: Shape) -> bool:
    """The area covers the shape (its bounding box first: most shapes lie outside it)."""
    x0, y0, x1, y1 = bbox(shape)
    if x0 < box[0] or y0 < box[1] or x1 > box[2] or y1 > box[3]:
        return False
    return bool(area.covers(_outer(shape)))


def _meets(wall: Poly, shape: Shape) -> bool:
    return bool(shapely_polygon(wall).intersects(_outer(shape)))


@lru_cache(maxsize=8192)
def _outer(shape: Shape) -> Polygon:
    return shapely_polygon(shape) if isinstance(shape, Poly) else to_polygon(shape, 32, outer=True)


def _plan_shortcut(
    search: SightProblem, blockers: list[Prism], walls: list[Wall]
) -> tuple[Point3, Point3] | tuple[()] | None:
    """Plan-determined sight between round bases: the centre line (the search's first
    candidate), one convex footprint blocking on its own, then the vectorised complete search
    of ``geometry.sight_matrix`` (its first round holds the common tangents, the search's next
    candidates; for a point target, or when a footprint is not a convex polygon, the tangents
    are solved here one by one first). A clear segment, ``()`` when blocked, ``None``:
    undecided (the general search decides)."""
    o, t = search.observer.shape, search.target.shape
    if not (isinstance(o, Disc) and isinstance(t, Disc)) or t.r < 0:
        return None  # a point target (r = 0) is a disc too
    first = line_through((o.cx, o.cy), (t.cx, t.cy))
    if first is not None:
        seg = solve_line(search, first, blockers, walls)
        if seg is not None:
            return seg
    polys = [b.shape for b in blockers] + [w.shape for w in walls]
    packable = bool(polys) and all(isinstance(p, Poly) and p.convex for p in polys)
    if not (packable and t.r > 0):  # a point target: its two tangents are cheap one by one
        for line in bitangents(o, t) if o.r > 0 else []:
            seg = solve_line(search, line, blockers, walls)
            if seg is not None:
                return seg
    if _one_blocks(o, t, blockers, walls):
        return ()
    if not packable:
        return None
    see = [False] * len(blockers) + [w.see_into for w in walls]
    # staged rounds for two bases (most open pairs see along an early line); all lines at once
    # for a point target (a sample of "fully visible" that gets here is mostly hidden)
    witness = pair_clear_line(o, t, polys, see, staged=t.r > 0)  # type: ignore[arg-type]
    if witness is None:
        return ()
    return solve_line(search, witness, blockers, walls)  # None (a tolerance case): full search


EARLY_LINES = 20
"""Candidate lines tried before the cell probe when heights matter: the centre line, the
common tangents of the two bases and the first lines past the obstacles find most clear
segments at a fraction of one cell's cost (docs/performance-geometry.md, "Eighth round")."""
CELL_PROBE = 24
CELL_BUDGET = 200
CELL_BUDGET_HEIGHTS = 40
"""Cells searched: a probe before the candidate lines, then (when they find no clear line) the
search goes on to the whole budget, for plan boxes and for boxes with height intervals."""


def _cell_search(
    search: SightProblem,
    cells: CellSearch,
    blockers: list[Prism],
    walls: list[Wall],
    budget: int | None,
) -> tuple[Point3, Point3] | tuple[()] | None:
    """Sight where heights matter (``geometry.cell_search``): a clear segment, ``()`` when every
    target point is proven hidden, ``None`` when undecided within ``budget`` cells in all (the
    default budget when ``None``)."""

    def check(a: Point3, b: Point3) -> tuple[Point3, Point3] | None:
        line = line_through(a[:2], b[:2])
        return None if line is None else solve_line(search, line, blockers, walls)

    if budget is None:
        budget = CELL_BUDGET if cells.plan_only else CELL_BUDGET_HEIGHTS
    found = cells.run(budget, check)
    return () if found is False else found


LINE_BOXES = 400
LINE_BOXES_LAST = 2000
"""Boxes of plan lines searched (``geometry.line_boxes``) when heights matter: before the cells,
and in all, before "blocked" is answered without a proof (docs/performance-geometry.md)."""


def _line_boxes(
    search: SightProblem, blockers: list[Prism], walls: list[Wall]
) -> line_boxes.LineBoxSearch | None:
    """The search over boxes of plan lines, when the problem is of the kind it handles."""
    return line_boxes.prepare(
        search.observer, search.target, blockers, [(w.shape, w.see_into) for w in walls]
    )


def _run_boxes(
    boxes: line_boxes.LineBoxSearch | None,
    search: SightProblem,
    blockers: list[Prism],
    walls: list[Wall],
    budget: int,
) -> tuple[Point3, Point3] | tuple[()] | None:
    """A clear segment, ``()`` when every plan line is proven blocked, ``None`` when undecided
    within ``budget`` boxes in all (or there is no search)."""
    if boxes is None:
        return None
    found = boxes.run(budget, lambda line: solve_line(search, line, blockers, walls))
    return () if found is False else found


def _one_blocks(o: Shape, t: Shape, blockers: list[Prism], walls: list[Wall]) -> bool:
    """Plan-determined sight between round bases: one convex footprint blocks on its own (a
    ruin only when the target is clearly apart from it, so it cannot be seen into)."""
    if not (isinstance(o, Disc) and isinstance(t, Disc)):
        return False
    for b in blockers:
        if isinstance(b.shape, Poly) and blocks_alone(o, t, b.shape):
            return True
    return any(
        blocks_alone(o, t, w.shape) and (not w.see_into or disc_gap(t, w.shape) > 1e-6)
        for w in walls
        if w.shape.convex
    )


def _common_point(prob: SightProblem) -> tuple[Point3, Point3] | None:
    """A shared point when the two prisms overlap (a zero-length sight segment)."""
    zlo = max(prob.observer.lo, prob.target.lo)
    zhi = min(prob.observer.hi, prob.target.hi)
    if zlo > zhi + TOL:
        return None
    o, t = prob.observer.shape, prob.target.shape
    apart = (
        isinstance(o, Disc)
        and isinstance(t, Disc)
        and math.dist((o.cx, o.cy), (t.cx, t.cy)) > o.r + t.r
    )
    if apart:  # inscribed polygons cannot meet
        return None
    a = to_polygon(prob.observer.shape, 64)
    b = to_polygon(prob.target.shape, 64)
    inter = shapely.intersection(a, b)
    if inter.is_empty:
        return None
    p = inter.representative_point()
    point = (float(p.x), float(p.y), zhi)
    return point, point
