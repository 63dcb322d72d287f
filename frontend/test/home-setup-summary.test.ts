import { describe, expect, it } from "vitest";
import { describeSetup, namesSize } from "../src/ui/home-page";

describe("the lobby's table set-up summary", () => {
  const empty = { table: { width: 60, depth: 44 }, units: [], models: [], terrain: [] };

  it("gives the table's size once: not again under a title that already says it", () => {
    expect(namesSize('Empty table, 60"×44"', 60, 44)).toBe(true);
    expect(namesSize("Empty table, 60 x 44 in", 60, 44)).toBe(true);
    expect(namesSize('Empty table, 160"×44"', 60, 44)).toBe(false);
    expect(namesSize('Empty table, 60"×44.5"', 60, 44)).toBe(false);
    expect(namesSize("Demo: terrain and two small forces", 60, 44)).toBe(false);
    expect(describeSetup(empty, 'Empty table, 60"×44"')).toBe("");
    expect(describeSetup(empty)).toBe("60 × 44 in");
  });

  it("keeps the size and counts under a title without the size", () => {
    const demo = { table: { width: 60, depth: 44 }, terrain: [{}, {}, {}], units: [{}, {}], models: [{}, {}, {}] };
    expect(describeSetup(demo, "Demo: terrain and two small forces")).toBe("60 × 44 in · 3 terrain pieces · 2 units, 3 models");
  });
});
