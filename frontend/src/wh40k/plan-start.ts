// Starting a plan for a unit: a move from where its models stand, or a set-up proposal inside
// the player's zone (or along their table edge for Reserves). Pure.

import { type Point, distance } from "../geometry/vec";
import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { offsetOutline, outlinePolygon } from "../board/tools/outline";
import { insidePolygon } from "../geometry/polygon";
import { type Blocked, type MovePlan, type Obstacle, type PlanPurpose, proposePlacement, startPlan, waypoints } from "./move-plan";
import { OBSTACLE_KINDS, obstacleUnder } from "./obstacles";
import { baseTouches, pathTouches } from "./woods-path";
import { footprint, reach } from "../geometry/base-footprint";
import type { Base } from "../protocol/messages";
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

/** Half the footprint's extent across the table (x) and along it (y) for a model set up facing
 * the enemy's edge (90° or 270°: an oval's length runs along y). */
function halfExtents(base: Base): { x: number; y: number } {
  const f = footprint(base);
  if (f.kind === "ellipse") return { x: f.across, y: f.along };
  // a hull turned to 90° or 270°: its length (local x) runs along y, as the referee's bounding
  // box has it (review s15: its reach on both axes made a hull a far bigger square)
  return {
    x: Math.max(...f.points.map((p) => Math.abs(p.y))),
    y: Math.max(...f.points.map((p) => Math.abs(p.x))),
  };
}

/** Inches: the gap between two models of an arrival's grid, and the room kept at the strip's sides. */
const GRID_GAP = 0.4;
const GRID_MARGIN = 0.1;

/** A strip wholly within 6" of a battlefield edge: `along` runs beside the edge (x for the own
 * edge, y for a side edge), `from` is the edge's coordinate across it and `dir` points into the
 * table, `min`/`max` bound the strip along the edge. */
interface EdgeStrip {
  along: "x" | "y";
  from: number;
  dir: 1 | -1;
  min: number;
  max: number;
}

/** The strips to try for an arrival from Reserves (§4.5: Strategic Reserves are set up wholly
 * within 6" of a battlefield edge): the own table edge, then the side edges in the own half (a
 * model too long to stand within 6" of the own edge facing the enemy: a vehicle on an oval). */
function edgeStrips(state: W40State, bounds: Bounds, low: boolean): EdgeStrip[] {
  const { width, depth } = state.table;
  const half = low ? { min: 0, max: depth / 2 } : { min: depth / 2, max: depth };
  return [
    { along: "x", from: low ? 0 : depth, dir: low ? 1 : -1, min: bounds.minX, max: bounds.maxX },
    { along: "y", from: 0, dir: 1, ...half },
    { along: "y", from: width, dir: -1, ...half },
  ];
}

/** An arrival laid out in a strip: rows beside the edge, as many models to a row as it takes to
 * stay within 6" of the edge by the footprints (rows of five where they fit), placed where no
 * other model is in the way if it can be. `fits`: every model wholly within 6" of the edge. */
function edgeGrid(
  models: readonly { id: ModelId; base: Base }[],
  strip: EdgeStrip,
  others: readonly Obstacle[],
  blocked?: Blocked,
): { spots: Map<ModelId, Point>; fits: boolean; clear: boolean } {
  const half = models.map((m) => halfExtents(m.base));
  const hx = Math.max(0.25, ...half.map((h) => h.x));
  const hy = Math.max(0.25, ...half.map((h) => h.y));
  // Half extents beside the edge (u) and away from it (v).
  const [hu, hv] = strip.along === "x" ? [hx, hy] : [hy, hx];
  const pu = 2 * hu + GRID_GAP;
  const pv = 2 * hv + GRID_GAP;
  const depth = 6 - 2 * hv - 2 * GRID_MARGIN;
  const rowsRoom = depth < 0 ? 0 : Math.floor(depth / pv + 1e-9) + 1;
  const span = strip.max - strip.min - 2 * hu - 2 * GRID_MARGIN;
  const perRowRoom = span < 0 ? 1 : Math.floor(span / pu + 1e-9) + 1;
  const n = models.length;
  const perRow = Math.max(1, Math.min(n, perRowRoom, Math.max(Math.min(5, n), Math.ceil(n / Math.max(1, rowsRoom)))));
  const rows = Math.ceil(n / perRow);
  const fits = rows <= rowsRoom && hu * 2 <= strip.max - strip.min;
  const place = (centre: number): Map<ModelId, Point> => {
    const out = new Map<ModelId, Point>();
    models.forEach((m, i) => {
      const row = Math.floor(i / perRow);
      const inRow = Math.min(perRow, n - row * perRow);
      const u = centre + ((i % perRow) - (inRow - 1) / 2) * pu;
      const v = strip.from + strip.dir * (GRID_MARGIN + hv + row * pv);
      out.set(m.id, strip.along === "x" ? { x: u, y: v } : { x: v, y: u });
    });
    return out;
  };
  const blockHalf = ((perRow - 1) * pu) / 2 + hu + GRID_MARGIN;
  const lo = strip.min + blockHalf;
  const hi = Math.max(lo, strip.max - blockHalf);
  const clearOf = (spots: ReadonlyMap<ModelId, Point>) =>
    models.every((m) => {
      const p = spots.get(m.id) as Point;
      const r = reach(m.base);
      return others.every((o) => distance(o.at, p) > o.radius + r + 0.1) && !blocked?.(m, p);
    });
  let first: Map<ModelId, Point> | null = null;
  for (let i = 0; i < 16; i++) {
    const spots = place(lo + (hi - lo) * ((i * 0.37 + 0.5) % 1));
    first ??= spots;
    if (clearOf(spots)) return { spots, fits, clear: true };
  }
  return { spots: first ?? new Map(), fits, clear: false };
}

/** Where the referee would refuse a set-up model though no base is in the way: on an obstacle
 * (rule/on_obstacle, from rules revision 2), and for an arrival within 9" of an enemy model
 * (§4.5; measured by the bases' widest reach, so an oval is kept a little farther than it
 * must). */
function setUpBlocked(state: W40State, player: string, arrival: boolean): Blocked {
  const enemies = arrival ? state.models.filter((m) => state.game.units[m.unit]?.sheet.player !== player) : [];
  const obstacles = state.game.rules_revision >= 2 && state.terrain.some((t) => OBSTACLE_KINDS.has(t.kind));
  return (m, at) => {
    const r = reach(m.base);
    if (enemies.some((e) => distance(at, e) - r - reach(e.base) <= 9 + 0.05)) return true;
    if (!obstacles) return false;
    return obstacleUnder(state, { base: m.base, facing: 0 }, at, 0) !== undefined;
  };
}

/** A set-up proposal: along the zone's front (deployment), or wholly within 6" of a table edge
 * (Reserves: the own edge, or a side edge in the own half when the unit does not fit there): the
 * first strip where it fits clear of other models, else the first where it fits (the plan warns
 * of the overlap), else the own edge (the plan warns that some models must be moved, r4 #3). */
export function placementPlan(state: W40State, unit: UnitId, purpose: PlanPurpose, area: "zone" | "edge"): MovePlan {
  const status = state.game.units[unit];
  const player = status?.sheet.player ?? "";
  const { bounds, low } = zoneBounds(state, player);
  const onTable = new Set(state.models.map((m) => m.id));
  const models = (status?.sheet.models ?? [])
    .filter(([id]) => !onTable.has(id))
    .map(([id, p]) => ({ id, base: p.base }));
  const others: Obstacle[] = state.models.map((m) => ({ at: { x: m.x, y: m.y }, radius: reach(m.base) }));
  const blocked = setUpBlocked(state, player, purpose === "arrive" || purpose === "rapid_ingress");
  // In the zone: along its front (towards the enemy); Reserves: along a table edge.
  if (area === "zone") return startPlan(unit, purpose, proposePlacement(models, bounds, others, !low, blocked));
  const tries = edgeStrips(state, bounds, low).map((strip) => edgeGrid(models, strip, others, blocked));
  const best = tries.find((t) => t.fits && t.clear) ?? tries.find((t) => t.fits) ?? tries[0];
  return startPlan(unit, purpose, best?.spots ?? new Map());
}

/** Whether a placed model is wholly within 6" of a battlefield edge by its footprint's bounding
 * box (the referee's `placement.edge_problems`, Strategic Reserves §4.5). */
export function nearEdge(state: W40State, m: ModelInfo): boolean {
  const o = offsetOutline({ base: m.base, at: { x: m.x, y: m.y }, facing: m.facing }, 0);
  const pts = outlinePolygon(o, 96);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const { width, depth } = state.table;
  const e = 1e-6;
  return Math.max(...xs) <= 6 + e || Math.max(...ys) <= 6 + e || Math.min(...xs) >= width - 6 - e || Math.min(...ys) >= depth - 6 - e;
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
  const models = new Map(state.models.map((m) => [m.id, m]));
  for (const [id, points] of waypoints(plan)) {
    const start = plan.start.get(id);
    const model = models.get(id);
    if (!start || !model) continue;
    const path = [start, ...points];
    // by the real footprint from rules revision 2 (R36), by the reach's circle before (R38)
    const over = (w: Point[]) =>
      state.game.rules_revision >= 2 ? baseTouches(path, model.base, model.facing, w) : pathTouches(path, reach(model.base), w);
    if (woods.some(over)) return WOODS_PENALTY;
  }
  return 0;
}

/** Inches kept clear of the transport and of other bases, and inside the 3" (the referee's
 * "wholly within 3"" measures the whole base, the server's `movement.disembark`). */
const CLEAR = 0.15;
const DISEMBARK_RANGE = 3;

/**
 * A disembark proposal next to the transport: each model on a grid about it, wholly within 3"
 * of the transport's footprint (its real outline, ovals at their facing), clear of other bases
 * and more than 1" from enemies, each one placed next to the one before (coherency). Falls back
 * to the zone proposal when the transport is not on the table.
 */
export function disembarkPlan(state: W40State, unit: UnitId): MovePlan {
  const status = state.game.units[unit];
  const hull = state.models.filter((m) => m.unit === status?.transport);
  if (!status || hull.length === 0) return placementPlan(state, unit, "disembark", "zone");
  const onTable = new Set(state.models.map((m) => m.id));
  const models = status.sheet.models.filter(([id]) => !onTable.has(id)).map(([id, p]) => ({ id, base: p.base }));
  const owner = status.sheet.player;
  const enemy = (m: ModelInfo) => state.game.units[m.unit]?.sheet.player !== owner;
  const others = state.models.filter((m) => !hull.includes(m));
  const placed: { at: Point; r: number }[] = [];
  const out = new Map<ModelId, Point>();
  const { width, depth } = state.table;
  const box = {
    minX: Math.min(...hull.map((t) => t.x - reach(t.base))) - DISEMBARK_RANGE,
    maxX: Math.max(...hull.map((t) => t.x + reach(t.base))) + DISEMBARK_RANGE,
    minY: Math.min(...hull.map((t) => t.y - reach(t.base))) - DISEMBARK_RANGE,
    maxY: Math.max(...hull.map((t) => t.y + reach(t.base))) + DISEMBARK_RANGE,
  };
  const centre = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
  const outlines = hull.map((t) => outlinePolygon(offsetOutline({ base: t.base, at: t, facing: t.facing }, 0), 96));
  const STEP = 0.25;
  for (const m of models) {
    const r = reach(m.base);
    const fits = (at: Point): boolean => {
      if (at.x - r < 0 || at.x + r > width || at.y - r < 0 || at.y + r > depth) return false;
      if (placed.some((p) => distance(p.at, at) < p.r + r + CLEAR)) return false;
      if (others.some((o) => distance(o, at) < reach(o.base) + r + (enemy(o) ? 1 + CLEAR : CLEAR))) return false;
      // From the centre to the transport's outline: clear of its base, and the far rim of this
      // base (the centre's distance plus its reach) within 3" of it.
      const d = outlines.map((poly) => toOutline(at, poly));
      return d.every((g) => g >= r + CLEAR) && d.some((g) => g + r <= DISEMBARK_RANGE - CLEAR);
    };
    // Next to the model placed before (coherency), the first one nearest the transport.
    const last = placed[placed.length - 1];
    const target = last?.at ?? centre;
    let best: Point | null = null;
    let bestD = Infinity;
    for (let x = box.minX; x <= box.maxX; x += STEP) {
      for (let y = box.minY; y <= box.maxY; y += STEP) {
        const at = { x, y };
        const d = distance(at, target);
        if (d >= bestD || !fits(at)) continue;
        best = at;
        bestD = d;
      }
    }
    if (!best) return placementPlan(state, unit, "disembark", "zone");
    placed.push({ at: best, r });
    out.set(m.id, best);
  }
  return startPlan(unit, "disembark", out);
}

/** The distance from a point to a closed outline (0 inside it). */
function toOutline(p: Point, poly: readonly Point[]): number {
  if (insidePolygon(p, poly)) return 0;
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j]!;
    const b = poly[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 < 1e-18 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)));
  }
  return best;
}
