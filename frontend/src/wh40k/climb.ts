// How far a planned path goes, as the referee measures it (backend rules/wh40k10e/paths.py
// `sweep`): the centre's path on the plan, plus climbing — the height change, and for each piece
// of terrain taller than 2" the path crosses without starting or ending on it, up and down again
// (wh40k-10th §2.4, §11 item 17). INFANTRY and BEAST go through ruins; woods and craters are not
// climbed; FLY models measure the straight diagonal through the air instead. Pure.

import type { Point } from "../geometry/vec";
import type { TerrainPiece } from "../protocol/messages";

/** Inches: terrain taller than this is climbed over (paths.py `TALL`). */
export const TALL = 2;

const pathLength = (pts: readonly Point[]): number => {
  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y);
  return total;
};

/** Whether `p` is strictly inside the polygon (not on its rim). */
function strictlyInside(p: Point, poly: readonly Point[]): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (onSegment(p, a, b)) return false;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

function onSegment(p: Point, a: Point, b: Point): boolean {
  const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (Math.abs(cross) > 1e-9 * Math.max(1, len)) return false;
  const dot = (p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y);
  return dot >= -1e-9 && dot <= len * len + 1e-9;
}

/** Where segment p→q meets segment a→b, as the parameter along p→q (null: it does not). */
function meet(p: Point, q: Point, a: Point, b: Point): number | null {
  const r = { x: q.x - p.x, y: q.y - p.y };
  const s = { x: b.x - a.x, y: b.y - a.y };
  const den = r.x * s.y - r.y * s.x;
  if (Math.abs(den) < 1e-12) return null;
  const t = ((a.x - p.x) * s.y - (a.y - p.y) * s.x) / den;
  const u = ((a.x - p.x) * r.y - (a.y - p.y) * r.x) / den;
  return t >= -1e-12 && t <= 1 + 1e-12 && u >= -1e-12 && u <= 1 + 1e-12 ? t : null;
}

/** Whether the polyline passes through the polygon's inside (shapely's `intersects and not
 * touches`): some piece of it, between two crossings of the rim, lies strictly inside. */
export function crossesInside(pts: readonly Point[], poly: readonly Point[]): boolean {
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i - 1]!;
    const q = pts[i]!;
    const ts = [0, 1];
    for (let j = 0, k = poly.length - 1; j < poly.length; k = j++) {
      const t = meet(p, q, poly[k]!, poly[j]!);
      if (t !== null) ts.push(t);
      // A rim corner on the segment splits it too (a colinear edge has no single meeting point).
      for (const c of [poly[j]!]) if (onSegment(c, p, q)) ts.push(projection(c, p, q));
    }
    ts.sort((a, b) => a - b);
    for (let k = 1; k < ts.length; k++) {
      const t = (ts[k - 1]! + ts[k]!) / 2;
      if (ts[k]! - ts[k - 1]! < 1e-9) continue;
      if (strictlyInside({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t }, poly)) return true;
    }
    if (strictlyInside(p, poly) || strictlyInside(q, poly)) return true;
  }
  return false;
}

function projection(c: Point, p: Point, q: Point): number {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const len2 = dx * dx + dy * dy;
  return len2 < 1e-18 ? 0 : ((c.x - p.x) * dx + (c.y - p.y) * dy) / len2;
}

export interface Climbed {
  /** Inches of the distance that are climbing (up and down, or the height change). */
  climb: number;
  /** The tall pieces crossed, each counted twice its height. */
  over: TerrainPiece[];
}

/** The climbing in a path (paths.py `_climb`): `pts` from the start through every waypoint. */
export function climbing(
  terrain: readonly TerrainPiece[],
  keywords: readonly string[],
  pts: readonly Point[],
  zStart: number,
  zEnd: number,
): Climbed {
  const change = Math.abs(zEnd - zStart);
  if (keywords.includes("FLY") || pts.length < 2) return { climb: change, over: [] };
  const throughRuins = keywords.includes("INFANTRY") || keywords.includes("BEAST");
  const over: TerrainPiece[] = [];
  let climb = change;
  for (const piece of terrain) {
    if (piece.height <= TALL || (throughRuins && piece.kind === "ruins")) continue;
    if (piece.kind === "woods" || piece.kind === "crater") continue;
    const poly = piece.polygon.map(([x, y]) => ({ x, y }));
    if (!crossesInside(pts, poly)) continue;
    const endsOn = strictlyInside(pts[pts.length - 1]!, poly) || strictlyInside(pts[0]!, poly);
    if (!endsOn) {
      climb += 2 * piece.height;
      over.push(piece);
    }
  }
  return { climb, over };
}

/** A path's length as the referee counts it (no turning: the plan does not turn bases). */
export function measuredLength(
  terrain: readonly TerrainPiece[],
  keywords: readonly string[],
  pts: readonly Point[],
  zStart: number,
  zEnd: number,
): { length: number; climbed: Climbed } {
  const flat = pathLength(pts);
  if (keywords.includes("FLY")) {
    return { length: Math.hypot(flat, zEnd - zStart), climbed: { climb: 0, over: [] } };
  }
  const climbed = climbing(terrain, keywords, pts, zStart, zEnd);
  return { length: flat + climbed.climb, climbed };
}
