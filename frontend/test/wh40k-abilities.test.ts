import { cannotAdvance } from "../src/wh40k/movement-actions";
import { stat } from "../src/wh40k/weapon-stats";
import { describe, expect, it } from "vitest";
import { decodeGame } from "../src/wh40k/decode-state";
import { fixture, status } from "./wh40k-fixture";

/** A game as the server sends it, with one unit's sheet changed. */
function gameWith(sheet: Record<string, unknown>): Record<string, unknown> {
  const game = JSON.parse(JSON.stringify(fixture().game)) as Record<string, unknown>;
  const units = game["units"] as Record<string, Record<string, unknown>>;
  const base = status("p1-a", "p1").sheet as unknown as Record<string, unknown>;
  units["p1-a"] = { ...units["p1-a"], sheet: { ...base, ...sheet } };
  return game;
}

describe("datasheet abilities, refereed or not (R39)", () => {
  it("decodes each ability with its text and whether the referee applies it", () => {
    const game = gameWith({
      datasheet: [
        { name: "Stoke the Pyre", text: "While leading a unit, its ranged weapons have [SUSTAINED HITS 1].", refereed: true },
        { name: "Hold the Ember Line", text: "Once per battle, this unit can shoot as if it had Remained Stationary.", refereed: false },
        { name: "Deep Strike", text: "", refereed: true },
      ],
    });
    const sheet = decodeGame(game as never, "game").units["p1-a"]?.sheet;
    expect(sheet?.datasheet).toEqual([
      { name: "Stoke the Pyre", text: "While leading a unit, its ranged weapons have [SUSTAINED HITS 1].", refereed: true },
      { name: "Hold the Ember Line", text: "Once per battle, this unit can shoot as if it had Remained Stationary.", refereed: false },
      { name: "Deep Strike", text: "", refereed: true },
    ]);
  });

  it("takes an ability without a mark as not refereed, and a sheet without abilities as none", () => {
    const game = gameWith({ datasheet: [{ name: "Ember Trail" }] });
    expect(decodeGame(game as never, "game").units["p1-a"]?.sheet.datasheet).toEqual([{ name: "Ember Trail", text: "", refereed: false }]);
    const bare = gameWith({});
    expect(decodeGame(bare as never, "game").units["p1-a"]?.sheet.datasheet).toEqual([]);
  });

  it("decodes a weapon's keywords the referee does not read", () => {
    const weapon = { name: "Twin refractor cannon", kind: "ranged", range: 36, abilities: ["BLAST"], unrefereed: ["Sustained Hits D3"] };
    const game = gameWith({ weapons: [weapon] });
    const w = decodeGame(game as never, "game").units["p1-a"]?.sheet.weapons[0];
    expect(w?.abilities).toEqual(["BLAST"]);
    expect(w?.unrefereed).toEqual(["Sustained Hits D3"]);
  });

  it("keeps the mark of an ability that came with an Enhancement", () => {
    const game = gameWith({ datasheet: [{ name: "Mirror shield", refereed: false, enhancement: true }, { name: "Rooted", enhancement: false }] });
    expect(decodeGame(game as never, "game").units["p1-a"]?.sheet.datasheet).toEqual([
      { name: "Mirror shield", text: "", refereed: false, enhancement: true },
      { name: "Rooted", text: "", refereed: false },
    ]);
  });

  it("names the field of a wrong mark", () => {
    const game = gameWith({ datasheet: [{ name: "Rooted", refereed: "yes" }] });
    expect(() => decodeGame(game as never, "game")).toThrow(/datasheet\[0\]\.refereed/);
  });
});

describe("a weapon's characteristics in one line", () => {
  it("spaces a random value from its letter, so A D6 does not read as AD6", () => {
    expect(stat("A", "D6")).toBe("A D6");
    expect(stat("D", "D3+1")).toBe("D D3+1");
    expect(stat("A", 4)).toBe("A4");
    expect(stat("D", "2")).toBe("D2");
  });
});

describe("a unit that cannot Advance (R39)", () => {
  it("is read from the sheet's flag, as the referee reads it", () => {
    const rooted = status("p2-vh-sapline", "p2");
    rooted.sheet.abilities = ["CANNOT ADVANCE"];
    expect(cannotAdvance(rooted)).toBe(true);
    expect(cannotAdvance(status("p1-a", "p1"))).toBe(false);
  });
});
