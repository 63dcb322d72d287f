import { describe, expect, it } from "vitest";
import { decodeGame } from "../src/wh40k/decode-state";
import { offers } from "../src/wh40k/offered-actions";
import { unitMarkers } from "../src/wh40k/unit-markers";
import { fixture, status } from "./wh40k-fixture";

describe("Leaders and attached units", () => {
  it("offers the attacker the Precision choice without the decline option as a model", () => {
    const s = fixture();
    s.game.pending = { player: "p1", kind: "precision", unit: "p2-b", options: ["p2-b-2", "none"], detail: {} };
    expect(offers(s, "p1").main).toEqual({ kind: "precision", unit: "p2-b", models: ["p2-b-2"] });
    expect(offers(s, "p2").main).toEqual({ kind: "watch", waitingFor: "p1", what: "to choose a Precision target" });
  });

  it("decodes an attached Leader, the Bodyguard's link and the units a Leader can lead", () => {
    const game = JSON.parse(JSON.stringify(fixture().game)) as Record<string, unknown>;
    const units = game["units"] as Record<string, Record<string, unknown>>;
    units["p1-a"] = { ...units["p1-a"], leader: "p1-x" };
    units["p1-x"] = {
      ...status("p1-x", "p1"),
      location: "attached",
      attached_to: "p1-a",
      sheet: { ...status("p1-x", "p1").sheet, leads: ["p1-a"] },
    };
    const decoded = decodeGame(game as never, "game");
    expect(decoded.units["p1-x"]?.location).toBe("attached");
    expect(decoded.units["p1-x"]?.attached_to).toBe("p1-a");
    expect(decoded.units["p1-x"]?.sheet.leads).toEqual(["p1-a"]);
    expect(decoded.units["p1-a"]?.leader).toBe("p1-x");
  });

  it("shows Epic Challenge on a unit whose effect names the model", () => {
    const s = status("p1-a", "p1", { effects: ["epic_challenge:p1-a-1"] });
    expect(unitMarkers(s).map((m) => m.code)).toContain("EC");
  });
});
