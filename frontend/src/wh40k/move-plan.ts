// A move or a set-up being planned on the table before it is sent: each drop of dragged models
// is one step; for a move every step adds a waypoint to each dragged model's path (the command's
// `paths`), for a set-up it just places the models. Pure: the page keeps the plan in a signal.

import { reach } from "../geometry/base-footprint";
import { type Point, distance } from "../geometry/vec";
import type { Base, ModelId, UnitId } from "../protocol/messages";
import type { PathIn, Place } from "./wire";

/** What the plan becomes: a set-up (places) or a move (paths) of one unit. */
export type PlanPurpose =
  | "deploy"
  | "arrive"
  | "disembark"
  | "rapid_ingress"
  | "move"
  | "charge"
  | "pile_in"
  | "consolidate";

export const PLACES_ONLY: ReadonlySet<PlanPurpose> = new Set(["deploy", "arrive", "disembark", "rapid_ingress"]);

export interface Drop {
  model: ModelId;
  to: Point;
}

export interface MovePlan {
  unit: UnitId;
  purpose: PlanPurpose;
  /** Where each model starts: its table position, or the proposed spot for a set-up. */
  start: ReadonlyMap<ModelId, Point>;
  /** Every drop so far, in order. */
  steps: readonly (readonly Drop[])[];
}

export function startPlan(unit: UnitId, purpose: PlanPurpose, start: ReadonlyMap<ModelId, Point>): MovePlan {
  return { unit, purpose, start, steps: [] };
}

/** The plan after a drop; models not of the plan are ignored. */
export function addDrop(plan: MovePlan, drops: readonly Drop[]): MovePlan {
  const kept = drops.filter((d) => plan.start.has(d.model));
  return kept.length === 0 ? plan : { ...plan, steps: [...plan.steps, kept] };
}

export function undoDrop(plan: MovePlan): MovePlan {
  return { ...plan, steps: plan.steps.slice(0, -1) };
}

/** Moves the game waits for (a rolled charge, a consolidation): Cancel starts them again
 * rather than dropping them, since no panel would offer to plan them anew. */
export const MUST_MOVE: ReadonlySet<PlanPurpose> = new Set(["charge", "consolidate"]);

/** The plan after Cancel: a move the game waits for starts again from its models' places;
 * any other plan is dropped (the panel offers its choices again). */
export function cancelPlan(plan: MovePlan): MovePlan | null {
  return MUST_MOVE.has(plan.purpose) ? { ...plan, steps: [] } : null;
}

/** Each model's waypoints after its start, in order. */
export function waypoints(plan: MovePlan): Map<ModelId, Point[]> {
  const out = new Map<ModelId, Point[]>();
  for (const step of plan.steps) {
    for (const d of step) {
      const list = out.get(d.model) ?? [];
      list.push(d.to);
      out.set(d.model, list);
    }
  }
  return out;
}

/** The paths to draw on the table, start first, for the models that moved: none for a set-up,
 * whose start is only a proposed spot (a distance or a trail from it means nothing). */
export function trails(plan: MovePlan): Map<ModelId, Point[]> {
  const out = new Map<ModelId, Point[]>();
  if (PLACES_ONLY.has(plan.purpose)) return out;
  for (const [id, points] of waypoints(plan)) {
    const start = plan.start.get(id);
    if (start) out.set(id, [start, ...points]);
  }
  return out;
}

/** Where each model of the plan is now (its last waypoint, else its start). */
export function positions(plan: MovePlan): Map<ModelId, Point> {
  const out = new Map(plan.start);
  for (const [id, points] of waypoints(plan)) {
    const last = points[points.length - 1];
    if (last) out.set(id, last);
  }
  return out;
}

/** The length of each model's path so far, in inches. */
export function pathLengths(plan: MovePlan): Map<ModelId, number> {
  const out = new Map<ModelId, number>();
  const ways = waypoints(plan);
  for (const [id, start] of plan.start) {
    let at = start;
    let total = 0;
    for (const p of ways.get(id) ?? []) {
      total += distance(at, p);
      at = p;
    }
    out.set(id, total);
  }
  return out;
}

export const longestPath = (plan: MovePlan): number => Math.max(0, ...pathLengths(plan).values());

const r3 = (n: number): number => Math.round(n * 1000) / 1000;

/** The command's `paths`: every model that moved, with its waypoints (rounded to 0.001"), and
 * its end height where `heights` gives one. */
export function toPaths(plan: MovePlan, heights?: ReadonlyMap<ModelId, number>): PathIn[] {
  return [...waypoints(plan)].map(([model, points]) => {
    const z = heights?.get(model);
    const path = points.map((p): [number, number] => [r3(p.x), r3(p.y)]);
    return z === undefined ? { model, path } : { model, path, z };
  });
}

/** The command's `models`: every model of the plan where it is now. */
export function toPlaces(plan: MovePlan, facing: number): Place[] {
  return [...positions(plan)].map(([model, p]) => ({ model, x: r3(p.x), y: r3(p.y), facing }));
}

export interface Footed {
  id: ModelId;
  base: Base;
}

/** Models in rows of five about `centre`, rows going away from it by `rowStep` (±1). */
export function blockFormation(models: readonly Footed[], centre: Point, rowStep: 1 | -1): Map<ModelId, Point> {
  const size = Math.max(0.5, ...models.map((m) => reach(m.base) * 2)) + 0.4;
  const perRow = Math.min(5, models.length);
  const out = new Map<ModelId, Point>();
  models.forEach((m, i) => {
    const row = Math.floor(i / 5);
    const col = i % 5;
    out.set(m.id, { x: centre.x + (col - (perRow - 1) / 2) * size, y: centre.y + row * size * rowStep });
  });
  return out;
}

export interface Obstacle {
  at: Point;
  radius: number;
}

/** Where a placed model may not stand though no base is in the way (an obstacle, 9" of an
 * enemy for an arrival): `plan-start.ts` `setUpBlocked`. */
export type Blocked = (m: Footed, at: Point) => boolean;

const clear = (
  spots: ReadonlyMap<ModelId, Point>,
  models: readonly Footed[],
  others: readonly Obstacle[],
  bounds: { minX: number; maxX: number; minY: number; maxY: number },
  blocked?: Blocked,
): boolean =>
  models.every((m) => {
    const p = spots.get(m.id);
    if (!p) return false;
    const r = reach(m.base);
    const inside = p.x - r >= bounds.minX && p.x + r <= bounds.maxX && p.y - r >= bounds.minY && p.y + r <= bounds.maxY;
    return inside && others.every((o) => distance(o.at, p) > o.radius + r + 0.1) && !blocked?.(m, p);
  });

/**
 * A first proposal for setting a unit up inside a rectangle (a deployment zone, a table edge
 * strip): a block of rows tried along the rectangle until no base overlaps another model.
 */
export function proposePlacement(
  models: readonly Footed[],
  bounds: { minX: number; maxX: number; minY: number; maxY: number },
  others: readonly Obstacle[],
  fromLowEdge: boolean,
  blocked?: Blocked,
): Map<ModelId, Point> {
  const step: 1 | -1 = fromLowEdge ? 1 : -1;
  const edge = fromLowEdge ? bounds.minY : bounds.maxY;
  const margin = Math.max(0.5, ...models.map((m) => reach(m.base))) + 0.6;
  const width = bounds.maxX - bounds.minX;
  let fallback: Map<ModelId, Point> | null = null;
  for (const depth of [margin, margin + 3, margin + 6]) {
    for (let i = 0; i < 16; i++) {
      const x = bounds.minX + width * (((i * 0.37 + 0.5) % 1) * 0.8 + 0.1);
      const spots = blockFormation(models, { x, y: edge + depth * step }, step);
      fallback ??= spots;
      if (clear(spots, models, others, bounds, blocked)) return spots;
    }
  }
  return fallback ?? new Map();
}
