import { describe, expect, it } from "vitest";
import { DecodeError, decodeServerMessage, encodeClientMessage } from "../src/protocol/codec";
import { table } from "./fakes";

const decode = (m: unknown) => decodeServerMessage(JSON.stringify(m));

describe("decodeServerMessage", () => {
  it("reads a welcome with its viewer", () => {
    const m = decode({ type: "welcome", game: "g1", system: "sandbox", viewer: { player: null, role: "spectator" }, v: 3 });
    expect(m).toEqual({ type: "welcome", game: "g1", system: "sandbox", viewer: { player: null, role: "spectator" }, v: 3 });
  });

  it("reads a snapshot's table, filling documented defaults", () => {
    const state = table();
    const m = decode({ type: "snapshot", v: 7, state: { ...state, models: [{ id: "x", unit: "A", base: { shape: "circle", diameter_mm: 25 }, x: 1, y: 2 }] } });
    expect(m.type).toBe("snapshot");
    if (m.type !== "snapshot") return;
    expect(m.v).toBe(7);
    expect(m.state.models[0]).toEqual({ id: "x", unit: "A", name: "", base: { shape: "circle", diameter_mm: 25 }, x: 1, y: 2, z: 0, height: 0, facing: 0, wounds: 1 });
    expect(m.state.terrain[0]?.polygon).toEqual([[20, 10], [26, 10], [26, 16], [20, 16]]);
    expect(m.state.objectives[0]?.diameter_mm).toBe(40);
  });

  it("reads hull and oval bases", () => {
    const m = decode({
      type: "snapshot",
      v: 1,
      state: table({
        models: [
          { id: "t", unit: "A", base: { shape: "hull", points: [[-2, -1], [2, -1], [2, 1], [-2, 1]] }, x: 5, y: 5 },
          { id: "o", unit: "A", base: { shape: "oval", length_mm: 60, width_mm: 35 }, x: 5, y: 5 },
        ],
      }),
    });
    if (m.type !== "snapshot") throw new Error("not a snapshot");
    expect(m.state.models.map((x) => x.base.shape)).toEqual(["hull", "oval"]);
  });

  it("reads an event and a stub", () => {
    const e = decode({ type: "event", v: 42, e: { type: "models_moved", player: "p1", moves: [{ model: "a1", x: 1, y: 2, z: 0, facing: 0, distance: 3 }] } });
    expect(e).toMatchObject({ type: "event", v: 42, e: { type: "models_moved", player: "p1" } });
    expect(decode({ type: "event", v: 43 })).toEqual({ type: "event", v: 43 });
  });

  it("keeps unknown event kinds, which still advance the version", () => {
    expect(decode({ type: "event", v: 5, e: { type: "dice_rolled", results: [6] } })).toEqual({
      type: "event",
      v: 5,
      e: { type: "dice_rolled", results: [6] },
    });
  });

  it("reads ack, rejected, pong and answer", () => {
    expect(decode({ type: "ack", intent_id: "i1", v: 2 })).toEqual({ type: "ack", intent_id: "i1", v: 2 });
    expect(decode({ type: "rejected", intent_id: "i1", code: "move/overlap", message: "overlaps b1", detail: { other: "b1" } })).toEqual({
      type: "rejected",
      intent_id: "i1",
      code: "move/overlap",
      message: "overlaps b1",
      detail: { other: "b1" },
    });
    expect(decode({ type: "rejected", code: "message/invalid" })).toEqual({ type: "rejected", code: "message/invalid", message: "message/invalid" });
    expect(decode({ type: "pong", v: 9 })).toEqual({ type: "pong", v: 9 });
    expect(decode({ type: "answer", req_id: 7, a: { x: 1 } })).toEqual({ type: "answer", req_id: 7, a: { x: 1 } });
  });

  it("names the bad field", () => {
    const bad = table({ models: [{ id: "a1", unit: "A", base: { shape: "circle", diameter_mm: "32" }, x: 1, y: 1 }] });
    expect(() => decode({ type: "snapshot", v: 1, state: bad })).toThrow(/state\.models\[0\]\.base\.diameter_mm/);
    expect(() => decode({ type: "event", v: 1.5 })).toThrow(DecodeError);
    expect(() => decode({ type: "nope" })).toThrow(/unknown message type/);
    expect(() => decodeServerMessage("{not json")).toThrow(DecodeError);
    expect(() => decode([1, 2])).toThrow(DecodeError);
    expect(() => decode({ type: "event", v: 1, e: { type: "models_moved", player: "p1", moves: [{ model: "a1", x: null, y: 0 }] } })).toThrow(/e\.moves\[0\]\.x/);
  });
});

describe("encodeClientMessage", () => {
  it("writes an intent as the protocol shows it", () => {
    const text = encodeClientMessage({
      type: "intent",
      intent_id: "i1",
      expected_v: 41,
      cmd: { type: "move_models", moves: [{ model: "a1", to: { x: 12, y: 7.5 } }] },
    });
    expect(JSON.parse(text)).toEqual({
      type: "intent",
      intent_id: "i1",
      expected_v: 41,
      cmd: { type: "move_models", moves: [{ model: "a1", to: { x: 12, y: 7.5 } }] },
    });
  });
});
