import { describe, expect, it } from "vitest";
import { GestureMachine, type GestureHost } from "../src/board/gesture";
import { TOUCH_RADIUS, nearestBase } from "../src/board/touch-pick";

// 10 px to the inch; two 32 mm bases (0.63") at (10, 10) and (12, 10) inches: on screen at
// (100, 100) and (120, 100), 6.3 px in radius, smaller than a fingertip.
const camera = { scale: 10, offset: { x: 0, y: 0 } };
const bases = [
  { id: "a1", x: 10, y: 10, reach: 0.63 },
  { id: "b1", x: 12, y: 10, reach: 0.63 },
];

describe("a tap beside a base drawn small", () => {
  it("takes the base whose centre is nearest, within a fingertip", () => {
    expect(nearestBase({ x: 100, y: 112 }, bases, camera)).toBe("a1"); // 12 px from a1
    expect(nearestBase({ x: 108, y: 100 }, bases, camera)).toBe("a1"); // nearer a1 than b1
    expect(nearestBase({ x: 113, y: 100 }, bases, camera)).toBe("b1");
  });

  it("takes nothing farther than a fingertip from every centre", () => {
    expect(nearestBase({ x: 100, y: 100 + TOUCH_RADIUS + 1 }, bases, camera)).toBeNull();
    expect(nearestBase({ x: 100, y: 112 }, [], camera)).toBeNull();
  });

  it("leaves a base drawn larger than a fingertip to taps on it", () => {
    const close = { scale: 40, offset: { x: 0, y: 0 } }; // 25 px in radius
    expect(nearestBase({ x: 400, y: 428 }, bases, close)).toBeNull();
  });

  it("is asked for by a finger's press, not by a mouse's", () => {
    const asked: (boolean | undefined)[] = [];
    const host = {
      hitModel: (_at: unknown, touch?: boolean) => {
        asked.push(touch);
        return null;
      },
      pressModel: () => {},
      clickModel: () => {},
      clickEmpty: () => {},
      dragStart: () => false,
      dragMove: () => {},
      dragEnd: () => {},
      dragCancel: () => {},
      panBy: () => {},
      zoomAt: () => {},
    } satisfies GestureHost;
    const machine = new GestureMachine(host);
    machine.down({ id: 1, at: { x: 0, y: 0 }, time: 0, touch: true });
    machine.up({ id: 1, at: { x: 0, y: 0 }, time: 10 });
    machine.down({ id: 2, at: { x: 0, y: 0 }, time: 500 });
    machine.up({ id: 2, at: { x: 0, y: 0 }, time: 510 });
    expect(asked).toEqual([true, false]);
  });
});
