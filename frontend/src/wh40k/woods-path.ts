// Whether a planned move touches woods, so the page shows the limit the referee will apply: a
// Normal, Advance or Fall Back move of a unit whose path takes a base over a woods footprint gets
// 2" less (rules decisions R5, R36; the server's `paths.over_woods`: the base's footprint swept
// along the path). Pure plane geometry on the plan's waypoints.

import { footprint, reach } from "../geometry/base-footprint";
import { insidePolygon } from "../geometry/polygon";
import { type Point, pointSegment, rotate } from "../geometry/vec";
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

/**
 * Whether a base moved along the path at its facing passes over the polygon, as the server's
 * swept footprint decides it (rules decision R36). An oval is exact: in the frame where it is a
 * unit circle (turned back by its facing, each axis scaled by its semi-axis) the swept oval is a
 * swept unit disc and the polygon is still a polygon. A hull is held by its reach's circle.
 */
export function baseTouches(path: readonly Point[], base: Base, facing: number, polygon: readonly Point[]): boolean {
  const f = footprint(base);
  if (f.kind !== "ellipse") return pathTouches(path, reach(base), polygon);
  const unit = (p: Point): Point => {
    const r = rotate(p, -facing);
    return { x: r.x / f.along, y: r.y / f.across };
  };
  return pathTouches(path.map(unit), 1, polygon.map(unit));
}
