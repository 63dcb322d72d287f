// "Undo move" at the tables (newcomer audit s16 #14): the viewer's last move is taken back by a
// new move that puts its models where they stood; not when someone has moved them since.

import { describe, expect, it } from "vitest";
import { GameStore } from "../src/state/game-store";
import { MOVES_KEPT, lastUndoable } from "../src/state/own-moves";
import { undoNotice } from "../src/ui/undo-move";
import { openedTable } from "./table-session";

const moved = (v: number, moves: { model: string; x: number; y: number; z?: number; facing?: number }[], player = "p1") => ({
  type: "event",
  v,
  e: { type: "models_moved", player, moves: moves.map((m) => ({ z: 0, facing: 0, distance: 1, ...m })) },
});

function opened() {
  let n = 0;
  const { store, session, socket } = openedTable({ system: "sandbox", newIntentId: () => `i${(n += 1)}` });
  return { store, session, s: socket };
}

const at = (store: GameStore, id: string) => store.state.value?.models.find((m) => m.id === id);

describe("Undo move", () => {
  it("sends the models of the last own move back where they stood, once", () => {
    const { store, session, s } = opened();
    const a1 = at(store, "a1")!;
    s.receive(moved(1, [{ model: "a1", x: 14, y: 11, facing: 30 }]));
    s.receive(moved(2, [{ model: "b1", x: 40, y: 30 }], "p2")); // the other player's: not mine
    expect(store.ownMoves.value.length).toBe(1);
    const result = session.undoLastMove();
    expect(result.ok).toBe(true);
    expect(s.sent.at(-1)).toMatchObject({
      type: "intent",
      intent_id: "i1",
      cmd: { type: "move_models", moves: [{ model: "a1", to: { x: a1.x, y: a1.y, z: a1.z, facing: a1.facing } }] },
    });
    // the undo's own event does not go on the stack: nothing is left to undo
    s.receive(moved(3, [{ model: "a1", x: a1.x, y: a1.y, z: a1.z, facing: a1.facing }]));
    s.receive({ type: "ack", intent_id: "i1", v: 3 });
    expect(store.ownMoves.value).toEqual([]);
    expect(undoNotice(session.undoLastMove(), (id) => id)).toBe("Nothing to undo: none of your moves made on this page is left.");
    session.stop();
  });

  it("goes back step by step, and a refused undo can be tried again", () => {
    const { store, session, s } = opened();
    s.receive(moved(1, [{ model: "a1", x: 14, y: 11 }]));
    s.receive(moved(2, [{ model: "a1", x: 18, y: 11 }]));
    expect(session.undoLastMove()).toMatchObject({ ok: true });
    expect((s.sent.at(-1) as { cmd: { moves: { to: unknown }[] } }).cmd.moves[0]?.to).toMatchObject({ x: 14, y: 11 });
    s.receive({ type: "rejected", intent_id: "i1", code: "rule/overlap", message: "bases overlap" });
    expect(store.ownMoves.value.length).toBe(2);
    expect(session.undoLastMove()).toMatchObject({ ok: true });
    s.receive(moved(3, [{ model: "a1", x: 14, y: 11 }]));
    expect(store.ownMoves.value.length).toBe(1);
    session.stop();
  });

  it("refuses when a model of the move was moved since, naming it", () => {
    const { session, s } = opened();
    s.receive(moved(1, [{ model: "a1", x: 14, y: 11 }, { model: "a2", x: 16, y: 11 }]));
    s.receive(moved(2, [{ model: "a2", x: 20, y: 20 }], "p2"));
    const result = session.undoLastMove();
    expect(result).toEqual({ ok: false, reason: "moved", model: "a2" });
    expect(undoNotice(result, (id) => `Alpha #${id.slice(1)}`)).toBe("Cannot undo: Alpha #2 was moved since. Drag it back by hand.");
    expect(s.sent.filter((m) => (m as { type: string }).type === "intent")).toEqual([]);
    session.stop();
  });

  it("keeps the last moves only, and a spectator keeps none", () => {
    const { store, s } = opened();
    for (let v = 1; v <= MOVES_KEPT + 5; v++) s.receive(moved(v, [{ model: "a1", x: 10 + v, y: 11 }]));
    expect(store.ownMoves.value.length).toBe(MOVES_KEPT);
    expect(lastUndoable(store.ownMoves.value, store.index.value.models)).toMatchObject({ ok: true });
    const watcher = new GameStore();
    watcher.welcome({ player: null, role: "spectator" }, "sandbox");
    watcher.applySnapshot(0, store.state.value!);
    watcher.applyEvent(1, { type: "models_moved", player: "p1", moves: [{ model: "a1", x: 1, y: 1, z: 0, facing: 0, distance: 1 }] });
    expect(watcher.ownMoves.value).toEqual([]);
  });
});
