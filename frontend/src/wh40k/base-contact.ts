// Base contact by hand: a charge must end in base contact where it can (wh40k-10th §4.6, rules
// decision R11), and the referee allows a gap of 0.01" — far finer than a mouse. A model of a
// charge, pile-in or consolidation dropped within SNAP of an enemy base is put against it: moved
// along the line from the enemy's centre until the gap is CONTACT_GAP, unless that spot overlaps
// another base (then the drop stays where it was). When that spot is beyond the move (or taken),
// another contact spot on that enemy's outline, towards the model's last path point, is used if
// one fits and is clear. Pure: the board hands in the drops (and, while dragging, where they
// would drop now).

import { footprint, reach } from "../geometry/base-footprint";
import { type Point, distance } from "../geometry/vec";
import { closestPoints } from "../board/tools/closest-points";
import { offsetOutline, outlinePolygon } from "../board/tools/outline";
import type { ModelInfo } from "../protocol/messages";
import { shownTable } from "./board-state";
import { type Drop, type MovePlan, type PlanPurpose, addDrop, pathLengths, positions } from "./move-plan";
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

/** The enemy base nearest `at` within SNAP of `m` dropped there (none: undefined). */
function nearEnemy(
  models: readonly ModelInfo[],
  enemy: (m: ModelInfo) => boolean,
  m: ModelInfo,
  at: Point,
): ModelInfo | undefined {
  return models
    .filter((o) => enemy(o) && o.id !== m.id)
    .map((o) => ({ o, gap: baseGap(m, at, o) }))
    .filter(({ gap }) => gap <= SNAP)
    .sort((a, b) => a.gap - b.gap)[0]?.o;
}

/** `m` at `to` overlaps no other base (those in `placed` where they are put). */
function clearAt(models: readonly ModelInfo[], placed: ReadonlyMap<string, Point>, m: ModelInfo, to: Point): boolean {
  return models.every((o) => {
    if (o.id === m.id) return true;
    const at = placed.get(o.id);
    const other = at ? { ...o, x: at.x, y: at.y } : o;
    return baseGap(m, to, other) > 0;
  });
}

/** `baseGap(model, at, enemy)` for many `at`: the enemy's outline made once, and a round model
 * measured from its centre (the search runs while dragging). */
function gapsTo(model: ModelInfo, enemy: ModelInfo): (at: Point) => number {
  const fm = footprint(model.base);
  const fe = footprint(enemy.base);
  if (fm.kind !== "ellipse" || fm.along !== fm.across) {
    if (fe.kind !== "ellipse" || fe.along !== fe.across) return (at) => baseGap(model, at, enemy);
    // a round enemy: from its centre to the model's outline, moved to `at`
    const own = polygon(model, { x: 0, y: 0 });
    const re = fe.along;
    return (at) => {
      const moved = own.map((p) => ({ x: p.x + at.x, y: p.y + at.y }));
      return Math.max(0, closestPoints([enemy], moved).distance - re);
    };
  }
  const r = fm.along;
  if (fe.kind === "ellipse" && fe.along === fe.across) {
    return (at) => Math.max(0, distance(at, enemy) - r - fe.along);
  }
  const outline = polygon(enemy, enemy);
  return (at) => Math.max(0, closestPoints([at], outline).distance - r);
}

/** Bisection steps along a ray: 2^-20 of a few inches, far below CONTACT_GAP. */
const RAY_STEPS = 20;

/** The contact spot (gap CONTACT_GAP) on the ray from the enemy's centre at `angle`. */
function contactAt(gap: (at: Point) => number, enemy: ModelInfo, far: number, angle: number): Point {
  const spot = (t: number): Point => ({ x: enemy.x + Math.cos(angle) * t, y: enemy.y + Math.sin(angle) * t });
  let lo = 0;
  let hi = far;
  for (let i = 0; i < RAY_STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (gap(spot(mid)) >= CONTACT_GAP) hi = mid;
    else lo = mid;
  }
  return spot(hi);
}

/** Candidate angles on the contact outline, from the drop's to the last path point's. */
const SEARCH_STEPS = 16;
/** Bisection steps between the last candidate beyond the move and the first within it. */
const REFINE_STEPS = 12;
/** Inches: a refined spot keeps this much of the move spare (the server measures it again). */
const REFINE_SPARE = 1e-3;

/**
 * Where `m`, dropped at `drop` near `enemy` where the radial contact spot does not fit the move
 * (r3 review #2: only a drop almost on the straight line reached contact), touches the enemy
 * within `budget` inches of `from` (its last path point): walking the contact outline from the
 * drop's angle towards `from`'s (for two round bases the nearest spot of all lies on the ray
 * towards `from`, the last candidate), the first spot that fits and is clear, refined towards
 * the drop. Null when none fits and is clear.
 */
export function contactWithin(
  m: ModelInfo,
  drop: Point,
  enemy: ModelInfo,
  from: Point,
  budget: number,
  clear: (to: Point) => boolean,
): Point | null {
  const a0 = Math.atan2(drop.y - enemy.y, drop.x - enemy.x);
  const a1 = Math.atan2(from.y - enemy.y, from.x - enemy.x);
  let turn = a1 - a0;
  while (turn > Math.PI) turn -= 2 * Math.PI;
  while (turn <= -Math.PI) turn += 2 * Math.PI;
  const fits = (p: Point, spare = 0) => distance(from, p) <= budget - spare + 1e-6;
  const gap = gapsTo(m, enemy);
  const far = reach(m.base) + reach(enemy.base) + 1;
  const at = (t: number): Point => contactAt(gap, enemy, far, a0 + turn * t);
  let before = 0; // the fraction of the turn of the last candidate beyond the move
  for (let i = 1; i <= SEARCH_STEPS; i++) {
    const t = i / SEARCH_STEPS;
    const spot = at(t);
    if (!fits(spot)) {
      before = t;
      continue;
    }
    if (!clear(spot)) continue;
    // Nearer the drop: the spot where the move just fits, between `before` and `t`.
    let lo = before;
    let hi = t;
    let best = spot;
    for (let k = 0; k < REFINE_STEPS; k++) {
      const mid = (lo + hi) / 2;
      const p = at(mid);
      if (fits(p, REFINE_SPARE)) {
        hi = mid;
        if (clear(p)) best = p;
      } else lo = mid;
    }
    return best;
  }
  return null;
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
    const near = nearEnemy(models, enemy, m, d.to);
    if (!near) return d;
    const to = against(m, d.to, near);
    if (!to) return d;
    return clearAt(models, placed, m, to) ? { model: d.model, to } : d;
  });
}

/** The plan after dropping dragged models at `moves`, as the table shows it so far (the plan's
 * own earlier drops included): a drop near an enemy base of the moving player is put in contact
 * when that still fits the move (the charge roll, 3" for pile-in and consolidation; the plan's
 * length, climbing not counted). Where the spot straight from the enemy's centre does not fit
 * (or is taken), the contact spot on that enemy's outline nearest the drop that fits and is clear
 * is used, towards the model's last path point (r3 review #2); with none, the drop stays where it
 * was (h4 s15 #5: a drop short of the enemy was pulled past the roll into contact). The same for
 * a drop and for the drag's live read-out, so both show the same distance. */
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
  const sofar = pathLengths(plan);
  const at = positions(plan);
  const byId = new Map(shown.map((m) => [m.id, m]));
  // Other models of this drop where they are put (decided ones) or dropped (the rest).
  const placed = new Map(moves.map((d) => [d.model, d.to]));
  return addDrop(
    plan,
    snapped.map((d, i) => {
      const raw = moves[i] ?? d;
      let out: Drop = d;
      if (d === raw || !fits(d)) {
        const m = byId.get(raw.model);
        const from = at.get(raw.model);
        const near = m && nearEnemy(shown, enemy, m, raw.to);
        const spot =
          m && from && near
            ? contactWithin(m, raw.to, near, from, limit - (sofar.get(raw.model) ?? 0), (to) =>
                clearAt(shown, placed, m, to),
              )
            : null;
        out = spot ? { model: raw.model, to: spot } : raw;
      }
      placed.set(out.model, out.to);
      return out;
    }),
  );
}
