// "Undo my last move" at the tables (sandbox, 9th, 8th, Deathmatch; newcomer audit s16 #14: a
// misdrag could only be dragged back by eye). No rule at these tables limits a move, so undoing
// one is moving the models back where they stood: a new move, which the log shows. Kept here:
// the moves this page sent and the server acknowledged, newest last (another browser on the
// same seat keeps its own). Pure.

import type { ModelId, ModelInfo, ModelsMovedEvent, TableState } from "../protocol/messages";

/** Where a model stands. */
export interface Placed {
  x: number;
  y: number;
  z: number;
  facing: number;
}

/** One of the viewer's moves: where its models stood before it, and where it put them. */
export interface OwnMove {
  v: number;
  before: ReadonlyMap<ModelId, Placed>;
  after: ReadonlyMap<ModelId, Placed>;
}

/** How many moves back a player may go. */
export const MOVES_KEPT = 20;

const EPS = 1e-6;

const placed = (m: Placed): Placed => ({ x: m.x, y: m.y, z: m.z, facing: m.facing });

const at = (a: Placed, b: Placed): boolean =>
  Math.abs(a.x - b.x) <= EPS && Math.abs(a.y - b.y) <= EPS && Math.abs(a.z - b.z) <= EPS && Math.abs(a.facing - b.facing) <= EPS;

/** The move event `e` (version `v`) as an undoable move, from the table it was made on; null
 * when it moved none of the table's models. */
export function ownMove(table: TableState, e: ModelsMovedEvent, v: number): OwnMove | null {
  const models = new Map(table.models.map((m) => [m.id, m]));
  const before = new Map<ModelId, Placed>();
  const after = new Map<ModelId, Placed>();
  for (const m of e.moves) {
    const was = models.get(m.model);
    if (!was) continue;
    before.set(m.model, placed(was));
    after.set(m.model, placed(m));
  }
  return before.size > 0 ? { v, before, after } : null;
}

/** The stack with `move` in its place by version (the oldest dropped past `MOVES_KEPT`). */
export function pushMove(stack: readonly OwnMove[], move: OwnMove): readonly OwnMove[] {
  return [...stack, move].sort((a, b) => a.v - b.v).slice(-MOVES_KEPT);
}

/** How many seen move events wait for this page's ack (a move's event comes before its ack). */
const SEEN_KEPT = 64;

/** The undo stack's bookkeeping: a move goes on it when the server acknowledges it as this
 * page's (the event and the ack may come in either order); an undo takes its move off when it
 * is sent, and puts it back if the server refuses it or the connection drops before an answer
 * (whether it was made is then unknown: the positions check decides the next undo). Several
 * undos may be in flight: each takes the move before the last one's. */
export class UndoBook {
  stack: readonly OwnMove[] = [];
  /** The viewer's move events by version, until the ack says whether this page made them. */
  private readonly seen = new Map<number, OwnMove>();
  /** Versions acknowledged to this page whose event has not come yet. */
  private readonly awaited = new Set<number>();
  /** This page's move intents not answered yet: an undo's carries the move it takes back. */
  private readonly sent = new Map<string, OwnMove | null>();

  /** The viewer's move event `move` came in. */
  saw(move: OwnMove): void {
    if (this.awaited.delete(move.v)) {
      this.stack = pushMove(this.stack, move);
      return;
    }
    this.seen.set(move.v, move);
    if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.keys().next().value as number);
  }

  /** This page sent a move (`undo`: the move it takes back, which leaves the stack now). */
  moveSent(intentId: string, undo: OwnMove | null): void {
    this.sent.set(intentId, undo);
    if (undo !== null) this.stack = this.stack.filter((m) => m !== undo);
  }

  acked(intentId: string, v: number): void {
    if (!this.sent.has(intentId)) return;
    const undo = this.sent.get(intentId);
    this.sent.delete(intentId);
    if (undo !== null && undo !== undefined) return; // an undo: its move is off the stack
    const move = this.seen.get(v);
    if (move === undefined) {
      this.awaited.add(v);
      return;
    }
    this.seen.delete(v);
    this.stack = pushMove(this.stack, move);
  }

  refused(intentId: string): void {
    const undo = this.sent.get(intentId);
    this.sent.delete(intentId);
    if (undo) this.stack = pushMove(this.stack, undo);
  }

  /** The connection dropped: the unanswered undos' moves go back on the stack. */
  lost(): void {
    for (const undo of this.sent.values()) if (undo) this.stack = pushMove(this.stack, undo);
    this.sent.clear();
    this.awaited.clear();
  }
}

export type UndoCheck = { ok: true; move: OwnMove } | { ok: false; reason: "nothing" } | { ok: false; reason: "moved"; model: ModelId };

/** The last own move, if its models still stand where it put them (nobody has moved them
 * since, on this page or another; `models` as shown, with the moves sent and not yet answered,
 * an undo's too); else why not. */
export function lastUndoable(stack: readonly OwnMove[], models: ReadonlyMap<ModelId, ModelInfo>): UndoCheck {
  const move = stack[stack.length - 1];
  if (move === undefined) return { ok: false, reason: "nothing" };
  for (const [id, put] of move.after) {
    const now = models.get(id);
    if (now === undefined || !at(placed(now), put)) return { ok: false, reason: "moved", model: id };
  }
  return { ok: true, move };
}
