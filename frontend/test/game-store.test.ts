import { describe, expect, it } from "vitest";
import { decodeTableState } from "../src/protocol/codec";
import { applyEvent } from "../src/state/apply-event";
import { describeEvent } from "../src/state/event-text";
import { setupHeights } from "../src/net/http-api";
import { GameStore } from "../src/state/game-store";
import { table } from "./fakes";

const state = () => decodeTableState(table());
const moved = (moves: { model: string; x: number; y: number; distance?: number }[], player = "p1") => ({
  type: "models_moved",
  player,
  moves: moves.map((m) => ({ z: 0, facing: 0, distance: 0, ...m })),
});

describe("applyEvent", () => {
  it("moves the listed models and nothing else", () => {
    const before = state();
    const after = applyEvent(before, moved([{ model: "a1", x: 14, y: 11 }]));
    expect(after.models.find((m) => m.id === "a1")).toMatchObject({ x: 14, y: 11 });
    expect(after.models.find((m) => m.id === "a2")).toBe(before.models.find((m) => m.id === "a2"));
    expect(before.models.find((m) => m.id === "a1")).toMatchObject({ x: 10, y: 10 });
  });

  it("leaves the table alone for events it does not know", () => {
    const before = state();
    expect(applyEvent(before, { type: "dice_rolled" })).toBe(before);
  });
});

describe("describeEvent", () => {
  it("says who moved which unit how far", () => {
    const e = moved([
      { model: "a1", x: 14, y: 11, distance: 4.2 },
      { model: "a2", x: 16, y: 11, distance: 4.2 },
    ]);
    expect(describeEvent(state(), e)).toBe('Player 1 moved Alpha Squad (2 models) 4.2"');
    expect(describeEvent(state(), moved([{ model: "b1", x: 1, y: 1, distance: 1 }], "p2"))).toBe('Player 2 moved Bravo (1 model) 1.0"');
    expect(describeEvent(state(), undefined)).toBe("hidden event");
  });
});

describe("GameStore", () => {
  it("applies a snapshot, then events, logging them in words", () => {
    const store = new GameStore();
    store.applySnapshot(5, state());
    store.applyEvent(6, moved([{ model: "a1", x: 14, y: 10, distance: 4 }]));
    store.applyEvent(7, undefined);
    expect(store.v.value).toBe(7);
    expect(store.state.value?.models.find((m) => m.id === "a1")?.x).toBe(14);
    expect(store.log.value).toEqual([{ v: 6, player: "p1", text: 'Player 1 moved Alpha Squad (1 model) 4.0"' }]);
  });

  it("puts the events before this page opened in front of the log, once", () => {
    const store = new GameStore();
    store.applySnapshot(5, state());
    store.applyEvent(6, moved([{ model: "a1", x: 14, y: 10, distance: 4 }]));
    const history = [
      { v: 1, e: moved([{ model: "b1", x: 1, y: 1, distance: 2 }], "p2") },
      { v: 2 }, // hidden from this viewer
      { v: 3, e: "not an event" },
      { v: 6, e: moved([{ model: "a1", x: 14, y: 10, distance: 4 }]) }, // already logged
    ];
    store.addHistory(history);
    store.addHistory(history);
    expect(store.log.value.map((l) => [l.v, l.text])).toEqual([
      [1, 'Player 2 moved Bravo (1 model) 2.0"'],
      [6, 'Player 1 moved Alpha Squad (1 model) 4.0"'],
    ]);
  });

  it("follows heights through the history from the set-up (a level change, then a turn)", () => {
    const store = new GameStore();
    // a1 now stands 3" up: it was put there (v1), then turned where it stands (v2)
    const now = state();
    store.applySnapshot(2, { ...now, models: now.models.map((m) => (m.id === "a1" ? { ...m, z: 3 } : m)) });
    const up = { type: "models_moved", player: "p1", moves: [{ model: "a1", x: 10, y: 10, z: 3, facing: 0, distance: 0 }] };
    const turn = { type: "models_moved", player: "p1", moves: [{ model: "a1", x: 10, y: 10, z: 3, facing: 90, distance: 0 }] };
    store.addHistory([{ v: 1, e: up }, { v: 2, e: turn }], new Map([["a1", 0]]));
    expect(store.log.value.map((l) => l.text)).toEqual([
      'Player 1 put Alpha Squad (1 model) 3" up',
      "Player 1 turned Alpha Squad (1 model)",
    ]);
  });

  it("reads the heights a table game was set up with from its export", () => {
    const setup = { system: "wh40k-9e", setup: { models: [{ id: "a1", z: 2 }, { id: "b1" }, "junk"] } };
    expect(setupHeights(setup)).toEqual(new Map([["a1", 2], ["b1", 0]]));
    expect(setupHeights({ system: "wh40k-10e", armies: {} })).toBeUndefined();
    expect(setupHeights(null)).toBeUndefined();
  });

  it("ignores events before the first snapshot", () => {
    const store = new GameStore();
    store.applyEvent(1, moved([{ model: "a1", x: 1, y: 1 }]));
    expect(store.state.value).toBeNull();
    expect(store.v.value).toBeNull();
  });

  it("shows a ghost until the acknowledged version has been applied", () => {
    const store = new GameStore();
    store.applySnapshot(5, state());
    store.addGhost("i1", new Map([["a1", { x: 20, y: 20 }]]));
    const shownA1 = () => store.shown.value?.models.find((m) => m.id === "a1");
    expect(shownA1()).toMatchObject({ x: 20, y: 20 });
    expect(store.pending.value.has("a1")).toBe(true);
    store.ack("i1", 6); // the ack came before its event
    expect(shownA1()).toMatchObject({ x: 20, y: 20 });
    store.applyEvent(6, moved([{ model: "a1", x: 20, y: 20 }]));
    expect(store.ghosts.value).toEqual([]);
    expect(shownA1()).toMatchObject({ x: 20, y: 20 });
  });

  it("drops a ghost at once when the event came before the ack", () => {
    const store = new GameStore();
    store.applySnapshot(5, state());
    store.addGhost("i1", new Map([["a1", { x: 20, y: 20 }]]));
    store.applyEvent(6, moved([{ model: "a1", x: 20, y: 20 }]));
    store.ack("i1", 6);
    expect(store.ghosts.value).toEqual([]);
  });

  it("snaps back and records the reason on a rejection", () => {
    const store = new GameStore();
    store.applySnapshot(5, state());
    store.addGhost("i1", new Map([["a1", { x: 20, y: 20 }]]));
    const detail = { model: "a1", other: "b1" };
    store.reject({ type: "rejected", intent_id: "i1", code: "move/overlap", message: "a1 would overlap b1", detail });
    expect(store.shown.value?.models.find((m) => m.id === "a1")).toMatchObject({ x: 10, y: 10 });
    expect(store.lastRejection.value).toEqual({ intentId: "i1", code: "move/overlap", message: "a1 would overlap b1", detail, seq: 1 });
    store.reject({ type: "rejected", intent_id: "i2", code: "move/overlap", message: "a1 would overlap b1" });
    expect(store.lastRejection.value?.seq).toBe(2);
  });

  it("indexes units, players and each unit's models", () => {
    const store = new GameStore();
    store.applySnapshot(1, state());
    expect(store.index.value.unitModels.get("A")).toEqual(["a1", "a2"]);
    expect(store.index.value.players.get("p2")?.color).toBe("#d6453d");
  });
});
