// Standing above the ground: the surfaces of terrain pieces a model can stand at (a piece's
// floors, the top of a hill or a building), the height each comes to rest at when dropped
// (rules decision 28), and how a raised model's height is written on the table. Pure; the
// server's rules/common/elevation.py is the referee, this mirrors it for previews and badges.

import type { Point, TerrainPiece } from "../protocol/messages";

const TOP_KINDS: ReadonlySet<string> = new Set(["hill", "building"]);
const LEVEL_EPS = 1e-6;

/** The heights a model can stand at on this piece (above the ground), lowest first. */
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

/**
 * The height a model standing at `from` (height `z`) comes to rest at when dropped with its
 * centre at `to` (rules decision 28): its own height where a surface under `to` has it, else
 * the highest surface there below it, else the ground; turned where it stands, its own height.
 */
export function dropHeight(terrain: readonly TerrainPiece[], from: Point & { z: number }, to: Point): number {
  if (from.z <= LEVEL_EPS) return 0;
  if (Math.abs(to.x - from.x) <= LEVEL_EPS && Math.abs(to.y - from.y) <= LEVEL_EPS) return from.z;
  const below = levelsAt(terrain, to).filter((z) => z <= from.z + LEVEL_EPS);
  const top = below[below.length - 1];
  if (top === undefined) return 0;
  return Math.abs(top - from.z) <= LEVEL_EPS ? from.z : top;
}

/** A height in inches as the page writes it everywhere (`5.5`, `2.25`): two decimals at most. */
const inches = (z: number): number => Math.round(z * 100) / 100;

/** A short label for a height: `ground` or `3" up`. */
export const levelLabel = (z: number): string => (z <= LEVEL_EPS ? "ground" : `${inches(z)}" up`);

/** A raised model's badge on the table (`▲5.5"`), or null on the ground. */
export const heightBadge = (z: number): string | null => (z <= LEVEL_EPS ? null : `▲${inches(z)}"`);
