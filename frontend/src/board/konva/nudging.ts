// Moving the selected models by the arrow keys: the bases show each step and the tools' drag
// check follows it; presses in a row make one move, sent once the keys rest, as a drag's drop.

import { type Point, add } from "../../geometry/vec";
import type { ModelId } from "../../protocol/messages";
import type { BoardCallbacks } from "../api";
import type { ToolController } from "../tools/tool-controller";
import type { BaseNodes } from "./base-nodes";
import { followStarts } from "./held-starts";

/** A key move is sent this long after the last arrow key (as key turns are). */
const KEY_MOVE_MS = 650;

export interface NudgingHost {
  bases: BaseNodes;
  tools: ToolController;
  moveModels: BoardCallbacks["moveModels"];
  /** The selected models this viewer may move now. */
  movable(): ModelId[];
  relayout(): void;
}

interface Nudge {
  ids: ModelId[];
  starts: Map<ModelId, Point>;
  offset: Point;
  timer: ReturnType<typeof setTimeout> | null;
}

export class Nudging {
  private nudge: Nudge | null = null;

  constructor(private readonly host: NudgingHost) {}

  get active(): boolean {
    return this.nudge !== null;
  }

  /** An arrow key moves the selection by `step`; `false` when nothing can be moved now. */
  byKeys(step: Point): boolean {
    if (this.nudge === null && !this.begin()) return false;
    const n = this.nudge;
    if (n === null) return false;
    n.offset = add(n.offset, step);
    if (n.timer !== null) clearTimeout(n.timer);
    n.timer = setTimeout(() => this.finish(true), KEY_MOVE_MS);
    const places = new Map([...n.starts].map(([id, p]) => [id, add(p, n.offset)]));
    this.host.bases.showAt(places);
    this.host.tools.moveTo(places);
    this.host.relayout();
    return true;
  }

  /** End the key move: `send` it as one move, or put the models back. */
  finish(send: boolean): boolean {
    const n = this.nudge;
    if (!n) return false;
    this.nudge = null;
    if (n.timer !== null) clearTimeout(n.timer);
    const moved = send && (n.offset.x !== 0 || n.offset.y !== 0);
    this.host.bases.release(!moved);
    this.host.tools.moveEnded();
    if (moved) this.host.moveModels([...n.starts].map(([model, p]) => ({ model, to: add(p, n.offset) })));
    this.host.relayout();
    return true;
  }

  /**
   * The table changed under a key move (a move sent before, answered now; the player moving a
   * model from another page): it goes on from where the models stand now, so the move it sends
   * never puts them back where they stood when it began; a model gone ends it.
   */
  follow(now: ReadonlyMap<ModelId, Point>): void {
    const n = this.nudge;
    if (!n) return;
    const changed = followStarts(n.ids, n.starts, now, (a, b) => a.x === b.x && a.y === b.y);
    if (changed === "gone") {
      this.finish(false);
      return;
    }
    if (!changed) return;
    const places = new Map([...n.starts].map(([id, p]) => [id, add(p, n.offset)]));
    this.host.bases.showAt(places);
    this.host.tools.moveTo(places);
    this.host.relayout();
  }

  /** Forget a key move without sending it (the board is going away). */
  drop(): void {
    if (this.nudge?.timer != null) clearTimeout(this.nudge.timer);
    this.nudge = null;
  }

  private begin(): boolean {
    const ids = this.host.movable();
    if (ids.length === 0) return false;
    const starts = this.host.bases.hold(ids);
    if (starts.size === 0) return false;
    this.nudge = { ids, starts, offset: { x: 0, y: 0 }, timer: null };
    this.host.tools.moveStarted(ids[0] as ModelId, ids);
    return true;
  }
}
