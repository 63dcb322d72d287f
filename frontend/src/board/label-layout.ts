// Where the table's name labels go on screen so that none covers another: a greedy placement in
// priority order (the selected or dragged unit, other units, objectives, terrain) over a grid of
// screen-pixel buckets. Pure: sizes and anchors in, positions out; the renderer draws them.

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
 * "prefer" picks a candidate covering fewer if it can, "ignore" does not look.
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
  /** Bases with this owner (the label's own unit) never count as covered. */
  owner?: string;
}

/** A base (or anything else a label should not cover) on screen. */
export interface Obstacle extends Rect {
  owner?: string;
}

export interface Placed extends Rect {
  /** Which candidate was taken. */
  choice: number;
}

export interface LayoutInput {
  labels: readonly LabelRequest[];
  /** Screen area labels must stay inside. */
  viewport: { width: number; height: number };
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
const BASE_COST = 10;
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
 */
export function layoutLabels(input: LayoutInput): LayoutResult {
  const gap = input.gap ?? 2;
  const taken = new RectIndex<Rect>();
  for (const r of input.reserved ?? []) taken.insert(grow(r, gap));
  const bases = new RectIndex<Obstacle>();
  for (const o of input.obstacles ?? []) bases.insert(o);
  const placed = new Map<string, Placed>();
  const hidden = new Set<string>();
  for (const label of placingOrder(input.labels)) {
    const best = bestCandidate(label, input, taken, bases);
    if (best === null) {
      hidden.add(label.key);
      continue;
    }
    placed.set(label.key, best);
    taken.insert(grow(best, gap));
  }
  return { placed, hidden };
}

function bestCandidate(
  label: LabelRequest,
  input: LayoutInput,
  taken: RectIndex<Rect>,
  bases: RectIndex<Obstacle>,
): Placed | null {
  const before = input.previous?.get(label.key);
  let best: Placed | null = null;
  let bestScore = Infinity;
  for (const [choice, at] of label.candidates.entries()) {
    const r = { x: at.x, y: at.y, w: label.w, h: label.h };
    if (!inside(r, input.viewport) || taken.any(r)) continue;
    const covered =
      label.bases === "ignore" ? 0 : bases.overlapping(r).filter((o) => o.owner === undefined || o.owner !== label.owner).length;
    if (covered > 0 && label.bases === "avoid") continue;
    const score = choice + BASE_COST * covered - (choice === before ? STICKY : 0);
    if (score < bestScore) {
      bestScore = score;
      best = { ...r, choice };
    }
  }
  return best;
}

/**
 * Candidates around a box (a unit's bases on screen): centred above, below, then right and left,
 * `gap` pixels off it. Positions are rounded to whole pixels so text stays crisp.
 */
export function aroundBox(box: Rect, w: number, h: number, gap = 4): { x: number; y: number }[] {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return [
    { x: cx - w / 2, y: box.y - gap - h },
    { x: cx - w / 2, y: box.y + box.h + gap },
    { x: box.x + box.w + gap, y: cy - h / 2 },
    { x: box.x - gap - w, y: cy - h / 2 },
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
