import { describe, expect, it } from "vitest";
import { offers, pendingWords } from "../src/wh40k/offered-actions";
import type { Pending } from "../src/wh40k/wire";
import { fixture, status } from "./wh40k-fixture";

const pending = (p: Partial<Pending> & { player: string; kind: string }): Pending => ({
  unit: null,
  options: [],
  detail: {},
  ...p,
});

describe("pending → offered actions", () => {
  it("offers the active player the phase's units, end phase and nothing to the other side", () => {
    const s = fixture();
    const mine = offers(s, "p1");
    expect(mine.main).toEqual({ kind: "shooting", units: ["p1-a"], unable: [] });
    expect(mine.endPhase).toBe(true);
    const theirs = offers(s, "p2");
    expect(theirs.main).toEqual({ kind: "watch", waitingFor: "p1", what: "to shoot in the Shooting phase" });
    expect(theirs.endPhase).toBe(false);
    expect(offers(s, null).concede).toBe(false);
  });

  it("leaves out units that have shot or fell back", () => {
    const s = fixture();
    s.game.units["p1-a"] = status("p1-a", "p1", { shot: true });
    expect(offers(s, "p1").main).toEqual({ kind: "shooting", units: [], unable: [] });
  });

  it("hands the defender the allocation and reaction windows in the other player's turn", () => {
    const s = fixture();
    s.game.pending = pending({ player: "p2", kind: "allocate", unit: "p2-b", options: ["p2-b-2"] });
    expect(offers(s, "p2").main).toEqual({ kind: "allocate", unit: "p2-b", models: ["p2-b-2"] });
    expect(offers(s, "p1").main.kind).toBe("watch");
    s.game.pending = pending({
      player: "p2",
      kind: "reaction",
      unit: "p1-a",
      options: ["go_to_ground", "bogus"],
      detail: { window: "targeted", after: "shoot" },
    });
    expect(offers(s, "p2").main).toEqual({ kind: "reaction", window: "targeted", unit: "p1-a", stratagems: ["go_to_ground"] });
  });

  it("lets both undeclared players declare formations at once", () => {
    const s = fixture();
    s.game.phase = "setup";
    s.game.pending = pending({ player: "p1", kind: "declare_formations", options: ["p1", "p2"] });
    expect(offers(s, "p2").main.kind).toBe("declare_formations");
    expect(offers(s, "p2").endPhase).toBe(false);
    s.game.pending.options = ["p2"];
    expect(offers(s, "p1").main).toMatchObject({ kind: "watch", waitingFor: "p2" });
  });

  it("offers undo to its owner only, and the confirmation to the opponent in strict games", () => {
    const s = fixture();
    s.game.undo = { player: "p1", label: "p1-a: normal move", requested: false };
    expect(offers(s, "p1").undo).toBe("p1-a: normal move");
    expect(offers(s, "p2").undo).toBeNull();
    s.game.undo.requested = true;
    s.game.pending = pending({ player: "p2", kind: "confirm_undo", detail: { label: "p1-a: normal move" } });
    expect(offers(s, "p2").main).toEqual({ kind: "confirm_undo", label: "p1-a: normal move" });
    expect(offers(s, "p1").undo).toBeNull();
  });

  it("offers stratagems in their windows when affordable", () => {
    const s = fixture();
    s.game.units["p1-a"] = status("p1-a", "p1", {}, ["INFANTRY", "GRENADES"]);
    expect(offers(s, "p1").stratagems).toEqual(["grenade"]);
    s.game.sides["p1"]!.stratagems_this_phase = ["grenade"];
    expect(offers(s, "p1").stratagems).toEqual([]);
    s.game.phase = "charge";
    s.game.pending = pending({ player: "p1", kind: "charge_move", unit: "p1-a", options: ["p2-b"] });
    s.game.charge_roll = 7;
    const o = offers(s, "p1");
    expect(o.main).toEqual({ kind: "charge_move", unit: "p1-a", targets: ["p2-b"], roll: 7, outOfReach: [] });
    expect(o.stratagems).toEqual(["command_reroll"]);
    s.game.pending.detail = { out_of_reach: ["p2-b"] };
    // the server says the roll cannot reach: the charge can only fail (a re-roll stays offered)
    expect(offers(s, "p1").main).toMatchObject({ kind: "charge_move", outOfReach: ["p2-b"] });
    expect(offers(s, "p1").stratagems).toEqual(["command_reroll"]);
    // ... and the words for both players say so, not "to make a charge move"
    expect(pendingWords(s.game.pending)).toBe("to resolve a charge roll that falls short");
    expect(offers(s, "p2").main).toEqual({ kind: "watch", waitingFor: "p1", what: "to resolve a charge roll that falls short" });
    s.game.pending.detail = {};
    expect(pendingWords(s.game.pending)).toBe("to make a charge move");
    // a Battle-shocked unit's charge roll cannot be re-rolled with a stratagem (§6.3)
    s.game.units["p1-a"] = status("p1-a", "p1", { battle_shocked: true });
    expect(offers(s, "p1").stratagems).toEqual([]);
  });

  it("ends everything once there is a result", () => {
    const s = fixture();
    s.game.result = { winner: "p1", reason: "concede", vp: { p1: 0, p2: 0 } };
    const o = offers(s, "p1");
    expect(o.main).toEqual({ kind: "over" });
    expect(o.endPhase || o.concede || o.undo !== null).toBe(false);
  });
});
