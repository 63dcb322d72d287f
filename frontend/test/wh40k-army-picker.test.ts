import { describe, expect, it } from "vitest";
import { basesField, summarizeArmy, unfinishedHulls } from "../src/wh40k/army";

// Army audit s14 leftovers: a model with no base (a vehicle) could only be given a round or oval
// base; an Enhancement came through as an ability and its points, unmarked.
describe("army picker", () => {
  it("sends a model marked as having no base as a hull of length x width", () => {
    const field = basesField({ Strider: 120, Carriage: 170, Warden: 32 }, { Strider: 70, Carriage: 105 }, { Strider: true });
    expect(JSON.parse(field)).toEqual({
      Strider: { shape: "hull", length_mm: 120, width_mm: 70 },
      Carriage: { length_mm: 170, width_mm: 105 },
      Warden: 32,
    });
  });

  it("leaves a hull without its width unanswered (never a round base)", () => {
    expect(basesField({ Strider: 120 }, {}, { Strider: true })).toBe("{}");
    expect(basesField({ Strider: 120 }, { Strider: 0 }, { Strider: true })).toBe("{}");
    // unticked again: the same numbers are an oval once more
    expect(basesField({ Strider: 120 }, { Strider: 70 }, { Strider: false })).toBe('{"Strider":{"length_mm":120,"width_mm":70}}');
  });

  it("names a hull still missing its length or width, so the picker can say so (review s15)", () => {
    expect(unfinishedHulls({ Strider: 120, Kiln: 90 }, { Kiln: 60 }, { Strider: true, Kiln: true })).toEqual(["Strider"]);
    expect(unfinishedHulls({}, { Strider: 70 }, { Strider: true })).toEqual(["Strider"]);
    expect(unfinishedHulls({ Strider: 120 }, {}, { Strider: false })).toEqual([]);
    // a size the server would not take is not an answer either (review s15)
    expect(unfinishedHulls({ Strider: 2500 }, { Strider: 70 }, { Strider: true })).toEqual(["Strider"]);
  });

  it("names each unit's Enhancements in the summary", () => {
    const s = summarizeArmy({
      name: "Ember",
      units: [
        {
          name: "Pyre-Warden",
          points: 95,
          models: [{ count: 1 }],
          abilities: [
            { name: "Flame Oath", text: "" },
            { name: "Crown of Ash", text: "", enhancement: true },
            { name: "Odd", text: "", enhancement: "yes" },
          ],
        },
        { name: "Cohort", points: 100, models: [{ count: 5 }] },
      ],
    });
    expect(s.units.map((u) => u.enhancements)).toEqual([["Crown of Ash"], []]);
  });
});
