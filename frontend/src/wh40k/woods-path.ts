// Whether a planned move touches woods, so the page shows the limit the referee will apply: a
// Normal, Advance or Fall Back move of a unit whose path takes a base over a woods footprint gets
// 2" less (rules decisions R5, R36; the server's `paths.over_woods`: the base's footprint swept
// along the path). Pure plane geometry on the plan's waypoints.

import { footprint, placedHull } from "../geometry/base-footprint";
import { insidePolygon } from "../geometry/polygon";
import { type Point, centroid, pointSegment, rotate } from "../geometry/vec";
import type { Base } from "../protocol/messages";

const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Segment-to-segment distance (0 when they cross). */
function segmentGap(a: Point, b: Point, c: Point, d: Point): number {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b));
}

/** The path (at least two points) swept by a base of this reach meets the polygon. */
export function pathTouches(path: readonly Point[], reach: number, polygon: readonly Point[]): boolean {
  if (path.length < 2 || polygon.length < 3) return false;
  if (path.some((p) => insidePolygon(p, polygon))) return true;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Point;
    const b = path[i] as Point;
    for (let j = 0; j < polygon.length; j++) {
      const c = polygon[j] as Point;
      const d = polygon[(j + 1) % polygon.length] as Point;
      if (segmentGap(a, b, c, d) <= reach) return true;
    }
  }
  return false;
}

/** Whether `p` is inside the polygon and off its edges. */
function strictlyInside(p: Point, poly: readonly Point[]): boolean {
  if (!insidePolygon(p, poly)) return false;
  return poly.every((a, i) => pointSegment(p, a, poly[(i + 1) % poly.length] as Point) > 1e-9);
}

/** Whether two simple polygons share interior points: two edges cross, or a vertex or an edge's
 * midpoint of one lies strictly inside the other. Touching along an edge or at a corner does not
 * count (R36). */
export function polygonsOverlap(a: readonly Point[], b: readonly Point[]): boolean {
  const edges = (poly: readonly Point[]) => poly.map((p, i) => [p, poly[(i + 1) % poly.length] as Point] as const);
  const ea = edges(a);
  const eb = edges(b);
  if (ea.some(([p, q]) => eb.some(([r, s]) => segmentsCross(p, q, r, s)))) return true;
  // each polygon's vertices, edge midpoints and (when inside it, as for a convex one) centroid:
  // the centroid catches two convex polygons that coincide, edges on edges (review s14; the
  // hull's sweep pieces are convex; two equal non-convex outlines are still missed)
  const probes = (poly: readonly Point[], es: readonly (readonly [Point, Point])[]) => {
    const c = centroid(poly);
    return [...es.flatMap(([p, q]) => [p, { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }]), ...(strictlyInside(c, poly) ? [c] : [])];
  };
  return probes(a, ea).some((p) => strictlyInside(p, b)) || probes(b, eb).some((p) => strictlyInside(p, a));
}

/** The polygons a hull (placed at `from`) covers as it is translated to `to`: itself at both
 * ends and the parallelogram each edge sweeps (the server's `sweeps._hull_swept`). */
function hullSweep(hull: readonly Point[], from: Point, to: Point): Point[][] {
  const step = { x: to.x - from.x, y: to.y - from.y };
  const moved = (p: Point): Point => ({ x: p.x + step.x, y: p.y + step.y });
  const quads = hull.map((a, i) => {
    const b = hull[(i + 1) % hull.length] as Point;
    return [a, b, moved(b), moved(a)];
  });
  return [[...hull], hull.map(moved), ...quads.filter((q) => Math.abs(cross(q[0] as Point, q[1] as Point, q[2] as Point)) > 1e-12)];
}

/**
 * Whether a base moved along the path at its facing passes over the polygon, as the server's
 * swept footprint decides it (rules decision R36). An oval is exact: in the frame where it is a
 * unit circle (turned back by its facing, each axis scaled by its semi-axis) the swept oval is a
 * swept unit disc and the polygon is still a polygon. A hull is swept segment by segment as the
 * union of its ends and its edges' parallelograms.
 */
export function baseTouches(path: readonly Point[], base: Base, facing: number, polygon: readonly Point[]): boolean {
  const f = footprint(base);
  if (f.kind !== "ellipse") {
    if (path.length < 2 || polygon.length < 3) return false;
    return path.slice(1).some((to, i) => {
      const from = path[i] as Point;
      return hullSweep(placedHull(f.points, from, facing), from, to).some((piece) => polygonsOverlap(piece, polygon));
    });
  }
  const unit = (p: Point): Point => {
    const r = rotate(p, -facing);
    return { x: r.x / f.along, y: r.y / f.across };
  };
  return pathTouches(path.map(unit), 1, polygon.map(unit));
}
