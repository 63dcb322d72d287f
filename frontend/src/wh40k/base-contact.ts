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
import { convexDistance, convexGap, difference, normalized } from "../geometry/convex-gap";
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

/** A base about its position: a round base's radius, or its outline (counter-clockwise) and how
 * far it reaches; cached by base and facing (a pointer move measures thousands of gaps). */
interface Shape {
  key: string;
  radius: number | null;
  outline: Point[];
  reach: number;
}

/** Caches cleared whole past this many entries (bases and facings on one table are few). */
const CACHE_LIMIT = 2000;
const shapes = new Map<string, Shape>();
const differences = new Map<string, Point[]>();
/** The shape of a base object at a facing, without making its key again (the state's base
 * objects are shared by every copy of a model). */
let byBase = new WeakMap<object, Map<number, Shape>>();

function shapeOf(m: Pick<ModelInfo, "base" | "facing">): Shape {
  const quick = byBase.get(m.base)?.get(m.facing);
  if (quick) return quick;
  const key = `${JSON.stringify(m.base)}@${m.facing}`;
  const known = shapes.get(key) ?? newShape(m, key);
  const facings = byBase.get(m.base) ?? new Map<number, Shape>();
  facings.set(m.facing, known);
  byBase.set(m.base, facings);
  return known;
}

function newShape(m: Pick<ModelInfo, "base" | "facing">, key: string): Shape {
  const f = footprint(m.base);
  const round = f.kind === "ellipse" && f.along === f.across;
  const outline = round ? [] : normalized(outlinePolygon(offsetOutline({ base: m.base, at: { x: 0, y: 0 }, facing: m.facing }, 0), 96));
  const shape: Shape = { key, radius: round ? f.along : null, outline, reach: reach(m.base) };
  if (shapes.size >= CACHE_LIMIT) {
    shapes.clear();
    byBase = new WeakMap();
  }
  shapes.set(key, shape);
  return shape;
}

function differenceOf(a: Shape, b: Shape): Point[] {
  const key = `${a.key}|${b.key}`;
  const known = differences.get(key);
  if (known) return known;
  const made = difference(a.outline, b.outline);
  if (differences.size >= CACHE_LIMIT) differences.clear();
  differences.set(key, made);
  return made;
}

/** The gap between shape `sa` at `a` and shape `sb` at `b`; a round base measured exactly. */
function shapeGap(sa: Shape, a: Point, sb: Shape, b: Point): number {
  if (sa.radius !== null && sb.radius !== null) return Math.max(0, distance(a, b) - sa.radius - sb.radius);
  if (sa.radius !== null) return Math.max(0, convexDistance({ x: a.x - b.x, y: a.y - b.y }, sb.outline) - sa.radius);
  if (sb.radius !== null) return Math.max(0, convexDistance({ x: b.x - a.x, y: b.y - a.y }, sa.outline) - sb.radius);
  return convexGap(a, b, differenceOf(sa, sb));
}

/** The plan gap between two bases (0 where they overlap); circles exactly, others sampled
 * (96 points an oval), in time linear in the samples. */
export function baseGap(a: ModelInfo, at: Point, b: ModelInfo): number {
  return shapeGap(shapeOf(a), at, shapeOf(b), b);
}

/** No closer than this, by their reaches alone: the broad phase before a gap is measured. */
const apart = (sa: Shape, a: Point, sb: Shape, b: Point, gap: number): boolean => distance(a, b) - sa.reach - sb.reach > gap;

/** Where `model` dropped at `at` goes against `enemy`: the spot on the ray from the enemy's
 * centre through `at` whose gap is CONTACT_GAP (bisection; the gap grows along the ray). */
export function against(model: ModelInfo, at: Point, enemy: ModelInfo): Point | null {
  const dx = at.x - enemy.x;
  const dy = at.y - enemy.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return null;
  const spot = (t: number): Point => ({ x: enemy.x + (dx / len) * t, y: enemy.y + (dy / len) * t });
  const gap = gapsTo(model, enemy);
  let lo = 0;
  let hi = len + SNAP + 1;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (gap(spot(mid)) >= CONTACT_GAP) hi = mid;
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
  const sm = shapeOf(m);
  let best: ModelInfo | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const o of models) {
    if (o.id === m.id || !enemy(o)) continue;
    const so = shapeOf(o);
    if (apart(sm, at, so, o, SNAP)) continue;
    const gap = shapeGap(sm, at, so, o);
    if (gap <= SNAP && gap < bestGap) {
      best = o;
      bestGap = gap;
    }
  }
  return best;
}

/** `m` at `to` overlaps no other base (those in `placed` where they are put). */
function clearAt(models: readonly ModelInfo[], placed: ReadonlyMap<string, Point>, m: ModelInfo, to: Point): boolean {
  const sm = shapeOf(m);
  return models.every((o) => {
    if (o.id === m.id) return true;
    const at = placed.get(o.id) ?? o;
    const so = shapeOf(o);
    return apart(sm, to, so, at, 0) || shapeGap(sm, to, so, at) > 0;
  });
}

/** `baseGap(model, at, enemy)` for many `at`: the shapes looked up once. */
function gapsTo(model: ModelInfo, enemy: ModelInfo): (at: Point) => number {
  const sm = shapeOf(model);
  const se = shapeOf(enemy);
  return (at) => shapeGap(sm, at, se, enemy);
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

/** The drops of a planned move with each one near an enemy base put in contact with it: each
 * spot clear of the other models, those of this drop decided before it where they are put (two
 * models dragged side by side onto one enemy converge; the referee refuses an overlap). */
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
    const near = m && nearEnemy(models, enemy, m, d.to);
    const to = m && near ? against(m, d.to, near) : null;
    const out = m && to && clearAt(models, placed, m, to) ? { model: d.model, to } : d;
    placed.set(out.model, out.to);
    return out;
  });
}

/** The plan after dropping dragged models at `moves`, as the table shows it so far (the plan's
 * own earlier drops included): a drop near an enemy base of the moving player is put in contact
 * when that still fits the move (the charge roll, 3" for pile-in and consolidation; the plan's
 * length, climbing not counted). Where the spot straight from the enemy's centre does not fit
 * (or is taken), the contact spot on that enemy's outline nearest the drop that fits and is clear
 * is used, towards the model's last path point (r3 review #2); with none, the drop stays where it
 * was (h4 s15 #5: a drop short of the enemy was pulled past the roll into contact). Every spot
 * is clear of the spots already decided in this drop and of the others' drops (r4 review #2).
 * The same for a drop and for the drag's live read-out, so both show the same distance. Only the
 * few bases within reach are measured (r4 review #1: ovals froze the page on every move). */
export function dropOnPlan(state: W40State, plan: MovePlan, moves: readonly Drop[]): MovePlan {
  if (!SNAPPING.has(plan.purpose)) return addDrop(plan, moves);
  const mover = state.game.units[plan.unit]?.sheet.player;
  const owner = new Map(state.units.map((u) => [u.id, u.player]));
  const shown = shownTable(state, plan).state.models;
  const enemy = (m: ModelInfo) => owner.get(m.unit) !== mover;
  const limit = planLimit(state, plan, plan.purpose);
  const sofar = pathLengths(plan);
  const at = positions(plan);
  const byId = new Map(shown.map((m) => [m.id, m]));
  // Other models of this drop where they are put (decided ones) or dropped (the rest).
  const placed = new Map(moves.map((d) => [d.model, d.to]));
  const decide = (raw: Drop): Drop => {
    const m = byId.get(raw.model);
    const near = m && nearEnemy(shown, enemy, m, raw.to);
    if (!m || !near) return raw;
    const clear = (to: Point) => clearAt(shown, placed, m, to);
    const from = at.get(raw.model);
    const budget = limit === null ? null : limit - (sofar.get(raw.model) ?? 0);
    const radial = against(m, raw.to, near);
    const fits = (p: Point) => budget === null || from === undefined || distance(from, p) <= budget + 1e-6;
    if (radial && fits(radial) && clear(radial)) return { model: raw.model, to: radial };
    if (budget === null || !from) return raw;
    const spot = contactWithin(m, raw.to, near, from, budget, clear);
    return spot ? { model: raw.model, to: spot } : raw;
  };
  return addDrop(
    plan,
    moves.map((raw) => {
      const out = decide(raw);
      placed.set(out.model, out.to);
      return out;
    }),
  );
}
