// Standing above the ground (wh40k-10th §2.4, §2.5; rules decision R18): the floors of ruins and
// the tops of hills and buildings a model can end a move on, and the height each moved model of
// a plan is sent with. Pure: the server judges overhang and who may stand where.

import type { Point, TerrainPiece } from "../protocol/messages";
import { type MovePlan, positions, waypoints } from "./move-plan";

const TOP_KINDS: ReadonlySet<string> = new Set(["hill", "building"]);

/** The heights a model can stand at on this piece (above the ground). */
export function pieceLevels(piece: TerrainPiece): number[] {
  const tops = TOP_KINDS.has(piece.kind) && piece.height > 0 ? [piece.height] : [];
  return [...new Set([...(piece.floors ?? []), ...tops])].filter((z) => z > 0).sort((a, b) => a - b);
}

/** Point in polygon (even-odd rule; the boundary counts as inside within 1e-6"). */
export function insidePolygon(p: Point, polygon: readonly [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] as [number, number];
    const [xj, yj] = polygon[j] as [number, number];
    const cross = (p.x - xi) * (yj - yi) - (p.y - yi) * (xj - xi);
    const onEdge =
      Math.abs(cross) < 1e-6 * Math.hypot(xj - xi, yj - yi) &&
      p.x >= Math.min(xi, xj) - 1e-6 &&
      p.x <= Math.max(xi, xj) + 1e-6 &&
      p.y >= Math.min(yi, yj) - 1e-6 &&
      p.y <= Math.max(yi, yj) + 1e-6;
    if (onEdge) return true;
    if (yi > p.y !== yj > p.y && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The heights above the ground available at a point. */
export function levelsAt(terrain: readonly TerrainPiece[], p: Point): number[] {
  const out = new Set<number>();
  for (const piece of terrain) {
    if (insidePolygon(p, piece.polygon)) for (const z of pieceLevels(piece)) out.add(z);
  }
  return [...out].sort((a, b) => a - b);
}

/** The heights some moved model of the plan could end at (the ground, 0, always). */
export function planLevels(terrain: readonly TerrainPiece[], plan: MovePlan): number[] {
  const ends = positions(plan);
  const out = new Set<number>([0]);
  for (const id of waypoints(plan).keys()) {
    const end = ends.get(id);
    if (end) for (const z of levelsAt(terrain, end)) out.add(z);
  }
  return [...out].sort((a, b) => a - b);
}

/** Each moved model's end height: the chosen level where its end has it, else the ground. */
export function endHeights(terrain: readonly TerrainPiece[], plan: MovePlan, level: number): Map<string, number> {
  const ends = positions(plan);
  const out = new Map<string, number>();
  for (const id of waypoints(plan).keys()) {
    const end = ends.get(id);
    out.set(id, end && level > 0 && levelsAt(terrain, end).includes(level) ? level : 0);
  }
  return out;
}

/** A short label for a height: `ground` or `3" up`. */
export const levelLabel = (z: number): string => (z <= 1e-6 ? "ground" : `${Math.round(z * 100) / 100}" up`);
