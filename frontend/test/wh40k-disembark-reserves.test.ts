// h4 s15 #1: a unit aboard a transport in Reserves was offered Disembark in round 1. It is in
// Reserves too and cannot disembark (§3.7, §4.5); the server refuses it (R43 d).

import { describe, expect, it } from "vitest";
import { disembarkChoices } from "../src/wh40k/movement-actions";
import { offers } from "../src/wh40k/offered-actions";
import { fixture, status } from "./wh40k-fixture";

function aboard(transportLocation: "table" | "reserves") {
  const s = fixture();
  s.game.phase = "movement";
  s.game.units["p1-t"] = status("p1-t", "p1", { location: transportLocation }, ["VEHICLE", "TRANSPORT"]);
  s.game.units["p1-c"] = status("p1-c", "p1", { location: "embarked", transport: "p1-t" });
  const main = offers(s, "p1").main;
  if (main.kind !== "movement") throw new Error(main.kind);
  return disembarkChoices(s, main.embarked, main.stuck);
}

describe("Disembark only from a transport on the battlefield (h4 s15 #1)", () => {
  it("does not offer a unit whose transport is in Reserves, and says why", () => {
    expect(aboard("reserves")).toEqual({
      embarked: [],
      stuck: [{ unit: "p1-c", why: "its transport is not on the battlefield (§3.7, §4.5)" }],
    });
  });

  it("still offers a unit whose transport is on the table", () => {
    expect(aboard("table")).toEqual({ embarked: ["p1-c"], stuck: [] });
  });
});
