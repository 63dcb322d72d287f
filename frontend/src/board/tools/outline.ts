// A base's footprint grown by a distance: every table point within `offset` inches of the base.
// That is what a range ring, an engagement halo or a highlight draws. A circle stays a circle;
// an oval's parallel curve and a hull's rounded offset are sampled as polygons.

import { footprint } from "../../geometry/base-footprint";
import { type Point, rotate } from "../../geometry/vec";
import type { Base } from "../../protocol/messages";

export type Outline =
  | { kind: "circle"; center: Point; radius: number }
  | { kind: "polygon"; points: Point[] };

export interface Placed {
  base: Base;
  at: Point;
  facing: number;
}

/** Samples of an oval's rim (a parallel curve stays smooth with this many). */
const ELLIPSE_SAMPLES = 96;
/** Largest angle between two samples of a hull's rounded corner, radians. */
const ARC_STEP = Math.PI / 24;

/** The footprint of a placed model grown by `offset` inches (0: the footprint itself). */
export function offsetOutline(model: Placed, offset: number): Outline {
  const f = footprint(model.base);
  const place = (p: Point): Point => {
    const r = rotate(p, model.facing);
    return { x: model.at.x + r.x, y: model.at.y + r.y };
  };
  if (f.kind === "ellipse") {
    if (Math.abs(f.along - f.across) < 1e-12) {
      return { kind: "circle", center: model.at, radius: f.along + offset };
    }
    return { kind: "polygon", points: ellipseOffset(f.along, f.across, offset).map(place) };
  }
  return { kind: "polygon", points: roundedOffset(convexHull(f.points), offset).map(place) };
}

/** Points of the curve at distance `offset` outside the ellipse with semi-axes a (x) and b (y). */
export function ellipseOffset(a: number, b: number, offset: number, n = ELLIPSE_SAMPLES): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = (2 * Math.PI * i) / n;
    const c = Math.cos(t);
    const s = Math.sin(t);
    // The outward normal at (a cos t, b sin t) is along (b cos t, a sin t).
    const nx = b * c;
    const ny = a * s;
    const len = Math.hypot(nx, ny) || 1;
    points.push({ x: a * c + (offset * nx) / len, y: b * s + (offset * ny) / len });
  }
  return points;
}

const cross = (o: Point, a: Point, b: Point): number =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** The convex hull, counter-clockwise in a y-up frame (monotone chain). */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  if (sorted.length <= 2) return sorted;
  const half = (list: Point[]): Point[] => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2] as Point, out[out.length - 1] as Point, p) <= 0) {
        out.pop();
      }
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/**
 * A convex polygon (counter-clockwise) grown by `offset`: its edges pushed out, joined by arcs
 * of radius `offset` about each vertex (the Minkowski sum with a disc).
 */
export function roundedOffset(hull: readonly Point[], offset: number): Point[] {
  if (offset <= 0 || hull.length === 0) return [...hull];
  if (hull.length === 1) return circlePoints(hull[0] as Point, offset, ELLIPSE_SAMPLES);
  const n = hull.length;
  const normalAngle = (i: number): number => {
    const p = hull[i % n] as Point;
    const q = hull[(i + 1) % n] as Point;
    // Outward normal of a counter-clockwise edge p→q: (dy, -dx).
    return Math.atan2(-(q.x - p.x), q.y - p.y);
  };
  const out: Point[] = [];
  for (let i = 0; i < n; i += 1) {
    const v = hull[i] as Point;
    const from = normalAngle(i + n - 1);
    let to = normalAngle(i);
    while (to < from) to += 2 * Math.PI;
    const steps = Math.max(1, Math.ceil((to - from) / ARC_STEP));
    for (let k = 0; k <= steps; k += 1) {
      const t = from + ((to - from) * k) / steps;
      out.push({ x: v.x + offset * Math.cos(t), y: v.y + offset * Math.sin(t) });
    }
  }
  return out;
}

export function circlePoints(center: Point, radius: number, n: number): Point[] {
  return Array.from({ length: n }, (_, i) => {
    const t = (2 * Math.PI * i) / n;
    return { x: center.x + radius * Math.cos(t), y: center.y + radius * Math.sin(t) };
  });
}

/** An outline as a closed polygon (a circle sampled finely enough for a distance preview). */
export function outlinePolygon(o: Outline, samples = 72): Point[] {
  return o.kind === "polygon" ? o.points : circlePoints(o.center, o.radius, samples);
}
