// What the board draws of a drag (BoardView.dragMeasure), and what the 10e page asks for: nothing
// while setting up, the line but not the board's length while a move is planned (the plan's own
// distance, against the limit, is the one shown), everything on the table pages.

import { describe, expect, it } from "vitest";
import { dragMarks } from "../src/board/drag-measure";
import { dragMeasureFor } from "../src/wh40k/board-state";
import { type PlanPurpose, startPlan } from "../src/wh40k/move-plan";

const plan = (purpose: PlanPurpose) => startPlan("u", purpose, new Map([["u-1", { x: 10, y: 10 }]]));

describe("dragMarks", () => {
  it("draws the trail and its length by default, as the table pages always did", () => {
    expect(dragMarks(undefined)).toEqual({ trail: true, length: true });
    expect(dragMarks("length")).toEqual({ trail: true, length: true });
  });

  it("keeps the line without its length, or draws nothing", () => {
    expect(dragMarks("line")).toEqual({ trail: true, length: false });
    expect(dragMarks("off")).toEqual({ trail: false, length: false });
  });
});

describe("dragMeasureFor", () => {
  it("turns the board's measure off while models are set up", () => {
    for (const purpose of ["deploy", "arrive", "disembark", "rapid_ingress"] as const) {
      expect(dragMeasureFor(plan(purpose))).toBe("off");
    }
  });

  it("keeps the line but not the board's length during a move: the plan's distance is shown", () => {
    for (const purpose of ["move", "charge", "pile_in", "consolidate"] as const) {
      expect(dragMeasureFor(plan(purpose))).toBe("line");
    }
    expect(dragMeasureFor(null)).toBe("line");
  });
});
