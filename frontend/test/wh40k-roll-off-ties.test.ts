// h4 s15 #16 "Roll-off ties": a first-turn roll-off with three ties read "Player 1: 6 2 4 5,
// Player 2: 6 2 4 1" in one row, with no sign that these were successive roll-offs.

import { describe, expect, it } from "vitest";
import { describeEvent } from "../src/wh40k/event-text";
import { namer } from "../src/wh40k/names";
import { fixture } from "./wh40k-fixture";

describe("a roll-off with ties", () => {
  const n = namer(fixture());
  it("reads as successive roll-offs, each tie rolled again", () => {
    const e = { type: "roll_off", purpose: "first_turn", dice: { p1: [6, 2, 4, 5], p2: [6, 2, 4, 1] }, winner: "p1" };
    expect(describeEvent(e, n)).toMatchObject({
      text: "Roll-off for the first turn: Player 1 wins (6 v 6, 2 v 2, 4 v 4, 5 v 1: a tie is rolled again)",
      dice: [
        { label: "Tie", values: [6, 6] },
        { label: "Tie", values: [2, 2] },
        { label: "Tie", values: [4, 4] },
        { label: "Player 1 v Player 2", values: [5, 1] },
      ],
    });
  });
  it("without a tie stays one die a player", () => {
    expect(describeEvent({ type: "roll_off", purpose: "attacker", dice: { p1: [3], p2: [4] }, winner: "p2" }, n)).toMatchObject({
      text: "Roll-off for Attacker and Defender: Player 2 wins",
      dice: [
        { label: "Player 1", values: [3] },
        { label: "Player 2", values: [4] },
      ],
    });
  });
});
