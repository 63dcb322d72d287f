// Starting a plan for a unit: a move from where its models stand, or a set-up proposal inside
// the player's zone (or along their table edge for Reserves). Pure.

import type { Point } from "../geometry/vec";
import type { ModelId, UnitId } from "../protocol/messages";
import { type MovePlan, type Obstacle, type PlanPurpose, proposePlacement, startPlan, waypoints } from "./move-plan";
import { pathTouches } from "./woods-path";
import { reach } from "../geometry/base-footprint";
import type { W40State } from "./wire";

export function movePlan(state: W40State, unit: UnitId, purpose: PlanPurpose): MovePlan {
  const start = new Map<ModelId, Point>(state.models.filter((m) => m.unit === unit).map((m) => [m.id, { x: m.x, y: m.y }]));
  return startPlan(unit, purpose, start);
}

interface Bounds {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The player's deployment zone as a rectangle, and whether it lies along y = 0. */
export function zoneBounds(state: W40State, player: string): { bounds: Bounds; low: boolean } {
  const zone = state.game.zones[player] ?? [];
  const xs = zone.map(([x]) => x);
  const ys = zone.map(([, y]) => y);
  const { width, depth } = state.table;
  const bounds = zone.length
    ? { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) }
    : { minX: 0, maxX: width, minY: 0, maxY: depth };
  return { bounds, low: bounds.minY < 1 };
}

/** A set-up proposal: along the zone's front (deployment), or within 6" of the own edge. */
export function placementPlan(state: W40State, unit: UnitId, purpose: PlanPurpose, area: "zone" | "edge"): MovePlan {
  const status = state.game.units[unit];
  const player = status?.sheet.player ?? "";
  const { bounds, low } = zoneBounds(state, player);
  const area6 = low ? { ...bounds, minY: 0, maxY: 6 } : { ...bounds, minY: state.table.depth - 6, maxY: state.table.depth };
  const onTable = new Set(state.models.map((m) => m.id));
  const models = (status?.sheet.models ?? [])
    .filter(([id]) => !onTable.has(id))
    .map(([id, p]) => ({ id, base: p.base }));
  const others: Obstacle[] = state.models.map((m) => ({ at: { x: m.x, y: m.y }, radius: reach(m.base) }));
  // In the zone: along its front (towards the enemy); Reserves: along the own table edge.
  const start = area === "zone" ? proposePlacement(models, bounds, others, !low) : proposePlacement(models, area6, others, low);
  return startPlan(unit, purpose, start);
}

/** How far the plan's models may go, in inches, when the client can tell. */
export function planLimit(state: W40State, plan: MovePlan, kind: string): number | null {
  const status = state.game.units[plan.unit];
  if (!status) return null;
  const move = Math.min(...status.sheet.models.filter(([id]) => plan.start.has(id)).map(([, p]) => p.move));
  switch (plan.purpose) {
    case "move": {
      if (kind === "scouts") return status.sheet.scouts;
      const full = kind === "advance" ? move + (status.advance_roll ?? 0) : move;
      return full - woodsPenalty(state, plan, kind);
    }
    case "charge":
      return state.game.charge_roll;
    case "pile_in":
    case "consolidate":
      return 3;
    default:
      return null;
  }
}

/** Woods cost 2" of a Normal, Advance or Fall Back move when any model's path touches them,
 * except for TITANIC and FLY units (rules decision R5, as the server's `movement` applies it). */
export const WOODS_PENALTY = 2;

export function woodsPenalty(state: W40State, plan: MovePlan, kind: string): number {
  const status = state.game.units[plan.unit];
  if (!status || !["normal", "advance", "fall_back"].includes(kind)) return 0;
  if (status.sheet.keywords.some((k) => k === "TITANIC" || k === "FLY")) return 0;
  const woods = state.terrain
    .filter((t) => t.kind === "woods")
    .map((t) => t.polygon.map(([x, y]) => ({ x, y })));
  if (woods.length === 0) return 0;
  const bases = new Map(state.models.map((m) => [m.id, m.base]));
  for (const [id, points] of waypoints(plan)) {
    const start = plan.start.get(id);
    const base = bases.get(id);
    if (!start || !base) continue;
    const path = [start, ...points];
    if (woods.some((w) => pathTouches(path, reach(base), w))) return WOODS_PENALTY;
  }
  return 0;
}
