// QA s14 #6: what a phone shows near the prompt and in the hand row.
import { describe, expect, it } from "vitest";
import { LATEST_LINES, latestEntries } from "../src/death-angel/game-log";
import { handOrder } from "../src/death-angel/hand-panel";
import type { ActionCard } from "../src/death-angel/wire";

const card = (id: string, team: string): ActionCard => ({
  id,
  name: id,
  team,
  initiative: 1,
  kind: "support",
  text: "",
});

describe("a phone's strip of the newest log lines", () => {
  it("shows the last few lines, oldest first", () => {
    const log = [1, 2, 3, 4, 5].map((v) => ({
      v,
      line: { text: `line ${v}`, tone: "normal" as const },
    }));
    expect(LATEST_LINES).toBe(3);
    expect(latestEntries(log).map((e) => e.v)).toEqual([3, 4, 5]);
    expect(latestEntries(log.slice(0, 1)).map((e) => e.v)).toEqual([1]);
  });
});

describe("the hand row while choosing", () => {
  it("puts the cards that may be chosen first, keeping the hand's order", () => {
    const hand = ["a1", "a2"].map((id) => card(id, "ember"));
    hand.push(card("b1", "cobalt"), card("b2", "cobalt"));
    const teams = [
      { team: "ember", cards: ["a2"], chosen: null },
      { team: "cobalt", cards: ["b1", "b2"], chosen: null },
    ];
    expect(handOrder(hand, teams).map((c) => c.id)).toEqual(["a2", "b1", "b2", "a1"]);
  });
});
