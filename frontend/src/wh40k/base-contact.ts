// Base contact by hand: a charge must end in base contact where it can (wh40k-10th §4.6, rules
// decision R11), and the referee allows a gap of 0.01" — far finer than a mouse. A model of a
// charge, pile-in or consolidation dropped within SNAP of an enemy base is put against it: moved
// along the line from the enemy's centre until the gap is CONTACT_GAP, unless that spot overlaps
// another base (then the drop stays where it was). Pure: the board hands in the drops (and, while
// dragging, where they would drop now).

import { footprint } from "../geometry/base-footprint";
import { type Point, distance } from "../geometry/vec";
import { closestPoints } from "../board/tools/closest-points";
import { offsetOutline, outlinePolygon } from "../board/tools/outline";
import type { ModelInfo } from "../protocol/messages";
import { shownTable } from "./board-state";
import { type Drop, type MovePlan, type PlanPurpose, addDrop, pathLengths } from "./move-plan";
import { planLimit } from "./plan-start";
import type { W40State } from "./wire";

/** Inches: a dropped base this close to an enemy base is put in contact with it. */
export const SNAP = 0.4;
/** Inches: the gap left at contact (the referee's contact is 0.01"; no overlap at 0). */
export const CONTACT_GAP = 0.004;

const SNAPPING: ReadonlySet<PlanPurpose> = new Set(["charge", "pile_in", "consolidate"]);

const polygon = (m: ModelInfo, at: Point): Point[] =>
  outlinePolygon(offsetOutline({ base: m.base, at, facing: m.facing }, 0), 96);

/** The plan gap between two bases (0 where they overlap); circles exactly, others sampled. */
export function baseGap(a: ModelInfo, at: Point, b: ModelInfo): number {
  const fa = footprint(a.base);
  const fb = footprint(b.base);
  const round = (f: typeof fa) => f.kind === "ellipse" && f.along === f.across;
  if (round(fa) && round(fb) && fa.kind === "ellipse" && fb.kind === "ellipse") {
    return Math.max(0, distance(at, b) - fa.along - fb.along);
  }
  return closestPoints(polygon(a, at), polygon(b, b)).distance;
}

/** Where `model` dropped at `at` goes against `enemy`: the spot on the ray from the enemy's
 * centre through `at` whose gap is CONTACT_GAP (bisection; the gap grows along the ray). */
export function against(model: ModelInfo, at: Point, enemy: ModelInfo): Point | null {
  const dx = at.x - enemy.x;
  const dy = at.y - enemy.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return null;
  const spot = (t: number): Point => ({ x: enemy.x + (dx / len) * t, y: enemy.y + (dy / len) * t });
  let lo = 0;
  let hi = len + SNAP + 1;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (baseGap(model, spot(mid), enemy) >= CONTACT_GAP) hi = mid;
    else lo = mid;
  }
  return spot(hi);
}

/** The drops of a planned move with each one near an enemy base put in contact with it. */
export function snapToContact(
  models: readonly ModelInfo[],
  enemy: (m: ModelInfo) => boolean,
  purpose: PlanPurpose,
  drops: readonly Drop[],
): Drop[] {
  if (!SNAPPING.has(purpose)) return [...drops];
  const byId = new Map(models.map((m) => [m.id, m]));
  const placed = new Map(drops.map((d) => [d.model, d.to]));
  return drops.map((d) => {
    const m = byId.get(d.model);
    if (!m) return d;
    const near = models
      .filter((o) => enemy(o) && o.id !== m.id)
      .map((o) => ({ o, gap: baseGap(m, d.to, o) }))
      .filter(({ gap }) => gap <= SNAP)
      .sort((a, b) => a.gap - b.gap)[0];
    if (!near) return d;
    const to = against(m, d.to, near.o);
    if (!to) return d;
    const clear = models.every((o) => {
      if (o.id === m.id) return true;
      const at = placed.get(o.id);
      const other = at ? { ...o, x: at.x, y: at.y } : o;
      return baseGap(m, to, other) > 0;
    });
    return clear ? { model: d.model, to } : d;
  });
}

/** The plan after dropping dragged models at `moves`, as the table shows it so far (the plan's
 * own earlier drops included): a drop near an enemy base of the moving player is put in contact
 * when that still fits the move (the charge roll, 3" for pile-in and consolidation; the plan's
 * length, climbing not counted), else it stays where it was dropped (h4 s15 #5: a drop short of
 * the enemy was pulled past the roll into contact). The same for a drop and for the drag's live
 * read-out, so both show the same distance. */
export function dropOnPlan(state: W40State, plan: MovePlan, moves: readonly Drop[]): MovePlan {
  const mover = state.game.units[plan.unit]?.sheet.player;
  const owner = new Map(state.units.map((u) => [u.id, u.player]));
  const shown = shownTable(state, plan).state.models;
  const enemy = (m: ModelInfo) => owner.get(m.unit) !== mover;
  const snapped = snapToContact(shown, enemy, plan.purpose, moves);
  const limit = SNAPPING.has(plan.purpose) ? planLimit(state, plan, plan.purpose) : null;
  if (limit === null) return addDrop(plan, snapped);
  const lengths = pathLengths(addDrop(plan, snapped));
  const fits = (d: Drop) => (lengths.get(d.model) ?? 0) <= limit + 1e-6;
  return addDrop(
    plan,
    snapped.map((d, i) => (d === moves[i] || fits(d) ? d : (moves[i] ?? d))),
  );
}
