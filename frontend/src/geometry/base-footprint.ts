// A base's footprint in table inches (scenario-format "Conventions: All systems").

import type { Base } from "../protocol/messages";
import { type Point, rotate } from "./vec";

export type Footprint =
  | { kind: "ellipse"; along: number; across: number }
  | { kind: "polygon"; points: Point[] };

/**
 * The footprint relative to the model's position, before rotation by facing.
 * A circle's radius is diameter_mm / 50.8; an oval's semi-axes are length_mm / 50.8 along the
 * facing and width_mm / 50.8 across it; a hull is its polygon in inches at facing 0.
 */
export function footprint(base: Base): Footprint {
  switch (base.shape) {
    case "circle": {
      const r = base.diameter_mm / 50.8;
      return { kind: "ellipse", along: r, across: r };
    }
    case "oval":
      return { kind: "ellipse", along: base.length_mm / 50.8, across: base.width_mm / 50.8 };
    case "hull":
      return { kind: "polygon", points: base.points.map(([x, y]) => ({ x, y })) };
  }
}

/** The radius of the smallest circle about the model's position that holds its footprint. */
export function reach(base: Base): number {
  const f = footprint(base);
  if (f.kind === "ellipse") return Math.max(f.along, f.across);
  return f.points.reduce((r, p) => Math.max(r, Math.hypot(p.x, p.y)), 0);
}

/** A hull's polygon placed on the table: rotated by facing about the position, then moved. */
export function placedHull(points: readonly Point[], at: Point, facing: number): Point[] {
  return points.map((p) => {
    const r = rotate(p, facing);
    return { x: at.x + r.x, y: at.y + r.y };
  });
}

/** Where the facing tick ends: the footprint's edge straight ahead of the model. */
export function frontDistance(base: Base): number {
  const f = footprint(base);
  if (f.kind === "ellipse") return f.along;
  // The furthest point of the hull along +x at facing 0 (a hull's "front").
  return f.points.reduce((d, p) => Math.max(d, p.x), 0);
}
