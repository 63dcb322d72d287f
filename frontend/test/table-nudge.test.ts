// The arrow keys' steps (keyboard audit s16 E #1): the table's directions, y down the screen.
import { describe, expect, it } from "vitest";
import { FINE_NUDGE_STEP, NUDGE_STEP, keyNudge } from "../src/board/nudge";

describe("keyNudge", () => {
  it("moves by a step each way, finer with Shift, and ignores other keys", () => {
    expect(keyNudge("ArrowLeft", false)).toEqual({ x: -NUDGE_STEP, y: 0 });
    expect(keyNudge("ArrowRight", false)).toEqual({ x: NUDGE_STEP, y: 0 });
    expect(keyNudge("ArrowUp", false)).toEqual({ x: 0, y: -NUDGE_STEP });
    expect(keyNudge("ArrowDown", true)).toEqual({ x: 0, y: FINE_NUDGE_STEP });
    expect(keyNudge("KeyQ", false)).toBeNull();
  });
});
