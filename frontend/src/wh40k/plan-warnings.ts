// What the referee is likely to refuse in a planned move, told while it is planned: a move longer
// than its limit (rule/too_far), a model ending on an objective marker (rule/on_objective) or on
// an obstacle (rule/on_obstacle), a charging model left out of base contact where a straight move
// would have reached it (rule/base_contact). The client's own cheap estimate from the plan and
// the table it shows; the server's check on Confirm is the one that counts. Pure.

import { insidePolygon } from "../geometry/polygon";
import { type Point, distance } from "../geometry/vec";
import { footprint } from "../geometry/base-footprint";
import { closestPoints } from "../board/tools/closest-points";
import { offsetOutline, outlinePolygon } from "../board/tools/outline";
import type { ModelId, ModelInfo, Objective, TerrainPiece } from "../protocol/messages";
import { measuredLength } from "./climb";
import { baseGap } from "./base-contact";
import { heightGap } from "./attack-choice";
import { type MovePlan, PLACES_ONLY, longestPath, pathLengths, positions, waypoints } from "./move-plan";
import type { Namer } from "./names";
import type { W40State } from "./wire";
import { shownTable } from "./board-state";
import { nearEdge } from "./plan-start";
import { obstacleUnder } from "./obstacles";

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

/** Each model's path as the referee measures it: the plan's length plus climbing (the height
 * change to its end height in `heights`, and tall terrain crossed, up and down: climb.ts), and
 * the tall pieces it climbs over. Without a state, the plan's length only. */
export function measuredPaths(
  plan: MovePlan,
  state?: W40State,
  heights?: ReadonlyMap<ModelId, number>,
): Map<ModelId, { length: number; over: TerrainPiece[] }> {
  const flat = pathLengths(plan);
  const out = new Map<ModelId, { length: number; over: TerrainPiece[] }>();
  if (!state) {
    for (const [id, d] of flat) out.set(id, { length: d, over: [] });
    return out;
  }
  const keywords = state.game.units[plan.unit]?.sheet.keywords ?? [];
  const ways = waypoints(plan);
  const zOf = new Map(state.models.map((m) => [m.id, m.z]));
  for (const [id, d] of flat) {
    const start = plan.start.get(id);
    const points = ways.get(id) ?? [];
    if (!start || points.length === 0) {
      out.set(id, { length: d, over: [] });
      continue;
    }
    const z0 = zOf.get(id) ?? 0;
    const z1 = heights?.get(id) ?? z0;
    const m = measuredLength(state.terrain, keywords, [start, ...points], z0, z1);
    out.set(id, { length: m.length, over: m.climbed.over });
  }
  return out;
}

/** The farthest model's distance as the referee measures it (climbing included). */
/** The climbing of the plan's farthest-climbing model, in words for the distance read-out
 * ("18.0" climbing over Hab block"), or null when no path climbs over terrain. */
export function climbNote(plan: MovePlan, state?: W40State, heights?: ReadonlyMap<ModelId, number>): string | null {
  let best: { up: number; names: string } | null = null;
  for (const m of measuredPaths(plan, state, heights).values()) {
    if (m.over.length === 0) continue;
    const up = m.over.reduce((sum, t) => sum + 2 * t.height, 0);
    if (!best || up > best.up) best = { up, names: [...new Set(m.over.map((t) => t.name || t.kind))].join(", ") };
  }
  return best ? `includes ${best.up.toFixed(1)}" climbing over ${best.names}` : null;
}

export function longestMeasured(plan: MovePlan, state?: W40State, heights?: ReadonlyMap<ModelId, number>): number {
  let far = 0;
  for (const { length } of measuredPaths(plan, state, heights).values()) far = Math.max(far, length);
  return far;
}

export function distanceTag(
  plan: MovePlan,
  limit: number | null,
  state?: W40State,
  heights?: ReadonlyMap<ModelId, number>,
): DistanceTag | null {
  if (PLACES_ONLY.has(plan.purpose)) return null;
  const measured = measuredPaths(plan, state, heights);
  const lengths = new Map([...measured].map(([id, m]) => [id, m.length]));
  let best: ModelId | null = null;
  for (const [id, d] of lengths) if (d > 1e-6 && (best === null || d > (lengths.get(best) ?? 0))) best = id;
  if (best === null) return null;
  const at = positions(plan).get(best);
  if (!at) return null;
  const far = lengths.get(best) ?? 0;
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
  /** Each moved model's end height, where the move chooses one (the climb counts). */
  heights?: ReadonlyMap<ModelId, number>;
}

/** Inches: a gap this small between two bases is an overlap (the plan's snapped contact leaves
 * 0.004"; an oval's outline is sampled, so this is an estimate). */
const OVERLAP = 1e-3;

/** The planned models whose bases would overlap another model's (first pair only). */
export function overlapping(models: readonly ModelInfo[], now: ReadonlyMap<ModelId, Point>, moved: readonly ModelId[]): [ModelInfo, ModelInfo] | null {
  const placed = models.map((m) => {
    const at = now.get(m.id);
    return at ? { ...m, x: at.x, y: at.y } : m;
  });
  const byId = new Map(placed.map((m) => [m.id, m]));
  for (const id of moved) {
    const m = byId.get(id);
    if (!m) continue;
    for (const o of placed) {
      if (o.id === m.id || heightGap(m, o) > 1e-6) continue;
      if (Math.hypot(m.x - o.x, m.y - o.y) > 6) continue;
      if (baseGap(m, m, o) < OVERLAP) return [m, o];
    }
  }
  return null;
}

/**
 * The models of a unit out of coherency where the plan puts them (the server's
 * `common.coherency` with the 10th-edition rule: within 2" across and 5" up of one other model,
 * of two in a unit of 7 or more, and every model in one group). Pure.
 */
export function incoherent(unitModels: readonly ModelInfo[]): ModelId[] {
  if (unitModels.length <= 1) return [];
  const need = unitModels.length >= 7 ? 2 : 1;
  const links = new Map(unitModels.map((m) => [m.id, new Set<ModelId>()]));
  unitModels.forEach((a, i) => {
    for (const b of unitModels.slice(i + 1)) {
      if (Math.hypot(a.x - b.x, a.y - b.y) > 12) continue;
      if (heightGap(a, b) <= 5 + 1e-6 && baseGap(a, a, b) <= 2 + 1e-6) {
        links.get(a.id)?.add(b.id);
        links.get(b.id)?.add(a.id);
      }
    }
  });
  const groups: ModelId[][] = [];
  const seen = new Set<ModelId>();
  for (const m of unitModels) {
    if (seen.has(m.id)) continue;
    const group: ModelId[] = [];
    const todo = [m.id];
    seen.add(m.id);
    while (todo.length) {
      const id = todo.pop() as ModelId;
      group.push(id);
      for (const n of links.get(id) ?? []) if (!seen.has(n)) (seen.add(n), todo.push(n));
    }
    groups.push(group);
  }
  const main = new Set(groups.reduce((a, b) => (b.length > a.length ? b : a), []));
  const ids = unitModels.map((m) => m.id);
  const short = ids.filter((id) => (links.get(id)?.size ?? 0) < need);
  return [...new Set([...short, ...ids.filter((id) => !main.has(id))])];
}

/** Whether a model's whole base lies inside a zone (the outline sampled: an estimate). */
export function whollyInZone(model: ModelInfo, zone: readonly (readonly [number, number])[]): boolean {
  if (zone.length < 3) return true;
  const poly = zone.map(([x, y]) => ({ x, y }));
  const outline = outlinePolygon(offsetOutline({ base: model.base, at: model, facing: model.facing }, -1e-3), 48);
  return outline.every((p) => insidePolygon(p, poly));
}

/** Inches from a model's base to a zone, horizontally (0 when they meet). */
export function zoneGap(model: ModelInfo, zone: readonly (readonly [number, number])[]): number {
  const poly = zone.map(([x, y]) => ({ x, y }));
  const outline = outlinePolygon(offsetOutline({ base: model.base, at: model, facing: model.facing }, 0), 48);
  if (outline.some((p) => insidePolygon(p, poly)) || poly.some((p) => insidePolygon(p, outline))) return 0;
  return closestPoints(outline, poly).distance;
}

/** The first moved or placed model that would stand on an obstacle, in words (rule/on_obstacle,
 * refused from rules revision 2, R35 and R38: older games keep moving onto them). */
function obstacleWarning(
  state: W40State,
  models: readonly ModelInfo[],
  moved: readonly ModelId[],
  now: ReadonlyMap<ModelId, Point>,
  names: Namer,
  heights?: ReadonlyMap<ModelId, number>,
  verb = "ends",
): string | null {
  if (state.game.rules_revision < 2) return null;
  const byId = new Map(models.map((m) => [m.id, m]));
  for (const id of moved) {
    const m = byId.get(id);
    const at = now.get(id);
    const piece = m && at ? obstacleUnder(state, m, at, heights?.get(id) ?? m.z) : undefined;
    if (m && piece) {
      const what = piece.name || `${piece.kind} (${piece.id})`;
      const not = verb === "ends" ? "end a move" : "be set up";
      return `${names.model(m.id)} ${verb} on ${what}: a model may move over an obstacle but not ${not} on it.`;
    }
  }
  return null;
}

/** A set-up's likely problems (walkthrough s15 #13: a deployment showed none until the log had
 * them): bases overlapping, the unit out of coherency, a deployment not wholly within the
 * player's zone (§4.8), an arrival within 9" of an enemy model (§4.5), a model on an obstacle. */
function placementWarnings({ state, plan, names }: PlanContext): string[] {
  const out: string[] = [];
  const shown = shownTable(state, plan).state.models;
  const now = positions(plan);
  const moved = [...now.keys()];
  const mine = shown.filter((m) => m.unit === plan.unit);
  const clash = overlapping(shown, now, moved);
  if (clash) out.push(`${names.model(clash[0].id)} would overlap ${names.model(clash[1].id)}: bases may not overlap.`);
  const onPiece = obstacleWarning(state, shown, moved, now, names, undefined, "is set up");
  if (onPiece) out.push(onPiece);
  const apart = incoherent(mine);
  if (apart.length > 0) {
    const named = apart.slice(0, 3).map((id) => names.model(id)).join(", ");
    out.push(`Out of unit coherency: ${named}${apart.length > 3 ? "…" : ""} (each model within 2" of ${mine.length >= 7 ? "two others" : "another"}, the unit in one group).`);
  }
  const sheet = state.game.units[plan.unit]?.sheet;
  const player = sheet?.player ?? "";
  const enemies = shown.filter((m) => state.game.units[m.unit]?.sheet.player !== player);
  const near = mine.find((m) => enemies.some((e) => baseGap(m, m, e) <= 9 + 1e-6));
  // Infiltrators deploy anywhere more than 9" from the enemy and its zone (§4.8), as the server
  // checks them (deployment.deploy): not against their own zone (review s15)
  const infiltrators = sheet !== undefined && (sheet.keywords.includes("INFILTRATORS") || sheet.abilities.includes("INFILTRATORS"));
  if (plan.purpose === "deploy" && infiltrators) {
    const enemyZone = Object.entries(state.game.zones).find(([p]) => p !== player)?.[1];
    const byZone = enemyZone ? mine.find((m) => zoneGap(m, enemyZone) <= 9 + 1e-6) : undefined;
    if (near) out.push(`${names.model(near.id)} is within 9" of an enemy model: Infiltrators are set up more than 9" away (§4.8).`);
    if (byZone) out.push(`${names.model(byZone.id)} is within 9" of the enemy deployment zone (Infiltrators, §4.8).`);
    return out;
  }
  const zone = state.game.zones[player];
  const outside = plan.purpose === "deploy" && zone ? mine.find((m) => !whollyInZone(m, zone)) : undefined;
  if (outside) out.push(`${names.model(outside.id)} is not wholly within your deployment zone (§4.8).`);
  if ((plan.purpose === "arrive" || plan.purpose === "rapid_ingress") && near) {
    out.push(`${names.model(near.id)} is within 9" of an enemy model: arriving units are set up more than 9" away (§4.5).`);
  }
  // Strategic Reserves: wholly within 6" of a battlefield edge, as the referee checks it
  // (placement.edge_problems); a unit too big for the strips is proposed anyway (r4 review #3).
  if (plan.purpose === "arrive" && state.game.units[plan.unit]?.reserve === "strategic") {
    const far = mine.filter((m) => !nearEdge(state, m));
    if (far.length > 0) {
      const named = far.slice(0, 3).map((m) => names.model(m.id)).join(", ");
      out.push(`Move ${named}${far.length > 3 ? "…" : ""} wholly within 6" of a battlefield edge (Strategic Reserves, §4.5).`);
    }
  }
  return out;
}

/** The plan's likely problems, in words, for the plan panel. */
export function planWarnings(context: PlanContext): string[] {
  const { state, plan, limit, names, heights } = context;
  if (PLACES_ONLY.has(plan.purpose)) return placementWarnings(context);
  const out: string[] = [];
  const measured = measuredPaths(plan, state, heights);
  const far = longestMeasured(plan, state, heights);
  if (overLimit(far, limit)) {
    out.push(`Too far: a model moves ${far.toFixed(1)}", more than the ${(limit ?? 0).toFixed(1)}" allowed.`);
  }
  // Climbing over tall terrain counts up and down (§2.4): say so, as the distance jumps.
  const climber = [...measured].find(([, m]) => m.over.length > 0);
  if (climber && overLimit(far, limit)) {
    const [id, m] = climber;
    const pieces = [...new Set(m.over.map((t) => t.name || t.kind))].join(", ");
    const up = m.over.reduce((sum, t) => sum + 2 * t.height, 0);
    out.push(
      `${names.model(id)} climbs over ${pieces}: ${up.toFixed(1)}" up and down count against the move (${state.game.units[plan.unit]?.sheet.keywords.includes("INFANTRY") ? "" : "only INFANTRY and BEAST go through ruins; "}go around to save it).`,
    );
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
  const onPiece = obstacleWarning(state, state.models, moved, now, names, heights);
  if (onPiece) out.push(onPiece);
  if (moved.length > 0) {
    const clash = overlapping(state.models, now, moved);
    if (clash) out.push(`${label(clash[0])} would overlap ${label(clash[1])}: bases may not overlap.`);
    const mine = state.models.filter((m) => m.unit === plan.unit).map((m) => {
      const at = now.get(m.id);
      return at ? { ...m, x: at.x, y: at.y } : m;
    });
    const apart = incoherent(mine);
    if (apart.length > 0) {
      const named = apart.slice(0, 3).map((id) => names.model(id)).join(", ");
      out.push(`Out of unit coherency: ${named}${apart.length > 3 ? "…" : ""} (each model within 2" of ${mine.length >= 7 ? "two others" : "another"}, the unit in one group).`);
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
