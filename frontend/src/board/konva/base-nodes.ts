// The models' bases on the table: one Konva group per model, kept in step with the view by id.
// Bases are drawn at their true size in inches (see geometry/base-footprint) and rotated by facing.

import Konva from "konva/lib/Core";
import type { Group } from "konva/lib/Group";
import type { Layer } from "konva/lib/Layer";
import type { Shape } from "konva/lib/Shape";
import { Ellipse } from "konva/lib/shapes/Ellipse";
import { Line } from "konva/lib/shapes/Line";
import { footprint, frontDistance, reach } from "../../geometry/base-footprint";
import { type Disc, ovalDiscs } from "../label-layout";
import type { Point } from "../../geometry/vec";
import type { Base, ModelId, ModelInfo, UnitId } from "../../protocol/messages";
import type { BoardView } from "../api";
import { SELECTED, darken } from "../palette";

export const BASE_NAME = "base";
const ANIMATION_MS = 280;

interface Placement {
  x: number;
  y: number;
  facing: number;
}

interface BaseNode {
  group: Group;
  body: Shape;
  ring: Shape;
  unit: UnitId;
  base: Base;
  color: string;
  /** Where the view says the model is. */
  target: Placement;
  pending: boolean;
}

interface Animation {
  from: Placement;
  to: Placement;
  start: number;
}

export interface ShownBase {
  id: ModelId;
  unit: UnitId;
  x: number;
  y: number;
  reach: number;
  /** An oval base as circles (table inches), for where its name points (label-layout's ovalDiscs). */
  discs?: Disc[];
}

function ovalOf(base: Base, x: number, y: number, facing: number): { discs?: Disc[] } {
  const f = footprint(base);
  if (f.kind !== "ellipse" || f.along === f.across) return {};
  return { discs: ovalDiscs(x, y, f.along, f.across, facing) };
}

function outline(base: Base, props: Konva.ShapeConfig): Shape {
  const f = footprint(base);
  if (f.kind === "ellipse") return new Ellipse({ radiusX: f.along, radiusY: f.across, ...props });
  return new Line({ points: f.points.flatMap((p) => [p.x, p.y]), closed: true, ...props });
}

const samePlace = (a: Placement, b: Placement): boolean =>
  Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9 && Math.abs(a.facing - b.facing) < 1e-9;

const sameBase = (a: Base, b: Base): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The shortest turn from `from` to `to`, in degrees, so that a base never spins the long way. */
const turn = (from: number, to: number): number => ((((to - from) % 360) + 540) % 360) - 180;

export class BaseNodes {
  private readonly nodes = new Map<ModelId, BaseNode>();
  private readonly animations = new Map<ModelId, Animation>();
  private frame: number | null = null;
  private selected: ReadonlySet<ModelId> = new Set();
  /** Models the local player is dragging: the view does not move them until the drop. */
  private held: ReadonlySet<ModelId> = new Set();

  /**
   * `lifted`: a layer above `layer` that carries the dragged bases while a drag lasts, so that a
   * drag frame redraws them alone and not every base on the table.
   */
  constructor(
    private readonly layer: Layer,
    private readonly onFrame: () => void,
    private readonly lifted: Layer = layer,
  ) {}

  /** Bring the bases in line with the view: add, remove, restyle and move (animated if remote). */
  sync(view: BoardView): void {
    const { state, pending } = view;
    const owner = new Map(state.units.map((u) => [u.id, u.player]));
    const colorOf = new Map(state.players.map((p) => [p.id, p.color]));
    const seen = new Set<ModelId>();
    for (const model of state.models) {
      seen.add(model.id);
      const color = colorOf.get(owner.get(model.unit) ?? "") ?? "#999999";
      const isPending = pending.has(model.id);
      const existing = this.nodes.get(model.id);
      const node =
        existing && sameBase(existing.base, model.base) && existing.color === color
          ? existing
          : this.create(model, color, existing);
      node.unit = model.unit;
      this.place(model.id, node, model, isPending);
      node.pending = isPending;
      node.body.opacity(isPending ? 0.7 : 1);
      node.body.dash(isPending ? [4, 3] : []);
      node.ring.visible(this.selected.has(model.id));
    }
    for (const [id, node] of this.nodes) {
      if (!seen.has(id)) {
        node.group.destroy();
        this.nodes.delete(id);
        this.animations.delete(id);
      }
    }
    this.layer.batchDraw();
  }

  setSelected(selected: ReadonlySet<ModelId>): void {
    this.selected = selected;
    for (const [id, node] of this.nodes) {
      node.ring.visible(selected.has(id));
      if (selected.has(id)) node.group.moveToTop();
    }
    this.layer.batchDraw();
  }

  /** Hold models at their current place (a drag starts), lifted, and return where they are. */
  hold(ids: readonly ModelId[]): Map<ModelId, Point> {
    this.held = new Set(ids);
    const at = new Map<ModelId, Point>();
    for (const id of ids) {
      this.animations.delete(id);
      const node = this.nodes.get(id);
      if (!node) continue;
      node.group.moveTo(this.lifted);
      at.set(id, { x: node.group.x(), y: node.group.y() });
    }
    this.layer.batchDraw();
    this.lifted.batchDraw();
    return at;
  }

  /** Show held models at these places (during a drag), turned where a facing is given. */
  showAt(places: ReadonlyMap<ModelId, Point & { facing?: number }>): void {
    for (const [id, p] of places) {
      const group = this.nodes.get(id)?.group;
      group?.position({ x: p.x, y: p.y });
      if (p.facing !== undefined) group?.rotation(p.facing);
    }
    this.lifted.batchDraw();
  }

  /** A model where it is drawn right now, with its facing and its base's reach (inches). */
  drawn(id: ModelId): { x: number; y: number; facing: number; reach: number } | null {
    const n = this.nodes.get(id);
    if (!n) return null;
    return { x: n.group.x(), y: n.group.y(), facing: n.group.rotation(), reach: reach(n.base) };
  }

  /** End a drag: let the view move the models again; `snapBack` puts them where the view has them. */
  release(snapBack: boolean): void {
    const held = this.held;
    this.held = new Set();
    for (const id of held) {
      const node = this.nodes.get(id);
      if (!node) continue;
      node.group.moveTo(this.layer);
      if (snapBack) node.group.setAttrs({ x: node.target.x, y: node.target.y, rotation: node.target.facing });
    }
    this.layer.batchDraw();
    this.lifted.batchDraw();
  }

  has(id: ModelId): boolean {
    return this.nodes.has(id);
  }

  /** Every base where it is drawn right now (mid-animation or mid-drag included). */
  shown(): ShownBase[] {
    return [...this.nodes].map(([id, n]) => ({
      id,
      unit: n.unit,
      x: n.group.x(),
      y: n.group.y(),
      reach: reach(n.base),
      ...ovalOf(n.base, n.group.x(), n.group.y(), n.group.rotation()),
    }));
  }

  destroy(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.nodes.clear();
    this.animations.clear();
  }

  private create(model: ModelInfo, color: string, old: BaseNode | undefined): BaseNode {
    old?.group.destroy();
    const group = new Konva.Group({
      id: model.id,
      name: BASE_NAME,
      x: model.x,
      y: model.y,
      rotation: model.facing,
    });
    const ring = outline(model.base, {
      stroke: SELECTED,
      strokeWidth: 6,
      strokeScaleEnabled: false,
      listening: false,
      visible: false,
      perfectDrawEnabled: false,
    });
    const body = outline(model.base, {
      fill: color,
      stroke: darken(color),
      strokeWidth: 2,
      strokeScaleEnabled: false,
      perfectDrawEnabled: false,
    });
    const front = frontDistance(model.base);
    const tick = new Line({
      points: [front * 0.45, 0, front, 0],
      stroke: "rgba(255, 255, 255, 0.9)",
      strokeWidth: 2,
      lineCap: "round",
      strokeScaleEnabled: false,
      listening: false,
    });
    group.add(ring, body, tick);
    this.layer.add(group);
    const node: BaseNode = {
      group,
      body,
      ring,
      unit: model.unit,
      base: model.base,
      color,
      target: { x: model.x, y: model.y, facing: model.facing },
      pending: false,
    };
    this.nodes.set(model.id, node);
    return node;
  }

  private place(id: ModelId, node: BaseNode, model: ModelInfo, isPending: boolean): void {
    const to: Placement = { x: model.x, y: model.y, facing: model.facing };
    if (samePlace(node.target, to)) return;
    node.target = to;
    if (this.held.has(id)) return;
    // A local move (dropped, confirmed or refused) jumps; someone else's move glides.
    if (isPending || node.pending) {
      this.animations.delete(id);
      node.group.setAttrs({ x: to.x, y: to.y, rotation: to.facing });
      return;
    }
    const g = node.group;
    this.animations.set(id, {
      from: { x: g.x(), y: g.y(), facing: g.rotation() },
      to,
      start: performance.now(),
    });
    this.frame ??= requestAnimationFrame((t) => this.tick(t));
  }

  private tick(now: number): void {
    this.frame = null;
    for (const [id, a] of this.animations) {
      const node = this.nodes.get(id);
      if (!node) {
        this.animations.delete(id);
        continue;
      }
      const t = Math.min(1, Math.max(0, (now - a.start) / ANIMATION_MS));
      const k = 1 - (1 - t) ** 3;
      node.group.setAttrs({
        x: a.from.x + (a.to.x - a.from.x) * k,
        y: a.from.y + (a.to.y - a.from.y) * k,
        rotation: a.from.facing + turn(a.from.facing, a.to.facing) * k,
      });
      if (t >= 1) this.animations.delete(id);
    }
    this.layer.batchDraw();
    this.onFrame();
    if (this.animations.size > 0) this.frame = requestAnimationFrame((t) => this.tick(t));
  }
}
