// r4 review #4: the log's "4→2" never showed for a Firing Deck weapon (looked up bare in the
// transport's sheet) nor for a Leader's weapon after the attached unit split (looked up in the
// Bodyguard's sheet, which no longer has it).

import { describe, expect, it } from "vitest";
import { logLines, weaponLookup } from "../src/wh40k/game-log";
import { namer } from "../src/wh40k/names";
import { fixture, status } from "./wh40k-fixture";

const resolved = (unit: string, weapon: string) => ({
  type: "weapon_resolved",
  unit,
  weapon,
  target: "p2-b",
  models: 1,
  dice: { attacks: [], hit: [4, 5], wound: [4, 4], save: [1, 2], damage: [4, 5] },
  attacks: 2,
  hits: 2,
  wounds: 2,
  failed_saves: 2,
  damage: 5,
});

describe("the log finds the weapon where it really is", () => {
  it("a Firing Deck weapon: in the sheet of the unit whose model lent it", () => {
    const s = fixture();
    s.game.units["p1-a"]!.sheet.weapons[0]!.damage = "D3"; // Alpha's Gun, lent by p1-a-2
    const t = status("p1-t", "p1", {}, ["VEHICLE", "TRANSPORT"]);
    t.sheet.weapons = [{ ...t.sheet.weapons[0]!, damage: "2" }]; // the transport's own Gun: not this one
    s.game.units["p1-t"] = t;
    const [row] = logLines([{ v: 1, e: resolved("p1-t", "Gun [deck p1-a-2]") }], namer(s), weaponLookup(s));
    expect(row!.line.dice.find((g) => g.label === "Damage")).toEqual({ label: "Damage", values: [4, 5], counts: [2, 3] });
  });

  it("a Leader's weapon after the attached unit split: in the player's other sheets, when they agree", () => {
    const s = fixture();
    const leader = status("p1-l", "p1", {}, ["INFANTRY", "CHARACTER"]);
    leader.sheet.weapons = [{ name: "Mind-bloom", kind: "ranged", range: 18, attacks: "1", skill: 3, strength: 6, ap: -2, damage: "D3", abilities: [] }];
    s.game.units["p1-l"] = leader;
    const [row] = logLines([{ v: 1, e: resolved("p1-a", "Mind-bloom") }], namer(s), weaponLookup(s));
    expect(row!.line.dice.find((g) => g.label === "Damage")?.counts).toEqual([2, 3]);
    // Two profiles under one name: no guess.
    const other = status("p1-m", "p1");
    other.sheet.weapons = [{ ...leader.sheet.weapons[0]!, damage: "D6" }];
    s.game.units["p1-m"] = other;
    const [again] = logLines([{ v: 1, e: resolved("p1-a", "Mind-bloom") }], namer(s), weaponLookup(s));
    expect(again!.line.dice.find((g) => g.label === "Damage")?.counts).toBeUndefined();
  });
});
