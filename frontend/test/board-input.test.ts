import { describe, expect, it } from "vitest";
import { DOUBLE_PRESS_MS, GestureMachine, type GestureHost } from "../src/board/gesture";
import { modelsToDrag, selectOnClick, selectOnPress } from "../src/board/selection";
import type { Point } from "../src/geometry/vec";

const units = {
  unitOf: (m: string) => (m.startsWith("a") ? "A" : "B"),
  modelsOf: (u: string) => (u === "A" ? ["a1", "a2", "a3"] : ["b1"]),
};
const plain = { shift: false, double: false, unitMode: false };

describe("selection", () => {
  it("selects one model on a press, its unit with shift, double press or unit mode", () => {
    expect([...selectOnPress(new Set(), "a2", plain, units)]).toEqual(["a2"]);
    expect([...selectOnPress(new Set(), "a2", { ...plain, shift: true }, units)]).toEqual(["a1", "a2", "a3"]);
    expect([...selectOnPress(new Set(["a2"]), "a2", { ...plain, double: true }, units)]).toEqual(["a1", "a2", "a3"]);
    expect([...selectOnPress(new Set(), "b1", { ...plain, unitMode: true }, units)]).toEqual(["b1"]);
  });

  it("keeps a selection pressed inside (to drag it), narrows it on a plain click", () => {
    const unit = new Set(["a1", "a2", "a3"]);
    expect(selectOnPress(unit, "a2", plain, units)).toBe(unit);
    expect([...selectOnClick(unit, "a2", plain)]).toEqual(["a2"]);
    expect(selectOnClick(unit, "a2", { ...plain, unitMode: true })).toBe(unit);
  });

  it("drags the selection the grabbed model is in, only models the viewer may move", () => {
    const mine = (m: string) => m.startsWith("a");
    expect(modelsToDrag(new Set(["a1", "a2"]), "a1", mine)).toEqual(["a1", "a2"]);
    expect(modelsToDrag(new Set(["a1", "a2"]), "a3", mine)).toEqual(["a3"]);
    expect(modelsToDrag(new Set(["b1"]), "b1", mine)).toEqual([]);
  });
});

function recorder(
  hits: Record<string, string>,
  movable = (m: string) => m.startsWith("a"),
  dragsEmpty = false,
) {
  const calls: string[] = [];
  const key = (p: Point) => `${p.x},${p.y}`;
  const host: GestureHost = {
    hitModel: (at) => hits[key(at)] ?? null,
    pressModel: (m, f) => calls.push(`press ${m}${f.double ? " double" : ""}${f.shift ? " shift" : ""}`),
    clickModel: (m) => calls.push(`click ${m}`),
    clickEmpty: (at) => calls.push(`click empty ${key(at)}`),
    dragStart: (m) => {
      calls.push(`dragStart ${m}`);
      return m === null ? dragsEmpty : movable(m);
    },
    dragMove: (p) => calls.push(`dragMove ${key(p)}`),
    dragEnd: (p) => calls.push(`dragEnd ${key(p)}`),
    dragCancel: () => calls.push("dragCancel"),
    panBy: (d) => calls.push(`pan ${key(d)}`),
    zoomAt: (a, f) => calls.push(`zoom ${key(a)} ${f.toFixed(2)}`),
  };
  return { calls, machine: new GestureMachine(host) };
}

describe("GestureMachine", () => {
  it("drags an own base past the threshold and drops it", () => {
    const { calls, machine } = recorder({ "10,10": "a1" });
    machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    machine.move({ id: 1, at: { x: 12, y: 10 }, time: 10 });
    machine.move({ id: 1, at: { x: 30, y: 10 }, time: 20 });
    machine.up({ id: 1, at: { x: 40, y: 10 }, time: 30 });
    expect(calls).toEqual(["press a1", "dragStart a1", "dragMove 30,10", "dragEnd 40,10"]);
  });

  it("pans instead of dragging an opponent's base", () => {
    const { calls, machine } = recorder({ "10,10": "b1" });
    machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    machine.move({ id: 1, at: { x: 20, y: 15 }, time: 10 });
    machine.move({ id: 1, at: { x: 25, y: 15 }, time: 20 });
    machine.up({ id: 1, at: { x: 25, y: 15 }, time: 30 });
    expect(calls).toEqual(["press b1", "dragStart b1", "pan 10,5", "pan 5,0"]);
  });

  it("pans from empty table unless the host takes the drag (the ruler does)", () => {
    for (const takes of [false, true]) {
      const { calls, machine } = recorder({}, undefined, takes);
      machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
      machine.move({ id: 1, at: { x: 30, y: 10 }, time: 10 });
      machine.up({ id: 1, at: { x: 30, y: 10 }, time: 20 });
      expect(calls).toEqual(
        takes
          ? ["dragStart null", "dragMove 30,10", "dragEnd 30,10"]
          : ["dragStart null", "pan 20,0"],
      );
    }
  });

  it("clicks, and knows a double press on the same model", () => {
    const { calls, machine } = recorder({ "10,10": "a1" });
    machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    machine.up({ id: 1, at: { x: 10, y: 10 }, time: 50 });
    machine.down({ id: 1, at: { x: 10, y: 10 }, time: 50 + DOUBLE_PRESS_MS - 1 });
    machine.up({ id: 1, at: { x: 10, y: 10 }, time: 400 });
    machine.down({ id: 1, at: { x: 50, y: 50 }, time: 500 });
    machine.up({ id: 1, at: { x: 50, y: 50 }, time: 510 });
    expect(calls).toEqual(["press a1", "click a1", "press a1 double", "click a1", "click empty 50,50"]);
  });

  it("says a press is still a click (a tap) until it moves past the threshold", () => {
    const { machine } = recorder({ "10,10": "a1" });
    expect(machine.pressing).toBe(false);
    machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    expect(machine.pressing).toBe(true);
    machine.move({ id: 1, at: { x: 12, y: 10 }, time: 5 });
    expect(machine.pressing).toBe(true);
    machine.move({ id: 1, at: { x: 40, y: 10 }, time: 10 });
    expect(machine.pressing).toBe(false);
    machine.up({ id: 1, at: { x: 40, y: 10 }, time: 20 });
    expect(machine.pressing).toBe(false);
  });

  it("pinches to zoom about the fingers' midpoint, cancelling a drag", () => {
    const { calls, machine } = recorder({ "10,10": "a1" });
    machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    machine.move({ id: 1, at: { x: 20, y: 10 }, time: 1 });
    machine.down({ id: 2, at: { x: 120, y: 10 }, time: 2 });
    machine.move({ id: 2, at: { x: 220, y: 10 }, time: 3 });
    machine.up({ id: 1, at: { x: 20, y: 10 }, time: 4 });
    machine.move({ id: 2, at: { x: 300, y: 10 }, time: 5 });
    machine.up({ id: 2, at: { x: 300, y: 10 }, time: 6 });
    expect(calls).toEqual(["press a1", "dragStart a1", "dragMove 20,10", "dragCancel", "pan 50,0", "zoom 120,10 2.00"]);
  });
});
