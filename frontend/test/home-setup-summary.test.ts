import { describe, expect, it } from "vitest";
import { describeSetup, hasModels, initialSetup, lobbyOrder, namesSize, seatHint, setupNote } from "../src/ui/home-page";

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

describe("the lobby's word on what a seat is", () => {
  it("says Death Angel is cooperative and how many teams each player commands (digest §3.2)", () => {
    expect(seatHint("death-angel", 1)).toBe(
      "Cooperative: every seat plays together against the genestealers. The one player commands 3 combat teams, dealt by the server.",
    );
    expect(seatHint("death-angel", 3)).toContain("With 3 players, each commands 2 combat teams, dealt by the server.");
    expect(seatHint("death-angel", 5)).toContain("With 5 players, each commands 1 combat team, dealt by the server.");
    expect(seatHint("death-angel", 9)).toBe("Cooperative: every seat plays together against the genestealers.");
    expect(seatHint("wh40k-9e", 2)).toBeNull();
  });
});

describe("the lobby's default table set-up (audit s16 C #1)", () => {
  const table = { width: 60, depth: 44 };
  const empty = { id: "empty", title: 'Empty table, 60"×44"', setup: { table, units: [], models: [], terrain: [] } };
  const demo = { id: "demo", title: "Demo: terrain and two small forces", setup: { table, terrain: [{}], units: [{}], models: [{}, {}] } };

  it("chooses a set-up with models when nothing was chosen: Create game makes a game with something to do", () => {
    // the server lists the empty table first
    expect(initialSetup([empty, demo], "")).toBe("demo");
    expect(lobbyOrder([empty, demo]).map((s) => s.id)).toEqual(["demo", "empty"]);
  });

  it("keeps the set-up chosen for the last system when this one has it too", () => {
    expect(initialSetup([empty, demo], "empty")).toBe("empty");
    expect(initialSetup([empty, demo], "gone")).toBe("demo");
    expect(initialSetup([], "")).toBe("");
  });

  it("says under a table with no models that nothing can be added in the browser", () => {
    expect(hasModels(empty)).toBe(false);
    expect(setupNote(empty)).toContain("none can be added in the browser");
    expect(setupNote(empty)).toContain("POST /api/games");
    expect(setupNote(demo)).toBeNull();
  });
});
