// The browser's own estimate of a gap, for the ruler while the pointer moves: the closest points
// of two polygons (a point is a polygon of one vertex). The server's answer replaces it.

import { insidePolygon } from "../../geometry/polygon";
import type { Point } from "../../geometry/vec";

export interface Gap {
  distance: number;
  from: Point;
  to: Point;
}

function closestOnSegment(p: Point, a: Point, b: Point): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return a;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

const orient = (a: Point, b: Point, c: Point): number =>
  Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));

function crossing(a: Point, b: Point, c: Point, d: Point): Point | null {
  if (orient(a, b, c) * orient(a, b, d) >= 0 || orient(c, d, a) * orient(c, d, b) >= 0) return null;
  const den = (b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x);
  const t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / den;
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
}

function segmentGap(a: Point, b: Point, c: Point, d: Point): Gap {
  const hit = crossing(a, b, c, d);
  if (hit) return { distance: 0, from: hit, to: hit };
  const candidates: Gap[] = [
    gapOf(a, closestOnSegment(a, c, d)),
    gapOf(b, closestOnSegment(b, c, d)),
    gapOf(closestOnSegment(c, a, b), c),
    gapOf(closestOnSegment(d, a, b), d),
  ];
  return candidates.reduce((best, g) => (g.distance < best.distance ? g : best));
}

const gapOf = (from: Point, to: Point): Gap => ({
  distance: Math.hypot(to.x - from.x, to.y - from.y),
  from,
  to,
});

const edges = (polygon: readonly Point[]): [Point, Point][] =>
  polygon.length === 1
    ? [[polygon[0] as Point, polygon[0] as Point]]
    : polygon.map((p, i) => [p, polygon[(i + 1) % polygon.length] as Point]);

/** The closest points of two closed polygons; distance 0 where they overlap. */
export function closestPoints(a: readonly Point[], b: readonly Point[]): Gap {
  if (a.length > 2) {
    const v = b.find((p) => insidePolygon(p, a));
    if (v) return { distance: 0, from: v, to: v };
  }
  if (b.length > 2) {
    const v = a.find((p) => insidePolygon(p, b));
    if (v) return { distance: 0, from: v, to: v };
  }
  let best: Gap | null = null;
  for (const [p, q] of edges(a)) {
    for (const [r, s] of edges(b)) {
      const g = segmentGap(p, q, r, s);
      if (best === null || g.distance < best.distance) best = g;
      if (best.distance === 0) return best;
    }
  }
  return best ?? { distance: 0, from: { x: 0, y: 0 }, to: { x: 0, y: 0 } };
}
