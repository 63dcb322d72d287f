// Standing above the ground (wh40k-10th §2.4, §2.5; rules decision R18): the floors of ruins and
// the tops of hills and buildings a model can end a move on, and the height each moved model of
// a plan is sent with. Pure: the server judges overhang and who may stand where.

import { levelsAt } from "../geometry/levels";
import type { TerrainPiece } from "../protocol/messages";
import { type MovePlan, positions, waypoints } from "./move-plan";

export { insidePolygon, levelLabel, levelsAt, pieceLevels } from "../geometry/levels";

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

