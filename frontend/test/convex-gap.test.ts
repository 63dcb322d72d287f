import { describe, expect, it } from "vitest";
import { closestPoints } from "../src/board/tools/closest-points";
import { offsetOutline, outlinePolygon } from "../src/board/tools/outline";
import { convexDistance, convexGap, difference, minkowskiSum, normalized } from "../src/geometry/convex-gap";
import type { Base } from "../src/protocol/messages";
import type { Point } from "../src/geometry/vec";

// r4 review #1: the snap of a charge measured oval and hull bases by every edge against every
// edge (96 x 96) for every model on the table, and froze the page. The Minkowski difference
// gives the same gap in linear time.

const outline = (base: Base, facing: number): Point[] => outlinePolygon(offsetOutline({ base, at: { x: 0, y: 0 }, facing }, 0), 96);
const moved = (poly: readonly Point[], at: Point): Point[] => poly.map((p) => ({ x: p.x + at.x, y: p.y + at.y }));

const BASES: Base[] = [
  { shape: "oval", length_mm: 60, width_mm: 35 },
  { shape: "oval", length_mm: 170, width_mm: 105 },
  { shape: "circle", diameter_mm: 32 },
  { shape: "hull", points: [[2, 1.2], [2, -1.2], [-2, -1.2], [-2, 1.2], [2.6, 0]] },
];

describe("convex gap", () => {
  it("a square's Minkowski sum with itself is the square twice the size", () => {
    const sq = normalized([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }]);
    const sum = minkowskiSum(sq, sq);
    expect(sum).toEqual([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }, { x: 0, y: 2 }]);
    expect(convexDistance({ x: 1, y: 1 }, sum)).toBe(0);
    expect(convexDistance({ x: 3, y: 1 }, sum)).toBeCloseTo(1, 12);
    expect(convexDistance({ x: 3, y: 3 }, sum)).toBeCloseTo(Math.SQRT2, 12);
  });

  it("agrees with the closest points of the two outlines, for ovals, circles and hulls at any facing", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let k = 0; k < 300; k++) {
      const a = BASES[k % BASES.length] as Base;
      const b = BASES[Math.floor(k / BASES.length) % BASES.length] as Base;
      const fa = Math.floor(rnd() * 360);
      const fb = Math.floor(rnd() * 360);
      const pa = { x: rnd() * 8, y: rnd() * 8 };
      const pb = { x: rnd() * 8, y: rnd() * 8 };
      const oa = outline(a, fa);
      const ob = outline(b, fb);
      const want = closestPoints(moved(oa, pa), moved(ob, pb)).distance;
      expect(convexGap(pa, pb, difference(oa, ob))).toBeCloseTo(want, 9);
    }
  });
});
