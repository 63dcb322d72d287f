// Dragging one model of a planned move: the table's gestures and selection together, as the
// plan's hint tells the player (click one model to drag it alone; double-click for the unit).

import { describe, expect, it } from "vitest";
import { DOUBLE_PRESS_MS, type GestureHost, GestureMachine } from "../src/board/gesture";
import { modelsToDrag, selectOnClick, selectOnPress } from "../src/board/selection";

const UNIT = ["m1", "m2", "m3"];

/** A board host that keeps a selection the way the Konva board does and records what a drag takes. */
function planBoard() {
  let selection: ReadonlySet<string> = new Set(UNIT); // a new plan selects its whole unit
  const dragged: string[][] = [];
  const units = { unitOf: () => "u", modelsOf: () => UNIT };
  const host: GestureHost = {
    hitModel: (at) => (at.x < 100 ? "m1" : null),
    pressModel: (m, f) => (selection = selectOnPress(selection, m, { ...f, unitMode: false }, units)),
    clickModel: (m, f) => (selection = selectOnClick(selection, m, { ...f, unitMode: false })),
    clickEmpty: () => undefined,
    dragStart: (m) => {
      if (m === null) return false;
      dragged.push(modelsToDrag(selection, m, () => true));
      return true;
    },
    dragMove: () => undefined,
    dragEnd: () => undefined,
    dragCancel: () => undefined,
    panBy: () => undefined,
    zoomAt: () => undefined,
  };
  return { machine: new GestureMachine(host), dragged, selection: () => selection };
}

describe("dragging one model of a planned move", () => {
  it("drags only the clicked model when the drag starts right after the click", () => {
    const b = planBoard();
    b.machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    b.machine.up({ id: 1, at: { x: 10, y: 10 }, time: 60 });
    expect([...b.selection()]).toEqual(["m1"]);
    // pressed again at once and dragged: a drag, not the second click of a double-click
    b.machine.down({ id: 1, at: { x: 10, y: 10 }, time: 200 });
    b.machine.move({ id: 1, at: { x: 40, y: 10 }, time: 230 });
    b.machine.up({ id: 1, at: { x: 40, y: 10 }, time: 260 });
    expect(b.dragged).toEqual([["m1"]]);
  });

  it("still takes the whole unit on a double-click released without dragging", () => {
    const b = planBoard();
    b.machine.down({ id: 1, at: { x: 10, y: 10 }, time: 0 });
    b.machine.up({ id: 1, at: { x: 10, y: 10 }, time: 60 });
    b.machine.down({ id: 1, at: { x: 10, y: 10 }, time: DOUBLE_PRESS_MS - 50 });
    b.machine.up({ id: 1, at: { x: 10, y: 10 }, time: DOUBLE_PRESS_MS });
    expect([...b.selection()]).toEqual(UNIT);
    b.machine.down({ id: 1, at: { x: 10, y: 10 }, time: 2000 });
    b.machine.move({ id: 1, at: { x: 40, y: 10 }, time: 2030 });
    b.machine.up({ id: 1, at: { x: 40, y: 10 }, time: 2060 });
    expect(b.dragged).toEqual([UNIT]);
  });
});
