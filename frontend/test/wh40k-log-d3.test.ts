// h4 s15 #12: the Mind-bloom's D3 damage dice read "Damage [4] [1] [5]", raw D6 faces; the log
// now says what each comes to ("4→2", §1 "D3": a D6 halved, rounding up).

import { describe, expect, it } from "vitest";
import { dieCounts, weaponDice } from "../src/wh40k/event-text";
import { logLines, weaponLookup } from "../src/wh40k/game-log";
import { namer } from "../src/wh40k/names";
import { fixture } from "./wh40k-fixture";

describe("random characteristics in the log's dice", () => {
  it("a D3 die is halved, rounding up; a constant is added to a single die", () => {
    expect(dieCounts("D3", [4, 1, 5, 6])).toEqual([2, 1, 3, 3]);
    expect(dieCounts("D3+1", [2])).toEqual([2]);
    expect(dieCounts("D6+1", [3])).toEqual([4]);
    expect(dieCounts("2D3", [6, 1])).toEqual([3, 1]);
  });
  it("D6, 2D6 and fixed values read as their faces", () => {
    expect(dieCounts("D6", [4])).toBeUndefined();
    expect(dieCounts("2D6+1", [4, 2])).toBeUndefined();
    expect(dieCounts("2", [4])).toBeUndefined();
    expect(dieCounts(undefined, [4])).toBeUndefined();
  });
  it("only the Damage and Attacks groups, by the weapon's D and A", () => {
    const groups = weaponDice({ attacks: [5], hit: [4, 4], wound: [5, 6], damage: [4, 1] }, { attacks: "D3", damage: "D3" });
    expect(groups).toEqual([
      { label: "Attacks", values: [5], counts: [3] },
      { label: "Hit", values: [4, 4] },
      { label: "Wound", values: [5, 6] },
      { label: "Damage", values: [4, 1], counts: [2, 1] },
    ]);
    expect(weaponDice({ damage: [4] })).toEqual([{ label: "Damage", values: [4] }]);
  });
  it("the log reads the weapon from the attacking unit's sheet", () => {
    const s = fixture();
    s.game.units["p1-a"]!.sheet.weapons[0]!.damage = "D3"; // Gun
    const e = {
      type: "weapon_resolved",
      unit: "p1-a",
      weapon: "Gun",
      target: "p2-b",
      models: 1,
      dice: { attacks: [], hit: [4, 5, 6], wound: [4, 4, 5], save: [1, 2, 1], damage: [4, 1, 5] },
      attacks: 3,
      hits: 3,
      wounds: 3,
      failed_saves: 3,
      damage: 6,
    };
    const [first] = logLines([{ v: 1, e }], namer(s), weaponLookup(s));
    expect(first!.line.dice.find((g) => g.label === "Damage")).toEqual({ label: "Damage", values: [4, 1, 5], counts: [2, 1, 3] });
  });
});
