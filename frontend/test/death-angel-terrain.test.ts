import { describe, expect, it } from "vitest";
import { tapOpensSheet } from "../src/death-angel/card-sheet";
import { activateText, terrainKind, terrainStatus } from "../src/death-angel/terrain-card";
import type { Terrain } from "../src/death-angel/wire";

const door: Terrain = {
  id: "blast-door",
  name: "Blast Door",
  colour: "orange",
  boxes: 3,
  side: "L",
  tokens: 0,
  activated: false,
  activatable: true,
  text: "ACTIVATE: place a support token here.",
};

describe("a terrain card's sheet", () => {
  it("says what kind of card it is", () => {
    expect(terrainKind(door)).toBe("orange terrain, 3 spawn boxes");
    expect(terrainKind({ ...door, colour: "green", boxes: 1 })).toBe("green terrain, 1 spawn box");
  });

  it("shows the ability's words without the ACTIVATE keyword, and none without an ability", () => {
    expect(activateText(door)).toBe("place a support token here.");
    expect(activateText({ ...door, activatable: false, text: "" })).toBe("");
  });

  it("lists what lies on the card now", () => {
    expect(terrainStatus(door)).toEqual([]);
    expect(terrainStatus({ ...door, tokens: 1, activated: true })).toEqual([
      "1 support token",
      "used this round",
    ]);
    expect(terrainStatus({ ...door, tokens: 2 })).toEqual(["2 support tokens"]);
  });
});

describe("a tap on a terrain card", () => {
  it("opens the sheet when the card is not a choice, whatever the pointer", () => {
    for (const pointer of ["touch", "mouse", "pen", ""]) {
      expect(tapOpensSheet(false, pointer)).toBe(true);
    }
  });

  it("opens the sheet first on a touch screen when the card is a choice", () => {
    expect(tapOpensSheet(true, "touch")).toBe(true);
  });

  it("makes the choice at once with a mouse, a pen or a key press", () => {
    expect(tapOpensSheet(true, "mouse")).toBe(false);
    expect(tapOpensSheet(true, "pen")).toBe(false);
    expect(tapOpensSheet(true, "")).toBe(false);
  });
});
