// Turning the selected models where they stand (rules decision 27): by the handle, dragged round
// the model it sits on, or by keys (presses in a row make one move, sent once the keys rest). The
// bases show each step; the tools' drag check follows it; the turn is sent as one move.

import type { Point } from "../../geometry/vec";
import type { ModelId } from "../../protocol/messages";
import type { BoardCallbacks } from "../api";
import type { ToolController } from "../tools/tool-controller";
import { type Facing, sweptAngle, turnedBy, turnsAtAll } from "../turn";
import type { BaseNodes } from "./base-nodes";
import { followStarts } from "./held-starts";

/** A key turn is sent this long after the last turn key (presses in a row make one move). */
const KEY_TURN_MS = 650;

interface Turn {
  ids: ModelId[];
  /** The model the handle sits on (its centre is `centre`). */
  anchor: ModelId;
  starts: Map<ModelId, Facing>;
  /** The handle's model's centre, and the table point the pointer was at last (handle turns). */
  centre: Point;
  last: Point;
  /** Degrees turned so far (positive: clockwise on the screen). */
  delta: number;
  /** Turned by keys: sent once the keys rest (`KEY_TURN_MS`), or on the next press. */
  byKey: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface TurningHost {
  bases: BaseNodes;
  tools: ToolController;
  moveModels: BoardCallbacks["moveModels"];
  /** The selected models this viewer may turn now, and the one the handle sits on. */
  turnable(): ModelId[];
  handleModel(ids: readonly ModelId[]): ModelId | null;
  relayout(): void;
}

export class Turning {
  private turn: Turn | null = null;

  constructor(private readonly host: TurningHost) {}

  /** The models being turned (null: no turn). */
  get ids(): readonly ModelId[] | null {
    return this.turn?.ids ?? null;
  }

  get byKey(): boolean {
    return this.turn?.byKey ?? false;
  }

  /** Hold the turnable models (by the handle from table point `from`, or by keys). */
  begin(byKey: boolean, from: Point = { x: 0, y: 0 }): boolean {
    const { bases, tools } = this.host;
    const ids = this.host.turnable();
    const at = this.host.handleModel(ids);
    const centre = at === null ? null : bases.drawn(at);
    if (ids.length === 0 || at === null || centre === null) return false;
    const held = bases.hold(ids);
    const starts = new Map<ModelId, Facing>();
    for (const id of ids) {
      const p = held.get(id);
      const d = bases.drawn(id);
      if (p && d) starts.set(id, { x: p.x, y: p.y, facing: d.facing });
    }
    this.turn = { ids, anchor: at, starts, centre, last: from, delta: 0, byKey, timer: null };
    tools.moveStarted(at, ids);
    return true;
  }

  /** The handle dragged to table point `to`: turn by the angle swept round the centre. */
  pointerTo(to: Point): void {
    const t = this.turn;
    if (!t || t.byKey) return;
    t.delta += sweptAngle(t.centre, t.last, to);
    t.last = to;
    this.show();
  }

  /** Q / [ and E / ] turn by `delta` degrees; `false` when nothing can be turned now. */
  byKeys(delta: number): boolean {
    if (this.turn === null && !this.begin(true)) return false;
    const t = this.turn;
    if (t === null || !t.byKey) return false;
    t.delta += delta;
    if (t.timer !== null) clearTimeout(t.timer);
    t.timer = setTimeout(() => this.finish(true), KEY_TURN_MS);
    this.show();
    return true;
  }

  /** End the turn: `send` it as one move (each model turned where it stands), or put it back;
   * `false` when there was no turn. */
  finish(send: boolean): boolean {
    const t = this.turn;
    if (!t) return false;
    this.turn = null;
    if (t.timer !== null) clearTimeout(t.timer);
    const turned = send && turnsAtAll(t.delta);
    this.host.bases.release(!turned);
    this.host.tools.moveEnded();
    if (turned) {
      const places = turnedBy(t.starts, t.delta);
      this.host.moveModels(
        t.ids.flatMap((model) => {
          const to = places.get(model);
          return to ? [{ model, to }] : [];
        }),
      );
    }
    this.host.relayout();
    return true;
  }

  /**
   * The table changed under a turn (the player moved or turned a turned model from another
   * page): the turn goes on from where the models stand now, so the move it sends turns them
   * there (it never puts them back where they stood when it began); a model gone ends it.
   */
  follow(now: ReadonlyMap<ModelId, Facing>): void {
    const t = this.turn;
    if (!t) return;
    const same = (a: Facing, b: Facing) => a.x === b.x && a.y === b.y && a.facing === b.facing;
    const changed = followStarts(t.ids, t.starts, now, same);
    if (changed === "gone") {
      this.finish(false);
      return;
    }
    const centre = now.get(t.anchor);
    if (centre) t.centre = { x: centre.x, y: centre.y };
    if (changed) this.show();
  }

  /** Forget a turn without sending it (the board is going away). */
  drop(): void {
    if (this.turn?.timer != null) clearTimeout(this.turn.timer);
    this.turn = null;
  }

  private show(): void {
    if (!this.turn) return;
    const places = turnedBy(this.turn.starts, this.turn.delta);
    this.host.bases.showAt(places);
    this.host.tools.moveTo(places);
    this.host.relayout();
  }
}
