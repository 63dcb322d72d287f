import { describe, expect, it } from "vitest";
import { GestureMachine, type GestureHost } from "../src/board/gesture";
import { keyTurn, normalizeFacing, sweptAngle, turnedBy, turnsAtAll } from "../src/board/turn";
import { dropHeight, heightBadge, levelsAt } from "../src/geometry/levels";
import type { Point } from "../src/geometry/vec";
import type { TerrainPiece } from "../src/protocol/messages";

function host(onHandle: (at: Point) => boolean) {
  const calls: string[] = [];
  const key = (p: Point) => `${p.x},${p.y}`;
  const h: GestureHost = {
    hitModel: () => "a1",
    pressModel: (m) => calls.push(`press ${m}`),
    clickModel: (m) => calls.push(`click ${m}`),
    clickEmpty: () => calls.push("click empty"),
    dragStart: (m) => (calls.push(`dragStart ${m}`), true),
    dragMove: (p) => calls.push(`dragMove ${key(p)}`),
    dragEnd: (p) => calls.push(`dragEnd ${key(p)}`),
    dragCancel: () => calls.push("dragCancel"),
    panBy: (d) => calls.push(`pan ${key(d)}`),
    zoomAt: () => calls.push("zoom"),
    hitHandle: onHandle,
    turnStart: (p) => calls.push(`turnStart ${key(p)}`),
    turnMove: (p) => calls.push(`turnMove ${key(p)}`),
    turnEnd: (p) => calls.push(`turnEnd ${key(p)}`),
    turnCancel: () => calls.push("turnCancel"),
  };
  return { calls, machine: new GestureMachine(h) };
}

describe("turning by the handle", () => {
  it("a press on the handle turns (no threshold, no selection change, no drag)", () => {
    const { calls, machine } = host((at) => at.x === 50);
    machine.down({ id: 1, at: { x: 50, y: 10 }, time: 0 });
    expect(machine.dragging).toBe(true);
    machine.move({ id: 1, at: { x: 51, y: 11 }, time: 5 });
    machine.up({ id: 1, at: { x: 52, y: 20 }, time: 9 });
    expect(calls).toEqual(["turnStart 50,10", "turnMove 51,11", "turnEnd 52,20"]);
    expect(machine.dragging).toBe(false);
  });

  it("a second finger or a lost pointer cancels the turn; a press off the handle drags as before", () => {
    const a = host(() => true);
    a.machine.down({ id: 1, at: { x: 50, y: 10 }, time: 0 });
    a.machine.down({ id: 2, at: { x: 90, y: 10 }, time: 1 });
    expect(a.calls).toEqual(["turnStart 50,10", "turnCancel"]);
    const b = host(() => true);
    b.machine.down({ id: 1, at: { x: 50, y: 10 }, time: 0 });
    b.machine.cancel(1);
    expect(b.calls).toEqual(["turnStart 50,10", "turnCancel"]);
    const c = host(() => false);
    c.machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    c.machine.move({ id: 1, at: { x: 30, y: 10 }, time: 5 });
    expect(c.calls).toEqual(["press a1", "dragStart a1", "dragMove 30,10"]);
  });
});

describe("turn arithmetic", () => {
  it("measures the angle swept about a centre, clockwise on the screen positive", () => {
    const c = { x: 10, y: 10 };
    expect(sweptAngle(c, { x: 11, y: 10 }, { x: 10, y: 11 })).toBeCloseTo(90);
    expect(sweptAngle(c, { x: 11, y: 10 }, { x: 10, y: 9 })).toBeCloseTo(-90);
    expect(sweptAngle(c, { x: 9, y: 10.001 }, { x: 9, y: 9.999 })).toBeCloseTo(0.1146, 3); // across ±180
  });

  it("turns each model about its own centre, to whole degrees in [0, 360)", () => {
    const starts = new Map([
      ["a1", { x: 1, y: 2, facing: 350 }],
      ["a2", { x: 5, y: 2, facing: 0 }],
    ]);
    const out = turnedBy(starts, 20.4);
    expect(out.get("a1")).toEqual({ x: 1, y: 2, facing: 10 });
    expect(out.get("a2")).toEqual({ x: 5, y: 2, facing: 20 });
    expect(turnedBy(starts, -15).get("a2")?.facing).toBe(345);
    expect(normalizeFacing(-720)).toBe(0);
    expect(turnsAtAll(0.4)).toBe(false);
    expect(turnsAtAll(360)).toBe(false);
    expect(turnsAtAll(-5)).toBe(true);
  });

  it("Q and [ turn left, E and ] right, by 15 degrees or 5 with Shift", () => {
    expect(keyTurn("KeyQ", false)).toBe(-15);
    expect(keyTurn("BracketRight", false)).toBe(15);
    expect(keyTurn("KeyE", true)).toBe(5);
    expect(keyTurn("BracketLeft", true)).toBe(-5);
    expect(keyTurn("KeyW", false)).toBeNull();
  });
});

describe("height on a drop (rules decision 28)", () => {
  const ruin: TerrainPiece = {
    id: "r",
    kind: "ruins",
    polygon: [[20, 10], [28, 10], [28, 16], [20, 16]],
    height: 8,
    floors: [3, 5.5],
    traits: [],
    name: "",
  } as TerrainPiece;
  const low: TerrainPiece = { ...ruin, id: "r2", polygon: [[20, 2], [28, 2], [28, 7], [20, 7]], floors: [4] };
  const hill: TerrainPiece = { ...ruin, id: "h", kind: "hill", polygon: [[2, 14], [10, 14], [10, 19], [2, 19]], height: 3, floors: [] };
  const terrain = [ruin, low, hill];
  const up = { x: 22, y: 12, z: 5.5 };

  it("keeps a floor under the base, else the floor below, else the ground, as the server does", () => {
    expect(levelsAt(terrain, { x: 24, y: 14 })).toEqual([3, 5.5]);
    expect(dropHeight(terrain, up, { x: 10, y: 9 })).toBe(0);
    expect(dropHeight(terrain, up, { x: 24, y: 14 })).toBe(5.5);
    expect(dropHeight(terrain, up, { x: 24, y: 4 })).toBe(4);
    expect(dropHeight(terrain, { x: 6, y: 16, z: 3 }, { x: 4, y: 15 })).toBe(3);
    expect(dropHeight(terrain, { x: 25, y: 12, z: 0 }, { x: 24, y: 14 })).toBe(0);
    expect(dropHeight(terrain, { x: 12, y: 12, z: 4 }, { x: 12, y: 12 })).toBe(4);
  });

  it("writes a raised model's height as a badge, nothing on the ground", () => {
    expect(heightBadge(5.5)).toBe('▲5.5"');
    expect(heightBadge(3.04)).toBe('▲3.04"'); // as the level row writes it (`3.04" up`)
    expect(heightBadge(2.999)).toBe('▲3"');
    expect(heightBadge(0)).toBeNull();
  });
});

describe("the log", () => {
  it("says a move that changed only facings turned the models", async () => {
    const { describeEvent } = await import("../src/state/event-text");
    const e = { type: "models_moved", player: "p1", moves: [{ model: "a1", x: 1, y: 1, z: 0, facing: 90, distance: 0 }] };
    expect(describeEvent(null, e as never)).toBe("p1 turned a1 (1 model)");
    const moved = { ...e, moves: [{ ...e.moves[0], distance: 2 }] };
    expect(describeEvent(null, moved as never)).toBe('p1 moved a1 (1 model) 2.0"');
  });
});
