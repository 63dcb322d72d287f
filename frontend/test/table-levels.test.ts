// The table's level choice (rules decision 28): which levels the panel offers for a selection,
// and the one move a choice sends (x, y, facing kept, z named).

import { describe, expect, it } from "vitest";
import { decodeTableState } from "../src/protocol/codec";
import type { TableState } from "../src/protocol/messages";
import { describeEvent } from "../src/state/event-text";
import { levelMove, levelOffer, stepMove } from "../src/ui/level-choice";
import { table } from "./fakes";
import { openedTable } from "./table-session";

const base = { shape: "circle", diameter_mm: 32 };
const model = (id: string, unit: string, x: number, y: number, z = 0, facing = 0) => ({
  id, unit, name: "", base, x, y, z, height: 1.6, facing, wounds: 1,
});

// a ruin with floors at 3" and 6" (x 20..26), a hill 2" high (x 30..36); a1, a2 in the ruin, a3
// on the hill, a4 in the open, b1 (the opponent's) in the ruin
const state = (): TableState =>
  decodeTableState(
    table({
      models: [
        model("a1", "A", 21, 11, 0, 90),
        model("a2", "A", 23, 11, 3),
        model("a3", "A", 31, 11),
        model("a4", "A", 10, 10),
        model("b1", "B", 25, 15),
      ],
      terrain: [
        { id: "r1", kind: "ruins", polygon: [[20, 10], [26, 10], [26, 16], [20, 16]], height: 6, traits: [], floors: [3, 6] },
        { id: "h1", kind: "hill", polygon: [[30, 10], [36, 10], [36, 16], [30, 16]], height: 2, traits: [] },
      ],
    }),
  );

describe("levelOffer", () => {
  it("offers the ground and the floors under the viewer's selected models", () => {
    const offer = levelOffer(state(), new Set(["a1"]), "p1");
    expect(offer).toMatchObject({ models: ["a1"], levels: [0, 3, 6], current: 0 });
    const two = levelOffer(state(), new Set(["a1", "a3"]), "p1");
    expect(two?.levels).toEqual([0, 2, 3, 6]);
    expect(two?.counts.get(0)).toBe(2);
    expect(two?.counts.get(3)).toBe(1);
  });

  it("presses the level all the models stand at, none when they differ", () => {
    expect(levelOffer(state(), new Set(["a2"]), "p1")?.current).toBe(3);
    expect(levelOffer(state(), new Set(["a1", "a2"]), "p1")?.current).toBeNull();
  });

  it("offers nothing off terrain, to a spectator, or for the opponent's models", () => {
    expect(levelOffer(state(), new Set(["a4"]), "p1")).toBeNull();
    expect(levelOffer(state(), new Set(), "p1")).toBeNull();
    expect(levelOffer(state(), new Set(["a1"]), null)).toBeNull();
    expect(levelOffer(state(), new Set(["b1"]), "p1")).toBeNull();
    expect(levelOffer(state(), new Set(["a1", "b1"]), "p2")?.models).toEqual(["b1"]);
  });

  it("offers the ground to a model raised where no surface is left (a scenario's mid-air one)", () => {
    const s = state();
    s.models[3] = { ...s.models[3]!, z: 4 };
    expect(levelOffer(s, new Set(["a4"]), "p1")).toMatchObject({ levels: [0], current: 4 });
  });
});

describe("levelMove", () => {
  it("keeps x, y and facing and names z, leaving out models already there", () => {
    const s = state();
    const offer = levelOffer(s, new Set(["a1", "a2"]), "p1")!;
    expect(levelMove(s, offer, 3)).toEqual({
      moves: [{ model: "a1", to: { x: 21, y: 11, z: 3, facing: 90 } }],
      cannot: [],
    });
    expect(levelMove(s, offer, 0).moves).toEqual([{ model: "a2", to: { x: 23, y: 11, z: 0, facing: 0 } }]);
  });

  it("lists the models with no such level under them, and moves the others", () => {
    const s = state();
    const offer = levelOffer(s, new Set(["a1", "a3", "a4"]), "p1")!;
    expect(levelMove(s, offer, 2)).toEqual({
      moves: [{ model: "a3", to: { x: 31, y: 11, z: 2, facing: 0 } }],
      cannot: ["a1", "a4"],
    });
  });
});

describe("stepMove", () => {
  const zs = (moves: ReturnType<typeof stepMove>) => Object.fromEntries(moves.map((m) => [m.model, m.to.z]));
  it("takes each model one surface up or down from where it stands", () => {
    const s = state();
    const one = levelOffer(s, new Set(["a2"]), "p1")!;
    expect(zs(stepMove(s, one, 1))).toEqual({ a2: 6 });
    expect(zs(stepMove(s, one, -1))).toEqual({ a2: 0 });
    const ground = levelOffer(s, new Set(["a1"]), "p1")!;
    expect(stepMove(s, ground, -1)).toEqual([]);
    // a unit on different surfaces climbs together: the ruin's models to their next floor, the
    // hill's to its top, the one in the open stays (it has nothing to climb)
    const unit = levelOffer(s, new Set(["a1", "a2", "a3", "a4"]), "p1")!;
    expect(zs(stepMove(s, unit, 1))).toEqual({ a1: 3, a2: 6, a3: 2 });
    expect(zs(stepMove(s, unit, -1))).toEqual({ a2: 0 });
    expect(stepMove(s, unit, 1).find((m) => m.model === "a1")?.to).toEqual({ x: 21, y: 11, z: 3, facing: 90 });
  });
});

describe("GameSession.moveModels with a height", () => {
  it("sends z and draws the models at it until the server answers", () => {
    const { store, session, socket: s } = openedTable({ newIntentId: () => "i1" });
    session.moveModels([{ model: "a1", to: { x: 10, y: 10, z: 3, facing: 0 } }]);
    expect(s.sent.at(-1)).toMatchObject({
      cmd: { type: "move_models", moves: [{ model: "a1", to: { x: 10, y: 10, z: 3, facing: 0 } }] },
    });
    expect(store.shown.value?.models.find((m) => m.id === "a1")?.z).toBe(3);
    session.moveModels([{ model: "a2", to: { x: 13, y: 10 } }]);
    expect((s.sent.at(-1) as { cmd: { moves: unknown[] } }).cmd.moves).toEqual([{ model: "a2", to: { x: 13, y: 10 } }]);
    session.stop();
  });
});

describe("the log", () => {
  const put = (moves: { model: string; z: number; x?: number; y?: number }[]) => ({
    type: "models_moved",
    player: "p1",
    moves: moves.map((m) => ({ x: 0, y: 0, facing: 0, distance: 0, ...m })),
  });

  it("says models raised or brought down where they stand were put at a level", () => {
    const s = state();
    expect(describeEvent(s, put([{ model: "a1", z: 3 }]) as never)).toBe('Player 1 put Alpha Squad (1 model) 3" up');
    expect(describeEvent(s, put([{ model: "a2", z: 0 }]) as never)).toBe("Player 1 put Alpha Squad (1 model) on the ground");
    expect(describeEvent(s, put([{ model: "a1", z: 0 }]) as never)).toBe("Player 1 turned Alpha Squad (1 model)");
  });
});
