// "Bring into contact" for a planned charge move: a charging model must end in base contact with
// an enemy model where a straight move from its start within the roll reaches one (wh40k-10th
// §4.6, rules decision R11; the referee's contact is a gap of 0.01" or less), and a unit of ten
// dragged as one leaves most of them short. Each model of the plan not in base contact whose
// start reaches a model of a declared target (its base gap ≤ the roll, as plan-warnings.ts
// judges it) is moved along the straight line toward the nearest such enemy model until the gap
// is CONTACT_GAP — from where the plan has it now when its path so far plus that fits the roll,
// else straight from its start (its earlier waypoints dropped) — greedily, nearest first, and a
// spot that would overlap another base (moved or not) is skipped for the next enemy model. A
// model whose straight spots are all taken (a rear rank behind the front one) takes the nearest
// free spot around a target model instead, reached in a straight line that keeps off enemy bases
// and out of Engagement Range of enemies it did not charge (§4.4, §4.6: the referee's path
// checks). What is left (coherency, Engagement Range of every target, a model that found no free
// spot) the plan's warnings tell. Pure.

import { reach } from "../geometry/base-footprint";
import { type Point, distance, pointSegment } from "../geometry/vec";
import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { CONTACT_GAP, against, baseGap } from "./base-contact";
import { type Drop, type MovePlan, addDrop, pathLengths, positions, waypoints } from "./move-plan";
import { incoherent } from "./plan-warnings";

/** Inches: the referee's base contact (a gap this small or less). */
const CONTACT = 0.01;
/** Inches: a gap this small between two bases counts as an overlap (as plan-warnings.ts). */
const OVERLAP = 1e-3;
/** Inches kept under the roll: the command's waypoints are rounded to 0.001". */
const ROUNDING = 2e-3;
/** Directions tried around a target model for a free spot in contact (every 7.5°). */
const RING = 48;
/** Inches between the points at which a move's straight line is checked. */
const PATH_STEP = 0.1;
/** Inches: Engagement Range, horizontally and vertically (wh40k-10th §1). */
const ENGAGEMENT = 1;
const ENGAGEMENT_HIGH = 5;

export interface ContactResult {
  /** The plan with the brought models' moves added (the same plan when none could be). */
  plan: MovePlan;
  /** The models brought into base contact, in the order they were placed. */
  brought: ModelId[];
  /** Models out of contact whose start reaches a target model but which found no free spot. */
  stuck: ModelId[];
  /** Models left out of contact and out of coherency that were moved up behind, in order. */
  closed: ModelId[];
}

/** The spot on the straight line from `from` toward `enemy`'s centre where `model`'s base is
 * CONTACT_GAP from the enemy's (bisection: the gap shrinks along the line), or null. */
export function approach(model: ModelInfo, from: Point, enemy: ModelInfo): Point | null {
  const dx = enemy.x - from.x;
  const dy = enemy.y - from.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return null;
  const spot = (t: number): Point => ({ x: from.x + (dx / len) * t, y: from.y + (dy / len) * t });
  if (baseGap(model, from, enemy) < CONTACT_GAP) return null;
  let lo = 0;
  let hi = len;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (baseGap(model, spot(mid), enemy) >= CONTACT_GAP) lo = mid;
    else hi = mid;
  }
  const to = spot(lo);
  const gap = baseGap(model, to, enemy);
  return gap > 0 && gap <= CONTACT ? to : null;
}

/** Where the models stand while bringing them in, and the drops made so far. */
class Placing {
  readonly placed: Map<ModelId, ModelInfo>;
  readonly drops: Drop[] = [];
  readonly restarted = new Set<ModelId>();

  constructor(models: readonly ModelInfo[], now: ReadonlyMap<ModelId, Point>) {
    // the plan's models at their planned spots, the rest where the table has them
    this.placed = new Map(
      models.map((m) => {
        const at = now.get(m.id);
        return [m.id, at ? { ...m, x: at.x, y: at.y } : m];
      }),
    );
  }

  /** Whether `m`'s base at `to` keeps off every other base (on its level). */
  free(m: ModelInfo, to: Point): boolean {
    for (const o of this.placed.values()) {
      if (o.id === m.id || Math.abs(o.z - m.z) > 1e-6 || Math.hypot(o.x - to.x, o.y - to.y) > 12) continue;
      if (baseGap(m, to, o) <= OVERLAP) return false;
    }
    return true;
  }

  put(m: ModelInfo, to: Point, restart: boolean): void {
    this.drops.push({ model: m.id, to });
    if (restart) this.restarted.add(m.id);
    this.placed.set(m.id, { ...m, x: to.x, y: to.y });
  }

  /** The plan with the drops added as one step (restarted models' earlier waypoints dropped). */
  plan(plan: MovePlan): MovePlan {
    if (this.drops.length === 0) return plan;
    const base: MovePlan =
      this.restarted.size === 0
        ? plan
        : {
            ...plan,
            steps: plan.steps.map((s) => s.filter((d) => !this.restarted.has(d.model))).filter((s) => s.length > 0),
          };
    return addDrop(base, this.drops);
  }
}

/**
 * The charge plan with every model that can reach base contact brought into it, and then each
 * model left out of contact and out of coherency moved up behind (see closeUp).
 * `models`: the table as the server has it (the plan's models at their starts); `enemy`: whether
 * a model is the charging player's enemy; `targets`: the declared charge targets; `roll`: the
 * charge roll.
 */
export function bringIntoContact(
  models: readonly ModelInfo[],
  plan: MovePlan,
  enemy: (m: ModelInfo) => boolean,
  targets: ReadonlySet<UnitId>,
  roll: number,
): ContactResult {
  const now = positions(plan);
  const sofar = pathLengths(plan);
  const ways = waypoints(plan);
  const at = new Placing(models, now);
  const enemies = models.filter(enemy);
  const targetModels = enemies.filter((o) => targets.has(o.unit));
  const inContact = (m: ModelInfo, p: Point) => enemies.some((o) => baseGap(m, p, at.placed.get(o.id) ?? o) <= CONTACT);
  const candidates = models
    .filter((m) => m.unit === plan.unit && plan.start.has(m.id))
    .map((m) => {
      const start = plan.start.get(m.id) as Point;
      const here = now.get(m.id) ?? start;
      const reach = targetModels.filter((t) => {
        const gap = baseGap(m, start, t);
        return gap > CONTACT && gap <= roll - 1e-6;
      });
      const order = reach.map((t) => ({ t, gap: baseGap(m, here, t) })).sort((a, b) => a.gap - b.gap);
      return { m, start, here, touching: inContact(m, here), order };
    })
    .filter((c) => !c.touching && c.order.length > 0)
    .sort((a, b) => (a.order[0]?.gap ?? 0) - (b.order[0]?.gap ?? 0));

  const brought: ModelId[] = [];
  const stuck: ModelId[] = [];
  for (const { m, start, here, order } of candidates) {
    const used = sofar.get(m.id) ?? 0;
    const moved = (ways.get(m.id) ?? []).length > 0;
    const legs: Leg[] = [
      // on from where the plan has it, when that still fits the roll
      ...(moved && used < roll ? [{ from: here, budget: roll - used, restart: false }] : []),
      // else the straight line from its start (the one the referee judges by)
      { from: start, budget: roll, restart: moved },
    ];
    const reachable = order.map((o) => o.t);
    const spot = straightIn(m, reachable, legs, at) ?? roundTheSide(m, reachable, legs, at, enemies, targets);
    if (spot) at.put(m, spot.to, spot.restart);
    (spot ? brought : stuck).push(m.id);
  }
  const left = models.filter((m) => m.unit === plan.unit && plan.start.has(m.id) && !inContact(m, at.placed.get(m.id) ?? m));
  const closed = closeUp(left, plan, targetModels, roll, at, enemies, targets);
  return { plan: at.plan(plan), brought, stuck, closed };
}

/** The straight move toward a target model's centre into base contact, target by target and leg
 * by leg (the referee's test, R11), onto free ground. */
function straightIn(m: ModelInfo, order: readonly ModelInfo[], legs: readonly Leg[], at: Placing): (Leg & { to: Point }) | null {
  for (const t of order) {
    for (const leg of legs) {
      const to = approach(m, leg.from, t);
      if (to && distance(leg.from, to) <= leg.budget - ROUNDING && at.free(m, to)) return { ...leg, to };
    }
  }
  return null;
}

/** The nearest free spot in contact round the side of a target model (its straight spots
 * taken), reached in a straight line that keeps to the referee's path rules. */
function roundTheSide(
  m: ModelInfo,
  order: readonly ModelInfo[],
  legs: readonly Leg[],
  at: Placing,
  enemies: readonly ModelInfo[],
  targets: ReadonlySet<UnitId>,
): (Leg & { to: Point }) | null {
  return aroundTargets(m, order, legs).find(({ from, to }) => at.free(m, to) && clearPath(m, from, to, enemies, targets)) ?? null;
}

/** Inches between the spots tried along a model's line when it closes up. */
const CLOSE_STEP = 0.05;

/**
 * The models of `left` (out of base contact) that are out of coherency where they stand, each
 * moved from its start straight toward its nearest target model as far as the roll, free ground
 * and the referee's path rules allow, nearest first (each ends closer to a target, §4.6); the
 * moved ones, in order.
 */
function closeUp(
  left: readonly ModelInfo[],
  plan: MovePlan,
  targetModels: readonly ModelInfo[],
  roll: number,
  at: Placing,
  enemies: readonly ModelInfo[],
  targets: ReadonlySet<UnitId>,
): ModelId[] {
  const closed: ModelId[] = [];
  const unit = () => [...at.placed.values()].filter((o) => o.unit === plan.unit);
  const nearest = (p: Point) => [...targetModels].sort((a, b) => distance(p, a) - distance(p, b))[0];
  const order = left
    .map((m) => ({ m, start: plan.start.get(m.id) as Point }))
    .sort((a, b) => distance(a.start, nearest(a.start) ?? a.start) - distance(b.start, nearest(b.start) ?? b.start));
  for (const { m, start } of order) {
    if (!incoherent(unit()).includes(m.id)) continue;
    const t = nearest(start);
    if (!t) break;
    const len = distance(start, t);
    if (len < 1e-9) continue;
    const dir = { x: (t.x - start.x) / len, y: (t.y - start.y) / len };
    for (let s = Math.min(roll - ROUNDING, len); s > CLOSE_STEP; s -= CLOSE_STEP) {
      const to = { x: start.x + dir.x * s, y: start.y + dir.y * s };
      if (at.free(m, to) && clearPath(m, start, to, enemies, targets)) {
        at.put(m, to, true);
        closed.push(m.id);
        break;
      }
    }
  }
  return closed;
}

interface Leg {
  /** Where the straight move starts: the plan's spot, or the model's start. */
  from: Point;
  /** Inches of the roll left for it. */
  budget: number;
  /** Whether the plan's earlier waypoints are dropped (the move starts again from the start). */
  restart: boolean;
}

/** Spots in base contact all around the target models that a straight leg reaches within its
 * budget, the shortest first. */
export function aroundTargets(model: ModelInfo, targets: readonly ModelInfo[], legs: readonly Leg[]): (Leg & { to: Point })[] {
  const spots = targets.flatMap((t) => {
    // beyond any contact spot round it: both bases' reach (the bisection starts out there)
    const far = reach(t.base) + reach(model.base) + 1;
    return Array.from({ length: RING }, (_, k) => {
      const a = (2 * Math.PI * k) / RING;
      return against(model, { x: t.x + Math.cos(a) * far, y: t.y + Math.sin(a) * far }, t);
    }).filter((p): p is Point => p !== null);
  });
  return legs
    .flatMap((leg) => spots.map((to) => ({ ...leg, to, d: distance(leg.from, to) })))
    .filter(({ d, budget }) => d <= budget - ROUNDING)
    .sort((a, b) => a.d - b.d)
    .map(({ from, budget, restart, to }) => ({ from, budget, restart, to }));
}

/** Whether `model` moving straight from `from` to `to` keeps off every enemy base and out of
 * Engagement Range of every enemy not among `targets` (the referee's path checks: §4.4 no
 * moving through enemy models, §4.6 no non-target enemy entered), checked every PATH_STEP. */
export function clearPath(
  model: ModelInfo,
  from: Point,
  to: Point,
  enemies: readonly ModelInfo[],
  targets: ReadonlySet<UnitId>,
): boolean {
  // a base reaches the path when its centre is within both bases' reach and Engagement Range
  // of it (a large hull's corner is far from its centre: review s14)
  const near = enemies.filter((o) => pointSegment(o, from, to) <= reach(o.base) + reach(model.base) + ENGAGEMENT + 0.01);
  const len = distance(from, to);
  const n = Math.max(1, Math.ceil(len / PATH_STEP));
  for (let i = 1; i <= n; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / n, y: from.y + ((to.y - from.y) * i) / n };
    for (const o of near) {
      const gap = baseGap(model, p, o);
      if (gap <= 0) return false;
      if (!targets.has(o.unit) && gap <= ENGAGEMENT && Math.abs(o.z - model.z) <= ENGAGEMENT_HIGH) return false;
    }
  }
  return true;
}

/** What "Bring into contact" did, in words, for the charge panel. */
export function contactNote({ brought, stuck, closed }: ContactResult): string {
  const n = (k: number) => `${k} model${k === 1 ? "" : "s"}`;
  const them = stuck.length === 1 ? "it" : "them";
  const parts = [
    ...(brought.length > 0 ? [`Brought ${n(brought.length)} into base contact`] : []),
    ...(stuck.length > 0 ? [`${n(stuck.length)} found no free spot in base contact within the roll (drag ${them} by hand)`] : []),
    ...(closed.length > 0 ? [`${n(closed.length)} that cannot reach moved up behind, to keep the unit together`] : []),
  ];
  if (parts.length === 0) return "No model out of base contact can reach an enemy model with this roll.";
  const text = parts.join("; ") + ".";
  return text.charAt(0).toUpperCase() + text.slice(1);
}
