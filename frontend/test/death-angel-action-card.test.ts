import { describe, expect, it } from "vitest";
import { actionCardLine, sheetChoice } from "../src/death-angel/action-card";
import { tapOpensSheet } from "../src/death-angel/card-sheet";
import type { ActionCard } from "../src/death-angel/wire";

const card: ActionCard = {
  id: "blue-reposition",
  team: "blue",
  name: "Reposition",
  kind: "move_activate",
  initiative: 14,
  text: "Each marine of this team may swap with a neighbour, then turn, then activate terrain.",
};

describe("an action card's sheet", () => {
  it("says its initiative, kind and team", () => {
    expect(actionCardLine(card, "Blue")).toBe("Initiative 14 · Move + Activate · Blue");
    expect(actionCardLine({ ...card, kind: "attack", initiative: 3 })).toBe(
      "Initiative 3 · Attack",
    );
  });

  it("offers Choose only for a card that is a choice and not already picked", () => {
    expect(sheetChoice(true, false)).toBe("Choose");
    expect(sheetChoice(true, true)).toBeNull();
    expect(sheetChoice(false, false)).toBeNull();
  });
});

describe("a tap on a card in the hand", () => {
  it("opens the card whole when it is not a choice (outside the choice, or not allowed)", () => {
    expect(tapOpensSheet(false, "mouse")).toBe(true);
    expect(tapOpensSheet(false, "")).toBe(true);
    expect(tapOpensSheet(false, "touch")).toBe(true);
  });

  it("opens it first on a touch screen while cards are chosen; a click or a key chooses it", () => {
    expect(tapOpensSheet(true, "touch")).toBe(true);
    expect(tapOpensSheet(true, "mouse")).toBe(false);
    expect(tapOpensSheet(true, "")).toBe(false);
  });
});
