// Terrain a model may move over but not stand on at the end of a move or a set-up (§2.5 B, C:
// the server's `obstacles.OBSTACLE_KINDS`, rule/on_obstacle). Pure.

import { footprint } from "../geometry/base-footprint";
import { type Point, rotate } from "../geometry/vec";
import { closestPoints } from "../board/tools/closest-points";
import { offsetOutline, outlinePolygon } from "../board/tools/outline";
import type { ModelInfo, TerrainPiece } from "../protocol/messages";
import type { W40State } from "./wire";

/** What of a model its footing depends on. */
export type Standing = Pick<ModelInfo, "base" | "facing">;

/** Terrain a model may move over but not end a move on (§2.5 B, C: the server's
 * `obstacles.OBSTACLE_KINDS`). */
export const OBSTACLE_KINDS = new Set(["barricade", "obstacle", "debris"]);

/** Whether a model standing at `at`, `z` up, has its base over an obstacle (rule/on_obstacle):
 * the footprints' interiors meet at a height up to the obstacle's top. An oval is judged where it
 * is a unit circle (turned back by its facing, each axis scaled), a hull by its outline. */
export function onObstacle(model: Standing, at: Point, z: number, piece: TerrainPiece): boolean {
  if (!OBSTACLE_KINDS.has(piece.kind) || piece.polygon.length < 3) return false;
  if (z > piece.height + 1e-6) return false;
  const poly = piece.polygon.map(([x, y]) => ({ x, y }));
  const f = footprint(model.base);
  if (f.kind === "ellipse") {
    const local = poly.map((p) => {
      const r = rotate({ x: p.x - at.x, y: p.y - at.y }, -model.facing);
      return { x: r.x / f.along, y: r.y / f.across };
    });
    return closestPoints(local, [{ x: 0, y: 0 }]).distance < 1 - 1e-3;
  }
  // a hull flush against the obstacle only touches it: shrink it a hair about its centre first
  const outline = outlinePolygon(offsetOutline({ base: model.base, at, facing: model.facing }, 0), 96);
  const c = outline.reduce((s, p) => ({ x: s.x + p.x / outline.length, y: s.y + p.y / outline.length }), { x: 0, y: 0 });
  const inner = outline.map((p) => ({ x: c.x + (p.x - c.x) * (1 - 1e-4), y: c.y + (p.y - c.y) * (1 - 1e-4) }));
  return closestPoints(inner, poly).distance === 0;
}

/** The obstacle a model standing at `at`, `z` up, would be on, if any. */
export function obstacleUnder(state: W40State, model: Standing, at: Point, z: number): TerrainPiece | undefined {
  return state.terrain.find((t) => onObstacle(model, at, z, t));
}
