// "Bring into contact" for a planned charge move: a charging model must end in base contact with
// an enemy model where a straight move from its start within the roll reaches one (wh40k-10th
// §4.6, rules decision R11; the referee's contact is a gap of 0.01" or less), and a unit of ten
// dragged as one leaves most of them short. Each model of the plan not in base contact whose
// start reaches a model of a declared target (its base gap ≤ the roll, as plan-warnings.ts
// judges it) is moved along the straight line toward the nearest such enemy model until the gap
// is CONTACT_GAP — from where the plan has it now when its path so far plus that fits the roll,
// else straight from its start (its earlier waypoints dropped) — greedily, nearest first, and a
// spot that would overlap another base (moved or not) is skipped for the next enemy model. What
// is left (coherency, Engagement Range of every target, a model that found no free spot) the
// plan's warnings tell. Pure.

import { type Point, distance } from "../geometry/vec";
import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { CONTACT_GAP, baseGap } from "./base-contact";
import { type Drop, type MovePlan, addDrop, pathLengths, positions, waypoints } from "./move-plan";

/** Inches: the referee's base contact (a gap this small or less). */
const CONTACT = 0.01;
/** Inches: a gap this small between two bases counts as an overlap (as plan-warnings.ts). */
const OVERLAP = 1e-3;
/** Inches kept under the roll: the command's waypoints are rounded to 0.001". */
const ROUNDING = 2e-3;

export interface ContactResult {
  /** The plan with the brought models' moves added (the same plan when none could be). */
  plan: MovePlan;
  /** The models brought into base contact, in the order they were placed. */
  brought: ModelId[];
  /** Models out of contact whose start reaches a target model but which found no free spot. */
  stuck: ModelId[];
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

/**
 * The charge plan with every model that can reach base contact brought into it.
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
  // where every model stands now: the plan's at their planned spots, the rest on the table
  const placed = new Map<ModelId, ModelInfo>(
    models.map((m) => {
      const at = now.get(m.id);
      return [m.id, at ? { ...m, x: at.x, y: at.y } : m];
    }),
  );
  const enemies = models.filter(enemy);
  const targetModels = enemies.filter((o) => targets.has(o.unit));
  const candidates = models
    .filter((m) => m.unit === plan.unit && plan.start.has(m.id))
    .map((m) => {
      const start = plan.start.get(m.id) as Point;
      const at = now.get(m.id) ?? start;
      const inContact = enemies.some((o) => baseGap(m, at, placed.get(o.id) ?? o) <= CONTACT);
      const reach = targetModels.filter((t) => {
        const gap = baseGap(m, start, t);
        return gap > CONTACT && gap <= roll - 1e-6;
      });
      const order = reach.map((t) => ({ t, gap: baseGap(m, at, t) })).sort((a, b) => a.gap - b.gap);
      return { m, start, at, inContact, order };
    })
    .filter((c) => !c.inContact && c.order.length > 0)
    .sort((a, b) => (a.order[0]?.gap ?? 0) - (b.order[0]?.gap ?? 0));

  const free = (m: ModelInfo, to: Point): boolean =>
    [...placed.values()].every(
      (o) => o.id === m.id || Math.abs(o.z - m.z) > 1e-6 || Math.hypot(o.x - to.x, o.y - to.y) > 12 || baseGap(m, to, o) > OVERLAP,
    );

  const drops: Drop[] = [];
  const restarted = new Set<ModelId>();
  const brought: ModelId[] = [];
  const stuck: ModelId[] = [];
  for (const { m, start, at, order } of candidates) {
    const moved = (ways.get(m.id) ?? []).length > 0;
    let done = false;
    for (const { t } of order) {
      // on from where the plan has it, when that still fits the roll
      const on = approach(m, at, t);
      if (on && (sofar.get(m.id) ?? 0) + distance(at, on) <= roll - ROUNDING && free(m, on)) {
        drops.push({ model: m.id, to: on });
        placed.set(m.id, { ...m, x: on.x, y: on.y });
        done = true;
        break;
      }
      // else the straight line from its start (the one the referee judges by)
      const straight = moved ? approach(m, start, t) : null;
      if (straight && distance(start, straight) <= roll - ROUNDING && free(m, straight)) {
        drops.push({ model: m.id, to: straight });
        restarted.add(m.id);
        placed.set(m.id, { ...m, x: straight.x, y: straight.y });
        done = true;
        break;
      }
    }
    (done ? brought : stuck).push(m.id);
  }
  if (drops.length === 0) return { plan, brought, stuck };
  const base: MovePlan =
    restarted.size === 0
      ? plan
      : {
          ...plan,
          steps: plan.steps.map((s) => s.filter((d) => !restarted.has(d.model))).filter((s) => s.length > 0),
        };
  return { plan: addDrop(base, drops), brought, stuck };
}
