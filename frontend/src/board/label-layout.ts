// Where the table's name labels go on screen so that none covers another: a greedy placement in
// priority order (the selected or dragged unit, other units, objectives, terrain) over a grid of
// screen-pixel buckets. Each label takes the least bad of its candidates: one further down its
// list, one covering a base (any unit's, its own too) and one past the table's edge all cost, a
// label over another label or out of the viewport is never shown. A candidate past the table's
// edge is also tried moved back onto the table. Pure: sizes and anchors in, positions out.
// Where a placed unit name could still be read as another's (far from its models, or its middle
// nearer another unit's base or an objective), leaderLine gives the thin line the board draws
// from it to its own nearest base; words the page writes over the table (a zone's name,
// captionBox) are kept clear like reserved read-outs, since they would hide a name under them.

/** A screen rectangle in pixels: top-left corner and size. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type LabelKind = "focus" | "unit" | "objective" | "terrain";

/** Higher goes first; a label never moves a label placed before it. */
export const PRIORITY: Readonly<Record<LabelKind, number>> = {
  focus: 3,
  unit: 2,
  objective: 1,
  terrain: 0,
};

/**
 * How a label treats the bases on the table: "avoid" never covers one (else it is hidden),
 * "prefer" picks a candidate covering fewer if it can (the least bad when all cover some),
 * "ignore" does not look.
 */
export type BasePolicy = "avoid" | "prefer" | "ignore";

export interface LabelRequest {
  key: string;
  kind: LabelKind;
  w: number;
  h: number;
  /** Top-left corners to try, best first. */
  candidates: readonly { x: number; y: number }[];
  bases: BasePolicy;
  /** The unit the label names (bases it covers count like any other: a name hides its models too). */
  owner?: string;
}

/** A base (or anything else a label should not cover) on screen. */
export interface Obstacle extends Rect {
  owner?: string;
}

export interface Placed extends Rect {
  /**
   * Which candidate was taken: its index, or the number of candidates plus its index for the
   * candidate moved back onto the table.
   */
  choice: number;
}

export interface LayoutInput {
  labels: readonly LabelRequest[];
  /** Screen area labels must stay inside. */
  viewport: { width: number; height: number };
  /** The table on screen: a label past its edge costs (it reads as hanging off the table). */
  bounds?: Rect;
  /** Rectangles already taken (a drag read-out, a ruler's distance): no label covers them. */
  reserved?: readonly Rect[];
  obstacles?: readonly Obstacle[];
  /** The choice each label took last time: kept while it stays free and nearly as good. */
  previous?: ReadonlyMap<string, number>;
  /** Space kept between two labels, in pixels. */
  gap?: number;
}

export interface LayoutResult {
  placed: Map<string, Placed>;
  hidden: Set<string>;
}

/** A candidate one step worse than the best is kept if it is where the label already was. */
const STICKY = 1.5;
/** What covering one base costs against moving one candidate further down the list. */
export const BASE_COST = 10;
/** What reaching past the table's edge costs: between covering one base and covering two. */
export const OFF_TABLE_COST = 15;
/** What moving a candidate back onto the table costs (it is a little off its anchor). */
const MOVED_COST = 0.5;
const CELL = 64;

/** Rectangles bucketed by the grid cells they touch; `query` finds those that may overlap. */
export class RectIndex<T extends Rect> {
  private readonly cells = new Map<number, T[]>();

  insert(r: T): void {
    this.forCells(r, (k) => {
      const list = this.cells.get(k);
      if (list) list.push(r);
      else this.cells.set(k, [r]);
    });
  }

  /** Every stored rectangle overlapping `r` (each once). */
  overlapping(r: Rect): T[] {
    const found = new Set<T>();
    this.forCells(r, (k) => {
      for (const s of this.cells.get(k) ?? []) if (overlaps(r, s)) found.add(s);
    });
    return [...found];
  }

  /** Take out `r` (the very object inserted). */
  remove(r: T): void {
    this.forCells(r, (k) => {
      const list = this.cells.get(k);
      const i = list?.indexOf(r) ?? -1;
      if (list && i >= 0) list.splice(i, 1);
    });
  }

  /** How many stored rectangles overlap `r` (no list built in the common case: the layout's hot path). */
  count(r: Rect): number {
    const x0 = Math.floor(r.x / CELL);
    const x1 = Math.floor((r.x + r.w) / CELL);
    const y0 = Math.floor(r.y / CELL);
    const y1 = Math.floor((r.y + r.h) / CELL);
    if (x0 === x1 && y0 === y1) {
      let n = 0;
      for (const s of this.cells.get((x0 + 4096) * 8192 + (y0 + 4096)) ?? []) if (overlaps(r, s)) n++;
      return n;
    }
    const found = new Set<T>();
    this.forCells(r, (k) => {
      for (const s of this.cells.get(k) ?? []) if (overlaps(r, s)) found.add(s);
    });
    return found.size;
  }

  any(r: Rect): boolean {
    let hit = false;
    this.forCells(r, (k) => {
      if (!hit) hit = (this.cells.get(k) ?? []).some((s) => overlaps(r, s));
    });
    return hit;
  }

  private forCells(r: Rect, visit: (key: number) => void): void {
    const x0 = Math.floor(r.x / CELL);
    const x1 = Math.floor((r.x + r.w) / CELL);
    const y0 = Math.floor(r.y / CELL);
    const y1 = Math.floor((r.y + r.h) / CELL);
    for (let i = x0; i <= x1; i++) {
      for (let j = y0; j <= y1; j++) visit((i + 4096) * 8192 + (j + 4096));
    }
  }
}

/** Open rectangles overlap (touching edges do not). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const inside = (r: Rect, vp: { width: number; height: number }): boolean =>
  r.x >= 0 && r.y >= 0 && r.x + r.w <= vp.width && r.y + r.h <= vp.height;

const grow = (r: Rect, by: number): Rect => ({ x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by });

/** Labels in the order they are placed: priority, then key (so the order never depends on input order). */
function placingOrder(labels: readonly LabelRequest[]): LabelRequest[] {
  return [...labels].sort(
    (a, b) => PRIORITY[b.kind] - PRIORITY[a.kind] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/**
 * Place every label at its best free candidate, in priority order; a label with no free candidate
 * is hidden. Visible labels never overlap each other (nor `reserved`), even counting `gap`.
 *
 * Then one repair pass: a label left covering bases (or past the table's edge) may take a better
 * place from the one label of its priority that holds it, when that label finds another place
 * and the two together cover fewer bases; hidden labels of that priority then try again.
 */
export function layoutLabels(input: LayoutInput): LayoutResult {
  const gap = input.gap ?? 2;
  const taken = new RectIndex<Slot>();
  for (const r of input.reserved ?? []) taken.insert(grow(r, gap));
  const bases = new RectIndex<Obstacle>();
  for (const o of input.obstacles ?? []) bases.insert(o);
  const placed = new Map<string, Scored>();
  const slots = new Map<string, Slot>();
  const hidden = new Set<string>();
  const put = (label: LabelRequest, at: Scored): void => {
    placed.set(label.key, at);
    const slot: Slot = { ...grow(at, gap), label };
    slots.set(label.key, slot);
    taken.insert(slot);
  };
  const lift = (key: string): void => {
    const slot = slots.get(key);
    if (slot) taken.remove(slot);
    slots.delete(key);
    placed.delete(key);
  };
  const order = placingOrder(input.labels);
  for (const label of order) {
    const best = bestCandidate(label, input, taken, bases);
    if (best === null) hidden.add(label.key);
    else put(label, best);
  }
  // Level by level (a repair swaps two labels of one priority), hidden labels of that level
  // trying again before any lower label may take a place the swaps freed.
  for (let i = 0; i < order.length; ) {
    const level = PRIORITY[order[i]?.kind ?? "terrain"];
    let end = i;
    while (end < order.length && PRIORITY[order[end]?.kind ?? "terrain"] === level) end++;
    const group = order.slice(i, end);
    for (const label of group) {
      const now = placed.get(label.key);
      if (now && now.penalty > 0) repair(label, now);
    }
    for (const label of group) {
      if (!hidden.has(label.key)) continue;
      const best = bestCandidate(label, input, taken, bases);
      if (best === null) continue;
      hidden.delete(label.key);
      put(label, best);
    }
    i = end;
  }
  return { placed: new Map([...placed].map(([k, { x, y, w, h, choice }]) => [k, { x, y, w, h, choice }])), hidden };

  function repair(label: LabelRequest, now: Scored): void {
    lift(label.key);
    for (const at of places(label, input)) {
      if (!inside(at, input.viewport)) continue;
      const penalty = penaltyOf(label, at, input, bases);
      if (penalty === null || penalty >= now.penalty) continue;
      const holders = taken.overlapping(at);
      const other = holders[0]?.label;
      if (holders.length !== 1 || !other || PRIORITY[other.kind] !== PRIORITY[label.kind]) continue;
      const was = placed.get(other.key);
      if (!was) continue;
      lift(other.key);
      put(label, { ...at, score: at.rank + penalty, penalty });
      const moved = bestCandidate(other, input, taken, bases);
      if (moved && moved.penalty + penalty < was.penalty + now.penalty) {
        put(other, moved);
        return;
      }
      lift(label.key);
      put(other, was);
    }
    put(label, now);
  }
}

/** A label's place in `taken`, with the label (reserved read-outs have none: they never move). */
interface Slot extends Rect {
  label?: LabelRequest;
}

interface Scored extends Placed {
  score: number;
  /** What it costs in covered bases and reaching past the table's edge (0: a clean place). */
  penalty: number;
}

interface Place extends Rect {
  choice: number;
  /** Its rank among the label's candidates (a candidate moved back onto the table ranks a bit after). */
  rank: number;
}

/** Every place a label may take: its candidates, and each one past the table's edge moved back on. */
function places(label: LabelRequest, input: LayoutInput): Place[] {
  const { candidates, w, h } = label;
  const n = candidates.length;
  // Where a label may be moved back to: the table's part of the viewport.
  const area = input.bounds ? clipTo(input.bounds, input.viewport) : null;
  const out: Place[] = [];
  for (let choice = 0; choice < n; choice++) {
    const at = candidates[choice];
    if (!at) continue;
    const r: Place = { x: at.x, y: at.y, w, h, choice, rank: choice };
    out.push(r);
    if (area && !within(r, area) && w <= area.w && h <= area.h) {
      const x = Math.round(Math.min(Math.max(r.x, area.x), area.x + area.w - w));
      const y = Math.round(Math.min(Math.max(r.y, area.y), area.y + area.h - h));
      out.push({ x, y, w, h, choice: n + choice, rank: choice + MOVED_COST });
    }
  }
  return out;
}

/** The bases and table-edge cost of a place, or null where the label may not go over bases. */
function penaltyOf(label: LabelRequest, r: Rect, input: LayoutInput, bases: RectIndex<Obstacle>): number | null {
  const covered = label.bases === "ignore" ? 0 : bases.count(r);
  if (covered > 0 && label.bases === "avoid") return null;
  return BASE_COST * covered + (input.bounds && !within(r, input.bounds) ? OFF_TABLE_COST : 0);
}

function bestCandidate(
  label: LabelRequest,
  input: LayoutInput,
  taken: RectIndex<Slot>,
  bases: RectIndex<Obstacle>,
): Scored | null {
  const before = input.previous?.get(label.key);
  let best: Scored | null = null;
  for (const at of places(label, input)) {
    if (!inside(at, input.viewport) || taken.any(at)) continue;
    const penalty = penaltyOf(label, at, input, bases);
    if (penalty === null) continue;
    const score = at.rank + penalty - (at.choice === before ? STICKY : 0);
    if (best === null || score < best.score) best = { x: at.x, y: at.y, w: at.w, h: at.h, choice: at.choice, score, penalty };
  }
  return best;
}

const within = (r: Rect, b: Rect): boolean => r.x >= b.x && r.y >= b.y && r.x + r.w <= b.x + b.w && r.y + r.h <= b.y + b.h;

function clipTo(r: Rect, vp: { width: number; height: number }): Rect {
  const x = Math.max(0, r.x);
  const y = Math.max(0, r.y);
  return { x, y, w: Math.max(0, Math.min(vp.width, r.x + r.w) - x), h: Math.max(0, Math.min(vp.height, r.y + r.h) - y) };
}

/**
 * Candidates around a box (a unit's bases on screen), `gap` pixels off it: centred above, below,
 * then right and left; then above and below again shifted half a label to either side (its edge
 * on the box's middle), then a label's height further above and below: for when the nearer places
 * cover a neighbour's bases. Positions are rounded to whole pixels so text stays crisp.
 */
export function aroundBox(box: Rect, w: number, h: number, gap = 4): { x: number; y: number }[] {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const above = box.y - gap - h;
  const below = box.y + box.h + gap;
  return [
    { x: cx - w / 2, y: above },
    { x: cx - w / 2, y: below },
    { x: box.x + box.w + gap, y: cy - h / 2 },
    { x: box.x - gap - w, y: cy - h / 2 },
    { x: cx, y: above },
    { x: cx - w, y: above },
    { x: cx, y: below },
    { x: cx - w, y: below },
    { x: cx - w / 2, y: above - h - gap },
    { x: cx - w / 2, y: below + h + gap },
  ].map(roundPoint);
}

/**
 * Candidates for a label naming an area (a terrain piece): on its centre, then shifted up and
 * down by one and two label heights while the label's middle stays within `area`.
 */
export function inArea(centre: { x: number; y: number }, area: Rect, w: number, h: number): { x: number; y: number }[] {
  const out = [{ x: centre.x - w / 2, y: centre.y - h / 2 }];
  for (const k of [1, -1, 2, -2]) {
    const y = centre.y + k * (h + 2);
    if (y >= area.y && y <= area.y + area.h) out.push({ x: centre.x - w / 2, y: y - h / 2 });
  }
  return out.map(roundPoint);
}

const roundPoint = (p: { x: number; y: number }) => ({ x: Math.round(p.x), y: Math.round(p.y) });

/**
 * A read-out's top-left corner moved as little as it takes to show it whole inside the viewport
 * (`pad` pixels from its edges): a ring's label above a ring taller than the screen stays in view.
 * A label wider or taller than the viewport keeps its left or top edge in.
 */
export function keepInside(
  at: { x: number; y: number },
  size: { w: number; h: number },
  viewport: { width: number; height: number },
  pad = 4,
): { x: number; y: number } {
  const x = Math.max(pad, Math.min(at.x, viewport.width - size.w - pad));
  const y = Math.max(pad, Math.min(at.y, viewport.height - size.h - pad));
  return { x, y };
}

/** A base on screen as a circle: its centre and its reach, in pixels. */
export interface Disc {
  x: number;
  y: number;
  r: number;
}

/**
 * The box a unit's name goes around: its models' bounding box, or, for a unit split apart, that
 * of its largest coherent group (models linked by gaps of at most `link` pixels, edge to edge), so
 * the name sits by models rather than in the empty space between the groups. Of equal groups the
 * one nearest the unit's centroid wins, then the first in input order. `usable` skips a group (one
 * off screen): the next best is taken; null when there is none.
 */
export function groupBox(discs: readonly Disc[], link: number, usable: (r: Rect) => boolean = () => true): Rect | null {
  const n = discs.length;
  if (n === 0) return null;
  const parent = discs.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] ?? r;
    while (parent[i] !== r) {
      const next = parent[i] ?? r;
      parent[i] = r;
      i = next;
    }
    return r;
  };
  for (let i = 0; i < n; i++) {
    const a = discs[i];
    if (!a) continue;
    for (let j = i + 1; j < n; j++) {
      const b = discs[j];
      if (b && Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r <= link + 1e-6) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, Disc[]>();
  discs.forEach((d, i) => {
    const k = root(i);
    const g = groups.get(k);
    if (g) g.push(d);
    else groups.set(k, [d]);
  });
  const mid = (ds: readonly Disc[]) => ({
    x: ds.reduce((s, d) => s + d.x, 0) / ds.length,
    y: ds.reduce((s, d) => s + d.y, 0) / ds.length,
  });
  const all = mid(discs);
  const ranked = [...groups.values()]
    .map((ds, order) => {
      const c = mid(ds);
      return { ds, order, size: ds.length, off: Math.hypot(c.x - all.x, c.y - all.y) };
    })
    .sort((a, b) => b.size - a.size || a.off - b.off || a.order - b.order);
  for (const { ds } of ranked) {
    const box = discBox(ds);
    if (usable(box)) return box;
  }
  return null;
}

function discBox(ds: readonly Disc[]): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const d of ds) {
    x0 = Math.min(x0, d.x - d.r);
    y0 = Math.min(y0, d.y - d.r);
    x1 = Math.max(x1, d.x + d.r);
    y1 = Math.max(y1, d.y + d.r);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A line on screen, in pixels: from a label's edge to the base it names. */
export interface Leader {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** How far a rectangle's nearest point is from a disc's edge (0 when it touches or covers it). */
function gapTo(r: Rect, d: Disc): number {
  const dx = Math.max(r.x - d.x, 0, d.x - (r.x + r.w));
  const dy = Math.max(r.y - d.y, 0, d.y - (r.y + r.h));
  return Math.max(0, Math.hypot(dx, dy) - d.r);
}

/** How far the middle half of a label's centre line is from a disc's edge (0 when it reaches it). */
function middleGap(r: Rect, d: Disc): number {
  const y = r.y + r.h / 2;
  const dx = Math.max(r.x + r.w / 4 - d.x, 0, d.x - (r.x + (3 * r.w) / 4));
  return Math.max(0, Math.hypot(dx, y - d.y) - d.r);
}

/**
 * The leader line a unit's name needs where it was placed, or null when none is. A name is read
 * as naming what its middle sits by, so it could be taken for another's when it is further than
 * `near` pixels (about a label's height) from its own nearest base, or when another unit's base
 * or an objective marker (`others`) is nearer the middle of the name than its own nearest base
 * (a name at its unit's corner, its middle over a neighbour). The line runs from the name's point
 * nearest that base to the base's edge, so the name points at its own models.
 */
export function leaderLine(label: Rect, own: readonly Disc[], others: readonly Disc[], near: number): Leader | null {
  let best: Disc | null = null;
  let mine = Infinity;
  let mineMid = Infinity;
  for (const d of own) {
    const g = gapTo(label, d);
    if (g < mine) {
      mine = g;
      best = d;
    }
    mineMid = Math.min(mineMid, middleGap(label, d));
  }
  if (best === null) return null;
  let theirs = Infinity;
  for (const d of others) theirs = Math.min(theirs, middleGap(label, d));
  if (mine <= near && mineMid <= theirs) return null;
  // The label's point nearest the base's centre, and the base's edge towards it.
  const x1 = Math.min(Math.max(best.x, label.x), label.x + label.w);
  const y1 = Math.min(Math.max(best.y, label.y), label.y + label.h);
  const len = Math.hypot(x1 - best.x, y1 - best.y);
  if (len <= best.r) return null; // the name covers its own base there: nothing to point along
  const k = best.r / len;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { x1: round(x1), y1: round(y1), x2: round(best.x + (x1 - best.x) * k), y2: round(best.y + (y1 - best.y) * k) };
}

/**
 * The screen box of words the page writes over the table (a zone's name, bold, with a halo),
 * centred on `at`, in a font `font` pixels high: generous (0.62 em a letter, the halo and a line's
 * leading), since a name under it is hidden by it.
 */
export function captionBox(at: { x: number; y: number }, text: string, font: number): Rect {
  const w = (text.length * 0.62 + 0.6) * font;
  const h = 1.4 * font;
  return { x: Math.round(at.x - w / 2), y: Math.round(at.y - h / 2), w: Math.round(w), h: Math.round(h) };
}

/**
 * An oval base as circles for leaderLine (the circle round it reaches far past its narrow sides):
 * circles of its half-width along its long axis, no further apart than that radius, centred at
 * (x, y) and turned by `facing` degrees (clockwise on screen, the long axis along the facing when
 * `along` is the longer). A round base is one circle.
 */
export function ovalDiscs(x: number, y: number, along: number, across: number, facing: number): Disc[] {
  const long = Math.max(along, across);
  const r = Math.min(along, across);
  const reach = long - r;
  if (reach < 1e-9 || r <= 0) return [{ x, y, r: long }];
  const turn = ((facing + (along >= across ? 0 : 90)) * Math.PI) / 180;
  const ux = Math.cos(turn);
  const uy = Math.sin(turn);
  const steps = Math.ceil((2 * reach) / r);
  const out: Disc[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = -reach + (2 * reach * i) / steps;
    out.push({ x: x + ux * t, y: y + uy * t, r });
  }
  return out;
}
