// Gaps between convex polygons in linear time (the snap of a charge measures thousands of them
// on every pointer move). Two convex polygons A (placed at `a`) and B (at `b`) overlap exactly
// when a − b lies in B ⊕ (−A), their Minkowski difference; their gap is the distance from a − b
// to that polygon. The difference of two shapes is made once and reused wherever they are.

import type { Point } from "./vec";

const cross = (ax: number, ay: number, bx: number, by: number): number => ax * by - ay * bx;

/** The polygon counter-clockwise (positive area), starting at its lowest (then leftmost) vertex. */
export function normalized(poly: readonly Point[]): Point[] {
  let area = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i] as Point;
    const q = poly[(i + 1) % poly.length] as Point;
    area += cross(p.x, p.y, q.x, q.y);
  }
  const ccw = area < 0 ? [...poly].reverse() : [...poly];
  let low = 0;
  for (let i = 1; i < ccw.length; i++) {
    const p = ccw[i] as Point;
    const l = ccw[low] as Point;
    if (p.y < l.y || (p.y === l.y && p.x < l.x)) low = i;
  }
  return [...ccw.slice(low), ...ccw.slice(0, low)];
}

/** The Minkowski sum of two convex polygons, each normalized (counter-clockwise, lowest first). */
export function minkowskiSum(p: readonly Point[], q: readonly Point[]): Point[] {
  const n = p.length;
  const m = q.length;
  const out: Point[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const a = p[i % n] as Point;
    const b = q[j % m] as Point;
    out.push({ x: a.x + b.x, y: a.y + b.y });
    if (i === n) j++;
    else if (j === m) i++;
    else {
      const a1 = p[(i + 1) % n] as Point;
      const b1 = q[(j + 1) % m] as Point;
      const c = cross(a1.x - a.x, a1.y - a.y, b1.x - b.x, b1.y - b.y);
      if (c >= 0) i++;
      if (c <= 0) j++;
    }
  }
  return out;
}

/** B ⊕ (−A) for two convex shapes about their own positions (any orientation). */
export function difference(a: readonly Point[], b: readonly Point[]): Point[] {
  return minkowskiSum(normalized(b), normalized(a.map((p) => ({ x: -p.x, y: -p.y }))));
}

/** The distance from `p` to a normalized convex polygon: 0 inside or on it. Only the edges
 * that face `p` are measured: the nearest point of a convex polygon lies on one of them. */
export function convexDistance(p: Point, poly: readonly Point[]): number {
  const n = poly.length;
  let inside = n >= 3;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const a = poly[i] as Point;
    const b = poly[i + 1 === n ? 0 : i + 1] as Point;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const px = p.x - a.x;
    const py = p.y - a.y;
    if (n >= 3 && cross(dx, dy, px, py) >= 0) continue;
    inside = false;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
    const ex = px - t * dx;
    const ey = py - t * dy;
    best = Math.min(best, ex * ex + ey * ey);
  }
  return inside ? 0 : Math.sqrt(best);
}

/** The gap between convex shape A placed at `a` and convex shape B placed at `b`, given
 * `diff` = difference(A, B) (0 where they overlap). */
export const convexGap = (a: Point, b: Point, diff: readonly Point[]): number =>
  convexDistance({ x: a.x - b.x, y: a.y - b.y }, diff);
