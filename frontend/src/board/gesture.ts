// Pointer gestures on the board, for mouse, pen and touch alike: press, click, double press,
// drag a base, turn the selection by its handle, pan on empty space (or on a base that cannot
// move), pinch to zoom.
// Pure: positions are viewport pixels, and the host answers hit tests and does the work.

import { type Point, distance, midpoint, sub } from "../geometry/vec";
import type { ModelId } from "../protocol/messages";

export interface GestureHost {
  /** The model under a viewport point, if any (`touch`: or the nearest within a finger's slop). */
  hitModel(at: Point, touch?: boolean): ModelId | null;
  /** A model was pressed (selection may change before any drag). */
  pressModel(model: ModelId, flags: { shift: boolean; double: boolean }): void;
  /** A model was pressed and released without moving (at `at`). */
  clickModel(model: ModelId, flags: { shift: boolean; double: boolean }, at: Point): void;
  clickEmpty(at: Point): void;
  /**
   * Start dragging from `grabbed` (null: empty table); false when the press does not drag
   * anything (then the gesture pans).
   */
  dragStart(grabbed: ModelId | null, from: Point): boolean;
  dragMove(to: Point): void;
  dragEnd(to: Point): void;
  dragCancel(): void;
  panBy(delta: Point): void;
  zoomAt(anchor: Point, factor: number): void;
  /** Whether a viewport point is on the turn handle (pressing it turns instead of panning). */
  hitHandle?(at: Point): boolean;
  /** A press on the turn handle: the turn follows the pointer from `from` until the release. */
  turnStart?(from: Point): void;
  turnMove?(to: Point): void;
  turnEnd?(to: Point): void;
  turnCancel?(): void;
}

export interface PointerInput {
  id: number;
  at: Point;
  /** Milliseconds (any monotonic clock). */
  time: number;
  shift?: boolean;
  /** 0 main, 1 middle, 2 secondary. */
  button?: number;
  /** A finger, not a mouse or a pen. */
  touch?: boolean;
}

/** Movement in pixels before a press becomes a drag or a pan. */
export const DRAG_THRESHOLD = 4;
/** Two presses on one model within this many milliseconds make a double press. */
export const DOUBLE_PRESS_MS = 350;

type Mode =
  | { kind: "idle" }
  | { kind: "pressed"; model: ModelId | null; start: Point; shift: boolean; double: boolean }
  | { kind: "dragging" }
  | { kind: "turning" }
  | { kind: "panning"; last: Point }
  | { kind: "pinching"; a: number; b: number; distance: number; mid: Point }
  | { kind: "finishing" };

export class GestureMachine {
  private mode: Mode = { kind: "idle" };
  private readonly pointers = new Map<number, Point>();
  private lastClick: { model: ModelId; time: number } | null = null;

  constructor(private readonly host: GestureHost) {}

  /** A base is being dragged or turned (Escape cancels it). */
  get dragging(): boolean {
    return this.mode.kind === "dragging" || this.mode.kind === "turning";
  }

  /** A press that has not moved (yet): released now, it is a click or a tap. */
  get pressing(): boolean {
    return this.mode.kind === "pressed";
  }

  down(p: PointerInput): void {
    this.pointers.set(p.id, p.at);
    if (this.pointers.size === 2) {
      this.startPinch();
      return;
    }
    if (this.pointers.size > 2 || this.mode.kind !== "idle") return;
    if ((p.button ?? 0) === 1) {
      this.mode = { kind: "panning", last: p.at };
      return;
    }
    if ((p.button ?? 0) !== 0) return;
    if (this.host.hitHandle?.(p.at)) {
      this.lastClick = null;
      this.mode = { kind: "turning" };
      this.host.turnStart?.(p.at);
      return;
    }
    const model = this.host.hitModel(p.at, p.touch ?? false);
    const shift = p.shift ?? false;
    const double =
      model !== null &&
      this.lastClick?.model === model &&
      p.time - this.lastClick.time <= DOUBLE_PRESS_MS;
    // A second press is a double only once released unmoved: until then the host hears nothing
    // of it, and a press that turns into a drag is a plain press (a click then a quick drag of
    // one model must not take its whole unit).
    if (model !== null && !double) this.host.pressModel(model, { shift, double });
    this.mode = { kind: "pressed", model, start: p.at, shift, double };
  }

  move(p: PointerInput): void {
    if (!this.pointers.has(p.id)) return;
    this.pointers.set(p.id, p.at);
    const mode = this.mode;
    switch (mode.kind) {
      case "pressed": {
        if (distance(p.at, mode.start) < DRAG_THRESHOLD) return;
        this.lastClick = null;
        if (mode.double && mode.model !== null) this.host.pressModel(mode.model, { shift: mode.shift, double: false });
        if (this.host.dragStart(mode.model, mode.start)) {
          this.mode = { kind: "dragging" };
          this.host.dragMove(p.at);
        } else {
          this.mode = { kind: "panning", last: mode.start };
          this.move(p);
        }
        return;
      }
      case "dragging":
        this.host.dragMove(p.at);
        return;
      case "turning":
        this.host.turnMove?.(p.at);
        return;
      case "panning":
        this.host.panBy(sub(p.at, mode.last));
        this.mode = { kind: "panning", last: p.at };
        return;
      case "pinching":
        this.pinchMove(mode);
        return;
      case "idle":
      case "finishing":
        return;
    }
  }

  up(p: PointerInput): void {
    if (!this.pointers.has(p.id)) return;
    this.pointers.set(p.id, p.at);
    const mode = this.mode;
    switch (mode.kind) {
      case "pressed":
        if (mode.model === null) {
          this.host.clickEmpty(p.at);
          this.lastClick = null;
        } else {
          if (mode.double) this.host.pressModel(mode.model, { shift: mode.shift, double: true });
          this.host.clickModel(mode.model, { shift: mode.shift, double: mode.double }, p.at);
          this.lastClick = mode.double ? null : { model: mode.model, time: p.time };
        }
        break;
      case "dragging":
        this.host.dragEnd(p.at);
        break;
      case "turning":
        this.host.turnEnd?.(p.at);
        break;
      default:
        break;
    }
    this.release(p.id);
  }

  /** The browser took the pointer away (a system gesture, a lost capture): undo any drag. */
  cancel(id: number): void {
    if (!this.pointers.has(id)) return;
    this.cancelMode();
    this.release(id);
  }

  /** Forget every pointer (Escape, another tool): undo any drag; the rest of the press is ignored. */
  cancelAll(): void {
    this.cancelMode();
    this.pointers.clear();
    this.mode = { kind: "idle" };
  }

  private release(id: number): void {
    this.pointers.delete(id);
    this.mode = this.pointers.size === 0 ? { kind: "idle" } : { kind: "finishing" };
  }

  private cancelMode(): void {
    if (this.mode.kind === "dragging") this.host.dragCancel();
    if (this.mode.kind === "turning") this.host.turnCancel?.();
  }

  private startPinch(): void {
    this.cancelMode();
    const [a, b] = [...this.pointers.keys()];
    if (a === undefined || b === undefined) return;
    const pa = this.pointers.get(a);
    const pb = this.pointers.get(b);
    if (!pa || !pb) return;
    this.lastClick = null;
    this.mode = { kind: "pinching", a, b, distance: distance(pa, pb), mid: midpoint(pa, pb) };
  }

  private pinchMove(mode: Extract<Mode, { kind: "pinching" }>): void {
    const pa = this.pointers.get(mode.a);
    const pb = this.pointers.get(mode.b);
    if (!pa || !pb) return;
    const d = distance(pa, pb);
    const mid = midpoint(pa, pb);
    this.host.panBy(sub(mid, mode.mid));
    if (mode.distance > 0 && d > 0) this.host.zoomAt(mid, d / mode.distance);
    this.mode = { ...mode, distance: d, mid };
  }
}
