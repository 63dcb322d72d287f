import { describe, expect, it } from "vitest";
import { tagPlace } from "../src/wh40k/board-overlay";

// 11 px per inch: the tag "6.5" / 6"" (9 characters) is about 5.6" wide.
describe("the plan's distance tag", () => {
  it("goes left of its model, where the board's labels are not", () => {
    expect(tagPlace({ x: 30, y: 10 }, 0.63, '6.5" / 6"', 11, 0)).toEqual({ x: 30 - 1.03, y: 10.35, anchor: "end" });
  });

  it("goes right of its model when the left would run past the board's visible edge", () => {
    expect(tagPlace({ x: 3, y: 10 }, 0.63, '6.5" / 6"', 11, 0)).toEqual({ x: 3 + 1.03, y: 10.35, anchor: "start" });
    // the same model, with the camera showing more of the board to the table's left
    expect(tagPlace({ x: 3, y: 10 }, 0.63, '6.5" / 6"', 11, -5).anchor).toBe("end");
    // zoomed in, the same text takes fewer inches
    expect(tagPlace({ x: 3, y: 10 }, 0.63, '6.5" / 6"', 40, 0).anchor).toBe("end");
  });
});
