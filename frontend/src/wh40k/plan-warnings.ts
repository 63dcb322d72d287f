// What the referee is likely to refuse in a planned move, told while it is planned: a move longer
// than its limit (rule/too_far), a model ending on an objective marker (rule/on_objective), a
// charging model left out of base contact where a straight move would have reached it
// (rule/base_contact). The client's own cheap estimate from the plan and the table it shows; the
// server's check on Confirm is the one that counts. Pure.

import { footprint } from "../geometry/base-footprint";
import { insidePolygon } from "../geometry/polygon";
import { type Point, distance } from "../geometry/vec";
import { closestPoints } from "../board/tools/closest-points";
import { offsetOutline, outlinePolygon } from "../board/tools/outline";
import type { ModelId, ModelInfo, Objective } from "../protocol/messages";
import { baseGap } from "./base-contact";
import { type MovePlan, PLACES_ONLY, longestPath, pathLengths, positions, waypoints } from "./move-plan";
import type { Namer } from "./names";
import type { W40State } from "./wire";

/** Inches: the referee's base contact (a gap this small or less). */
const CONTACT = 0.01;

export const overLimit = (far: number, limit: number | null): boolean => limit !== null && far > limit + 1e-6;

/** The distance read-out drawn on the table by the plan's farthest model (null: nothing to show). */
export interface DistanceTag {
  model: ModelId;
  at: Point;
  far: number;
  over: boolean;
}

export function distanceTag(plan: MovePlan, limit: number | null): DistanceTag | null {
  if (PLACES_ONLY.has(plan.purpose)) return null;
  const lengths = pathLengths(plan);
  let best: ModelId | null = null;
  for (const [id, d] of lengths) if (d > 1e-6 && (best === null || d > (lengths.get(best) ?? 0))) best = id;
  if (best === null) return null;
  const at = positions(plan).get(best);
  if (!at) return null;
  const far = longestPath(plan);
  return { model: best, at, far, over: overLimit(far, limit) };
}

/** Whether a model standing at `at` has its base over an objective marker (not just touching). */
export function onMarker(model: ModelInfo, at: Point, marker: Objective): boolean {
  const r = marker.diameter_mm / 50.8;
  const f = footprint(model.base);
  if (f.kind === "ellipse" && f.along === f.across) return distance(at, marker) < f.along + r - 1e-3;
  const poly = outlinePolygon(offsetOutline({ base: model.base, at, facing: model.facing }, 0), 96);
  return insidePolygon(marker, poly) || closestPoints(poly, [marker]).distance < r - 1e-3;
}

export interface PlanContext {
  state: W40State;
  plan: MovePlan;
  limit: number | null;
  /** How the page names models (as its log does: "Alpha #1"). */
  names: Namer;
}

/** The plan's likely problems, in words, for the plan panel. */
export function planWarnings({ state, plan, limit, names }: PlanContext): string[] {
  if (PLACES_ONLY.has(plan.purpose)) return [];
  const out: string[] = [];
  const far = longestPath(plan);
  if (overLimit(far, limit)) {
    out.push(`Too far: a model moves ${far.toFixed(1)}", more than the ${(limit ?? 0).toFixed(1)}" allowed.`);
  }
  const byId = new Map(state.models.map((m) => [m.id, m]));
  const label = (m: ModelInfo): string => names.model(m.id);
  const moved = [...waypoints(plan).keys()];
  const now = positions(plan);
  for (const id of moved) {
    const m = byId.get(id);
    const at = now.get(id);
    const marker = m && at ? state.objectives.find((o) => onMarker(m, at, o)) : undefined;
    if (m && marker) {
      out.push(`${label(m)} ends on objective marker ${marker.id}: a move may not end on a marker.`);
      break;
    }
  }
  if (plan.purpose === "charge") {
    const pending = state.game.pending;
    const targets = new Set(pending?.kind === "charge_move" ? pending.options : []);
    const roll = state.game.charge_roll ?? 0;
    const player = state.game.units[plan.unit]?.sheet.player;
    const owner = new Map(state.units.map((u) => [u.id, u.player]));
    const enemies = state.models.filter((o) => owner.get(o.unit) !== player);
    const targetModels = enemies.filter((o) => targets.has(o.unit));
    for (const id of moved) {
      const m = byId.get(id);
      const start = plan.start.get(id);
      const end = now.get(id);
      if (!m || !start || !end) continue;
      if (enemies.some((o) => baseGap(m, end, o) <= CONTACT)) continue;
      const reachable = targetModels.some((t) => {
        const gap = baseGap(m, start, t);
        return gap > CONTACT && gap <= roll - 1e-6;
      });
      if (reachable) {
        out.push(`${label(m)} is not in base contact, though the roll reaches an enemy model: a charging model must end in base contact where it can.`);
        break;
      }
    }
  }
  return out;
}
