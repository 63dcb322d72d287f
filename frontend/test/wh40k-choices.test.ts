import { describe, expect, it } from "vitest";
import { describeEvent } from "../src/wh40k/event-text";
import { offers } from "../src/wh40k/offered-actions";
import type { Pending } from "../src/wh40k/wire";
import { fixture } from "./wh40k-fixture";

const pending = (p: Partial<Pending> & { player: string; kind: string }): Pending => ({
  unit: null,
  options: [],
  detail: {},
  ...p,
});

const namer = {
  player: (p: string | null) => p ?? "",
  unit: (u: string) => u,
  model: (m: string) => m,
};

describe("Command Re-roll and coherency choices", () => {
  it("offers the roll's owner any roll of the batch, marking the failed ones", () => {
    const s = fixture();
    s.game.pending = pending({
      player: "p2",
      kind: "reroll",
      unit: "p2-b",
      options: ["0", "1"],
      detail: { roll: "save", dice: ["6", "1"], failed: ["1"], point: 2, weapon: "Ember carbine", target: "p2-b" },
    });
    expect(offers(s, "p2").main).toEqual({
      kind: "reroll",
      unit: "p2-b",
      roll: "save",
      dice: ["6", "1"],
      options: [0, 1],
      failed: [1],
      weapon: "Ember carbine",
      target: "p2-b",
    });
    expect(offers(s, "p1").main).toEqual({ kind: "watch", waitingFor: "p2", what: "to decide on a Command Re-roll" });
  });

  it("hands the controller the coherency clean-up with the suggested removal", () => {
    const s = fixture();
    s.game.pending = pending({ player: "p1", kind: "coherency", unit: "p1-a", options: ["p1-a-1", "p1-a-2"], detail: { suggested: ["p1-a-2"] } });
    expect(offers(s, "p1").main).toEqual({ kind: "coherency", unit: "p1-a", models: ["p1-a-1", "p1-a-2"], suggested: ["p1-a-2"] });
  });

  it("logs a re-roll with the old and the new dice", () => {
    const text = describeEvent({ type: "rerolled", player: "p1", roll: "hit", unit: "u", old: [1], new: [5] } as never, namer as never);
    expect(text?.text).toBe("p1 re-rolls a hit roll for u");
    expect(text?.dice).toEqual([
      { label: "Was", values: [1] },
      { label: "Now", values: [5] },
    ]);
  });
});
