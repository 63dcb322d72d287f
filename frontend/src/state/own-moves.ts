// "Undo my last move" at the tables (sandbox, 9th, 8th, Deathmatch; newcomer audit s16 #14: a
// misdrag could only be dragged back by eye). No rule at these tables limits a move, so undoing
// one is moving the models back where they stood: a new move, which the log shows. Kept here:
// the viewer's own moves seen on this page, newest last. Pure.

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

/** The stack with `move` on top (the oldest dropped past `MOVES_KEPT`). */
export function pushMove(stack: readonly OwnMove[], move: OwnMove): readonly OwnMove[] {
  return [...stack, move].slice(-MOVES_KEPT);
}

/** Whether `e` is the move that undoes `move`: every model put back where it stood before. */
export function undoes(e: ModelsMovedEvent, move: OwnMove): boolean {
  if (e.moves.length !== move.before.size) return false;
  return e.moves.every((m) => {
    const back = move.before.get(m.model);
    return back !== undefined && at(placed(m), back);
  });
}

export type UndoCheck = { ok: true; move: OwnMove } | { ok: false; reason: "nothing" } | { ok: false; reason: "moved"; model: ModelId };

/** The last own move, if its models still stand where it put them (nobody has moved them
 * since, on this page or another); else why not. */
export function lastUndoable(stack: readonly OwnMove[], models: ReadonlyMap<ModelId, ModelInfo>): UndoCheck {
  const move = stack[stack.length - 1];
  if (move === undefined) return { ok: false, reason: "nothing" };
  for (const [id, put] of move.after) {
    const now = models.get(id);
    if (now === undefined || !at(placed(now), put)) return { ok: false, reason: "moved", model: id };
  }
  return { ok: true, move };
}
