// Polygons in table inches.

import type { Point } from "./vec";

/** Whether `p` lies inside the polygon (even-odd rule; a point on an edge may go either way). */
export function insidePolygon(p: Point, poly: readonly Point[]): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i] as Point;
    const b = poly[j] as Point;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}
