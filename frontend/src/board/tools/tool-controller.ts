// The table tools together: which one the pointer drives, where the models are, what to draw and
// what to report. Konva-free (the board feeds it pointer input in table inches and draws its
// scene), so it is tested in node.

import type { Point } from "../../geometry/vec";
import type { ModelId, ModelInfo, TableState, TerrainPiece } from "../../protocol/messages";
import type { CheckedPlace, TableQueries } from "../../protocol/table-queries";
import { DragCheck } from "./drag-check";
import type { DragRules } from "./drag-rules";
import type { Clock } from "./latest-only";
import type { Placed } from "./outline";
import { type OverlayScene, emptyScene, merge } from "./overlay-scene";
import { RingTool } from "./ring-tool";
import { RulerTool } from "./ruler-tool";
import { SightTool } from "./sight-tool";
import type { ToolContext } from "./tool-context";
import type { ToolKind, ToolReadout } from "./tool-readout";

export interface ToolControllerOptions {
  queries: TableQueries | null;
  clock: Clock;
  /** The scene changed: draw `scene()` (called at most once per task). */
  redraw(): void;
  /** The readout changed: publish `readout()`. */
  report(): void;
}

/** Where every model stands and which terrain is on the table, as a comparable string. */
function tableSignature(state: TableState): string {
  const models = state.models.map((m) => `${m.id}:${m.x},${m.y},${m.facing}`).join(";");
  return `${models}#${state.terrain.map((t) => t.id).join(",")}`;
}

export class ToolController {
  private current: ToolKind = "move";
  private models = new Map<ModelId, ModelInfo>();
  private terrain = new Map<string, TerrainPiece>();
  private state: TableState | null = null;
  private pendingMoves = false;
  /** Places (and facings, when turned) of models being dragged or turned (Move tool). */
  private dragged: ReadonlyMap<ModelId, CheckedPlace> = new Map();
  private signature = "";
  private flushing: { report: boolean } | null = null;
  private destroyed = false;

  readonly ruler: RulerTool;
  readonly rings: RingTool;
  readonly sight: SightTool;
  readonly dragCheck: DragCheck;

  constructor(private readonly options: ToolControllerOptions) {
    const ctx: ToolContext = {
      queries: options.queries,
      clock: options.clock,
      place: (id) => this.place(id),
      terrain: (id) => this.terrain.get(id),
      changed: (report) => this.changed(report),
    };
    this.ruler = new RulerTool(ctx);
    this.rings = new RingTool(ctx);
    this.sight = new SightTool(ctx);
    this.dragCheck = new DragCheck(ctx);
  }

  get tool(): ToolKind {
    return this.current;
  }

  setTool(tool: ToolKind): void {
    if (tool === this.current) return;
    // Half-made marks go; finished ones stay on the table until cleared.
    if (this.ruler.aiming) this.ruler.clear();
    if (this.sight.readout()?.target === null) this.sight.clear();
    this.current = tool;
    this.changed(true);
  }

  /** The table as drawn; `pending`: local moves not yet settled (answers would be stale). */
  setTable(state: TableState, pending: boolean, rules: DragRules | null): void {
    this.dragCheck.rules = rules;
    this.pendingMoves = pending;
    if (state !== this.state) {
      this.state = state;
      this.models = new Map(state.models.map((m) => [m.id, m]));
      this.terrain = new Map(state.terrain.map((t) => [t.id, t]));
      this.changed(false);
    }
    this.refreshIfMoved();
  }

  /** A model where it is drawn now: mid-drag, or as the table has it. */
  place(id: ModelId): Placed | null {
    const m = this.models.get(id);
    if (!m) return null;
    const d = this.dragged.get(id);
    return { base: m.base, at: d ? { x: d.x, y: d.y } : { x: m.x, y: m.y }, facing: d?.facing ?? m.facing };
  }

  // ---- pointer input (table inches; `model` is the base under the pointer) ----------------

  click(at: Point, model: ModelId | null, shift: boolean): void {
    switch (this.current) {
      case "ruler":
        this.ruler.click(model ?? at);
        return;
      case "ring":
        this.rings.click(model);
        return;
      case "sight":
        this.sight.click(model, shift);
        return;
      case "move":
        return;
    }
  }

  hover(at: Point, model: ModelId | null): void {
    if (this.current === "ruler") this.ruler.aimAt(model ?? at);
  }

  /** A press that became a drag: true when the tool takes it (the ruler), false to pan. */
  dragStart(at: Point, model: ModelId | null): boolean {
    if (this.current !== "ruler") return false;
    this.ruler.begin(model ?? at);
    return true;
  }

  dragMove(at: Point, model: ModelId | null): void {
    this.ruler.aimAt(model ?? at);
  }

  dragEnd(at: Point, model: ModelId | null): void {
    this.ruler.finish(model ?? at);
  }

  dragCancel(): void {
    this.ruler.clear();
  }

  // ---- the Move tool's drag --------------------------------------------------------------

  /** Models of the grabbed model's unit are checked while dragged, with the unit's other
   * models where the table shows them (a planned move's earlier drops included). */
  moveStarted(grabbed: ModelId, ids: readonly ModelId[]): void {
    const unit = this.models.get(grabbed)?.unit;
    if (unit === undefined) return;
    const shown = new Map<ModelId, Point>();
    for (const m of this.models.values()) if (m.unit === unit) shown.set(m.id, { x: m.x, y: m.y });
    this.dragCheck.start(
      unit,
      ids.filter((id) => this.models.get(id)?.unit === unit),
      shown,
    );
  }

  moveTo(places: ReadonlyMap<ModelId, CheckedPlace>): void {
    this.dragged = places;
    this.dragCheck.update(places);
    this.changed(false);
  }

  moveEnded(): void {
    this.dragged = new Map();
    this.dragCheck.stop();
    this.changed(false);
    this.refreshIfMoved();
  }

  /** Take a tool's marks (or every tool's) off the table; false when there were none. */
  clearMarks(which: ToolKind | "all"): boolean {
    switch (which) {
      case "ruler":
        return this.ruler.clear();
      case "ring":
        return this.rings.clear();
      case "sight":
        return this.sight.clear();
      case "move":
        return false;
      case "all":
        return [this.ruler.clear(), this.rings.clear(), this.sight.clear()].some(Boolean);
    }
  }

  /** The board is going away: no more drawing or asking. */
  destroy(): void {
    this.destroyed = true;
    this.dragCheck.stop();
  }

  setRingRadius(radius: number): void {
    this.rings.setRadius(radius);
  }

  scene(): OverlayScene {
    const scene = emptyScene();
    for (const part of [this.rings.scene(), this.sight.scene(), this.dragCheck.scene(), this.ruler.scene()]) {
      merge(scene, part);
    }
    return scene;
  }

  readout(): ToolReadout {
    return {
      tool: this.current,
      ringRadius: this.rings.radius,
      ruler: this.ruler.readout(),
      rings: this.rings.readout(),
      sight: this.sight.readout(),
      dragCheck: this.dragCheck.readout(),
    };
  }

  /**
   * Measure and look again when the server's table changed under a finished mark — not while a
   * local move is unsettled or being dragged, when the server would answer for the old places.
   */
  private refreshIfMoved(): void {
    if (this.state === null || this.pendingMoves || this.dragged.size > 0) return;
    const signature = tableSignature(this.state);
    if (signature === this.signature) return;
    const first = this.signature === "";
    this.signature = signature;
    if (first) return;
    this.ruler.refresh();
    this.rings.refresh();
    this.sight.refresh();
  }

  /** Coalesce changes: one redraw (and at most one report) per task. */
  private changed(report: boolean): void {
    if (this.flushing) {
      this.flushing.report ||= report;
      return;
    }
    const flushing = { report };
    this.flushing = flushing;
    queueMicrotask(() => {
      this.flushing = null;
      if (this.destroyed) return;
      this.options.redraw();
      if (flushing.report) this.options.report();
    });
  }
}
