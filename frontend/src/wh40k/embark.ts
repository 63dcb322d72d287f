// Which friendly TRANSPORTS a moving unit may embark into at the end of its move (wh40k-10th
// §3.7): on the battlefield, with room for the whole unit, and every model of the unit ending
// within 3" of it. Pure and approximate (round bases, plan distance only): the server decides.

import { reach } from "../geometry/base-footprint";
import { distance } from "../geometry/vec";
import type { ModelId, UnitId } from "../protocol/messages";
import { type MovePlan, positions } from "./move-plan";
import type { W40State } from "./wire";

export const EMBARK_RANGE = 3;

/** Models aboard a transport now. */
export function aboard(state: W40State, transport: UnitId): number {
  return Object.values(state.game.units)
    .filter((s) => s.location === "embarked" && s.transport === transport)
    .reduce((n, s) => n + s.models_left, 0);
}

/** Transports the planned unit could embark into once its move ends where the plan has it. */
export function embarkOptions(state: W40State, plan: MovePlan, kind: string): UnitId[] {
  const game = state.game;
  const mover = game.units[plan.unit];
  if (!mover || plan.purpose !== "move" || !["normal", "advance", "fall_back"].includes(kind)) return [];
  if (mover.disembarked_now) return [];
  const ends = positions(plan);
  const mine = state.models.filter((m) => m.unit === plan.unit);
  const out: UnitId[] = [];
  for (const [id, s] of Object.entries(game.units)) {
    if (id === plan.unit || s.sheet.player !== mover.sheet.player || s.location !== "table") continue;
    if (s.sheet.capacity <= 0 || aboard(state, id) + mine.length > s.sheet.capacity) continue;
    const hulls = state.models.filter((m) => m.unit === id);
    const near = (model: ModelId): boolean => {
      const me = mine.find((m) => m.id === model);
      const at = ends.get(model);
      if (!me || !at) return false;
      return hulls.some((t) => distance(at, t) - reach(me.base) - reach(t.base) <= EMBARK_RANGE + 1e-6);
    };
    if (mine.length > 0 && mine.every((m) => near(m.id))) out.push(id);
  }
  return out;
}
