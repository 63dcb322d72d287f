import { describe, expect, it } from "vitest";
import { embarkOptions } from "../src/wh40k/embark";
import { endHeights, insidePolygon, levelsAt, pieceLevels, planLevels } from "../src/wh40k/elevation";
import { addDrop, startPlan, toPaths } from "../src/wh40k/move-plan";
import { fixture, status } from "./wh40k-fixture";

const ruin = {
  id: "r1",
  kind: "ruins",
  polygon: [[20, 8], [30, 8], [30, 16], [20, 16]] as [number, number][],
  height: 9,
  traits: [],
  floors: [3, 6],
};

describe("floors", () => {
  it("lists the heights a model can stand at", () => {
    expect(pieceLevels(ruin)).toEqual([3, 6]);
    expect(pieceLevels({ ...ruin, kind: "hill", height: 2, floors: [] })).toEqual([2]);
    expect(pieceLevels({ ...ruin, kind: "woods", floors: undefined })).toEqual([]);
    expect(insidePolygon({ x: 20, y: 10 }, ruin.polygon)).toBe(true);
    expect(insidePolygon({ x: 19.9, y: 10 }, ruin.polygon)).toBe(false);
    expect(levelsAt([ruin], { x: 25, y: 10 })).toEqual([3, 6]);
  });

  it("sends the chosen floor for models ending in the ruin and the ground for the others", () => {
    const start = new Map([["m1", { x: 18, y: 10 }], ["m2", { x: 18, y: 12 }]]);
    const plan = addDrop(startPlan("p1-a", "move", start), [
      { model: "m1", to: { x: 22, y: 10 } },
      { model: "m2", to: { x: 19, y: 12 } },
    ]);
    expect(planLevels([ruin], plan)).toEqual([0, 3, 6]);
    const heights = endHeights([ruin], plan, 3);
    expect(toPaths(plan, heights)).toEqual([
      { model: "m1", path: [[22, 10]], z: 3 },
      { model: "m2", path: [[19, 12]], z: 0 },
    ]);
  });
});

describe("embarking", () => {
  it("offers a friendly transport with room when every model ends within 3 inches", () => {
    const s = fixture();
    s.game.units["p1-t"] = { ...status("p1-t", "p1", {}, ["VEHICLE", "TRANSPORT"]), models_left: 1 };
    s.game.units["p1-t"].sheet.capacity = 6;
    s.models.push({ ...s.models[0]!, id: "p1-t-1", unit: "p1-t", x: 10, y: 16 });
    const plan = (dy: number) =>
      addDrop(
        startPlan("p1-a", "move", new Map([["p1-a-1", { x: 10, y: 10 }], ["p1-a-2", { x: 11.5, y: 10 }]])),
        [
          { model: "p1-a-1", to: { x: 10, y: 10 + dy } },
          { model: "p1-a-2", to: { x: 11.5, y: 10 + dy } },
        ],
      );
    // 32 mm bases (0.63" radius each): centres 3" apart leave a 1.74" gap.
    expect(embarkOptions(s, plan(3), "normal")).toEqual(["p1-t"]);
    // 6" apart: a 4.74" gap.
    expect(embarkOptions(s, plan(0), "normal")).toEqual([]);
    expect(embarkOptions(s, plan(3), "stationary")).toEqual([]);
    s.game.units["p1-t"].sheet.capacity = 1;
    expect(embarkOptions(s, plan(3), "normal")).toEqual([]);
  });
});
