// The defender's allocation prompt says what is coming (walkthrough s15/h4 #9): the weapon, its
// S, AP and D, and how many wounding attacks are left to allocate (the view's pending detail).
import { describe, expect, it } from "vitest";
import { comingAttack } from "../src/wh40k/weapon-stats";

describe("comingAttack", () => {
  it("names the weapon, its characteristics and the wounding attacks left", () => {
    const detail = { weapon: "Acid lobber", attacker: "p2-vh-sap", strength: 8, ap: -3, damage: "D6", wounds_left: 3 };
    expect(comingAttack(detail)).toBe("Acid lobber (S8, AP-3, D D6): 3 wounding attacks to allocate");
  });
  it("says one in the singular, and AP0 with a fixed Damage", () => {
    expect(comingAttack({ weapon: "Ember carbine", strength: 4, ap: 0, damage: "1", wounds_left: 1 })).toBe(
      "Ember carbine (S4, AP0, D1): 1 wounding attack to allocate",
    );
  });
  it("says when the choice is for Devastating Wounds' mortal wounds", () => {
    expect(comingAttack({ weapon: "Spore lance", strength: 6, ap: -1, damage: "D3", mortal: 1 })).toBe(
      "Spore lance (S6, AP-1, D D3): mortal wounds from Devastating Wounds to allocate",
    );
  });
  it("gives MELTA's damage within half range, for all attackers or some", () => {
    const base = { weapon: "Acid lobber", strength: 8, ap: -3, damage: "D6", wounds_left: 1 };
    expect(comingAttack({ ...base, melta_damage: "D6+1" })).toBe(
      "Acid lobber (S8, AP-3, D D6, D D6+1 within half range): 1 wounding attack to allocate",
    );
    expect(comingAttack({ ...base, melta_damage: "D6+1 for some" })).toBe(
      "Acid lobber (S8, AP-3, D D6, D D6+1 for those within half range): 1 wounding attack to allocate",
    );
  });
  it("counts the mortal wounds left of a Devastating Wound", () => {
    expect(comingAttack({ weapon: "Kiln staff", strength: 6, ap: -1, damage: "D3", mortal: 1, mortal_left: 3 })).toBe(
      "Kiln staff (S6, AP-1, D D3): 3 mortal wounds from Devastating Wounds to allocate",
    );
    expect(comingAttack({ weapon: "Kiln staff", strength: 6, ap: -1, damage: "D3", mortal: 1, mortal_left: 1 })).toBe(
      "Kiln staff (S6, AP-1, D D3): 1 mortal wound from Devastating Wounds to allocate",
    );
  });
  it("says when more critical wounds' mortal wounds are to come (review s16 r3 #4)", () => {
    expect(comingAttack({ weapon: "Kiln staff", strength: 6, ap: -1, damage: "D3", mortal: 1, mortal_left: 2, mortal_later: 1 })).toBe(
      "Kiln staff (S6, AP-1, D D3): 2 mortal wounds from Devastating Wounds to allocate; 1 more critical wound's mortal wounds to come",
    );
  });
    it("says nothing when the view gives no weapon (an older server)", () => {
    expect(comingAttack({})).toBe("");
  });
});
