import { describe, expect, it } from "vitest";
import { diceValue } from "../src/wh40k/die-value";

describe("what a re-roll offer's dice come to", () => {
  it("halves a D3's D6, rounding up, and adds the constant", () => {
    expect(diceValue("D3", "4")).toBe(2);
    expect(diceValue("D3", "5")).toBe(3);
    expect(diceValue("D3+1", "1")).toBe(2);
    expect(diceValue("2D3", "3+6")).toBe(5);
    expect(diceValue("d3", "2")).toBe(1);
  });
  it("adds a D6's constant; a plain D6 already reads as its value", () => {
    expect(diceValue("D6+3", "2")).toBe(5);
    expect(diceValue("D6", "4")).toBeNull();
    expect(diceValue("2D6", "3+4")).toBeNull();
  });
  it("leaves fixed values and odd input alone", () => {
    expect(diceValue("2", "4")).toBeNull();
    expect(diceValue(undefined, "4")).toBeNull();
    expect(diceValue("D3", "7")).toBeNull();
  });
});
