// "Undo move" at the tables (newcomer audit s16 #14): the last move this page made is taken back
// by a new move that puts its models where they stood; not when someone has moved them since.
// The stack follows the server's answers (review s16 r2: quick undos, refusals, a dropped
// connection and a second browser on the seat each left it wrong).

import { describe, expect, it } from "vitest";
import { GameStore } from "../src/state/game-store";
import { MOVES_KEPT } from "../src/state/own-moves";
import { undoNotice } from "../src/ui/undo-move";
import { openedTable } from "./table-session";

type Put = { model: string; x: number; y: number; z?: number; facing?: number };

function opened() {
  let n = 0;
  const { store, session, socket } = openedTable({ system: "sandbox", newIntentId: () => `i${(n += 1)}` });
  let v = 0;
  /** The server takes intent `id` moving `puts`: its event, then its ack. */
  const take = (id: string, puts: Put[], player = "p1") => {
    v += 1;
    socket.receive({
      type: "event",
      v,
      e: { type: "models_moved", player, moves: puts.map((m) => ({ z: 0, facing: 0, distance: 1, ...m })) },
    });
    if (id !== "") socket.receive({ type: "ack", intent_id: id, v });
  };
  /** This page moves models and the server takes it. */
  const move = (...puts: Put[]) => {
    const id = session.moveModels(puts.map((p) => ({ model: p.model, to: { x: p.x, y: p.y } })));
    take(id ?? "?", puts);
  };
  const lastIntent = () => socket.sent.filter((m) => (m as { type: string }).type === "intent").at(-1) as { intent_id: string; cmd: { moves: { model: string; to: Put }[] } };
  return { store, session, socket, take, move, lastIntent };
}

const at = (store: GameStore, id: string) => store.state.value?.models.find((m) => m.id === id);

describe("Undo move", () => {
  it("sends the models of the last move back where they stood, once", () => {
    const { store, session, take, move, lastIntent } = opened();
    const a1 = at(store, "a1")!;
    move({ model: "a1", x: 14, y: 11 });
    take("", [{ model: "b1", x: 40, y: 31 }], "p2"); // the other player's: not mine
    expect(store.ownMoves.value.length).toBe(1);
    expect(session.undoLastMove().ok).toBe(true);
    const undo = lastIntent();
    expect(undo.cmd.moves).toEqual([{ model: "a1", to: { x: a1.x, y: a1.y, z: a1.z, facing: a1.facing } }]);
    take(undo.intent_id, [{ model: "a1", x: a1.x, y: a1.y }]);
    expect(store.ownMoves.value).toEqual([]); // the undo itself is no move to take back
    expect(undoNotice(session.undoLastMove(), (id) => id)).toBe("Nothing to undo: none of your moves made on this page is left.");
  });

  it("takes back moves in order however quick the undos, even before the first is answered", () => {
    const { store, session, take, move, lastIntent } = opened();
    move({ model: "a1", x: 14, y: 11 });
    move({ model: "a2", x: 16, y: 11 });
    move({ model: "a1", x: 18, y: 11 }); // a1 twice: the second undo must not say "moved since"
    expect(session.undoLastMove().ok).toBe(true);
    const first = lastIntent();
    expect(session.undoLastMove().ok).toBe(true);
    const second = lastIntent();
    expect(second.cmd.moves[0]?.model).toBe("a2");
    expect(session.undoLastMove().ok).toBe(true);
    const third = lastIntent();
    expect(third.cmd.moves[0]).toMatchObject({ model: "a1", to: { x: 10, y: 10 } });
    take(first.intent_id, [{ model: "a1", x: 14, y: 11 }]);
    take(second.intent_id, [{ model: "a2", x: 12, y: 10 }]);
    take(third.intent_id, [{ model: "a1", x: 10, y: 10 }]);
    expect(store.ownMoves.value).toEqual([]);
  });

  it("puts a refused undo's move back, in its place", () => {
    const { store, session, socket, take, move, lastIntent } = opened();
    move({ model: "a1", x: 14, y: 11 });
    move({ model: "a2", x: 16, y: 11 });
    session.undoLastMove();
    const first = lastIntent();
    session.undoLastMove();
    const second = lastIntent();
    socket.receive({ type: "rejected", intent_id: first.intent_id, code: "move/overlap", message: "bases overlap" });
    take(second.intent_id, [{ model: "a1", x: 10, y: 10 }]);
    expect(store.ownMoves.value.map((m) => [...m.after.keys()])).toEqual([["a2"]]);
  });

  it("puts an unanswered undo's move back when the connection drops", () => {
    const { store, session, socket, move } = opened();
    move({ model: "a1", x: 14, y: 11 });
    move({ model: "a2", x: 16, y: 11 });
    session.undoLastMove();
    expect(store.ownMoves.value.length).toBe(1);
    socket.drop();
    expect(store.ownMoves.value.map((m) => [...m.after.keys()])).toEqual([["a1"], ["a2"]]);
  });

  it("leaves out another browser's moves on the same seat", () => {
    const { store, take } = opened();
    take("elsewhere", [{ model: "a1", x: 14, y: 11 }]); // acked to another page: not ours
    expect(store.ownMoves.value).toEqual([]);
  });

  it("refuses when a model of the move was moved since, naming it", () => {
    const { session, socket, take, move } = opened();
    move({ model: "a1", x: 14, y: 11 }, { model: "a2", x: 16, y: 11 });
    take("", [{ model: "a2", x: 20, y: 20 }], "p2");
    const result = session.undoLastMove();
    expect(result).toEqual({ ok: false, reason: "moved", model: "a2" });
    expect(undoNotice(result, (id) => `Alpha #${id.slice(1)}`)).toBe("Cannot undo: Alpha #2 was moved since. Drag it back by hand.");
    expect(socket.sent.filter((m) => (m as { type: string }).type === "intent").length).toBe(1);
  });

  it("keeps the last moves only, and a spectator keeps none", () => {
    const { store, move } = opened();
    for (let i = 1; i <= MOVES_KEPT + 5; i++) move({ model: "a1", x: 10 + i, y: 11 });
    expect(store.ownMoves.value.length).toBe(MOVES_KEPT);
    const watcher = new GameStore();
    watcher.welcome({ player: null, role: "spectator" }, "sandbox");
    watcher.applySnapshot(0, store.state.value!);
    watcher.applyEvent(1, { type: "models_moved", player: "p1", moves: [{ model: "a1", x: 1, y: 1, z: 0, facing: 0, distance: 1 }] });
    expect(watcher.ownMoves.value).toEqual([]);
  });
});
