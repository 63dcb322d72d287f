import { describe, expect, it } from "vitest";
import { rangedAttacks } from "../src/wh40k/attack-choice";
import { describeEvent, weaponName } from "../src/wh40k/event-text";
import { deckModels, deckName, deckRows, deckTargets } from "../src/wh40k/firing-deck";
import { namer } from "../src/wh40k/names";
import { offers } from "../src/wh40k/offered-actions";
import { isSpent, spentWeapons } from "../src/wh40k/one-shot";
import type { W40State } from "../src/wh40k/wire";
import { fixture, status } from "./wh40k-fixture";

/** p1 has a FIRING DECK 1 transport (no guns of its own) with Alpha embarked in it. */
function withTransport(): W40State {
  const s = fixture();
  const t = status("p1-t", "p1", { models_left: 1 }, ["VEHICLE", "TRANSPORT"]);
  t.sheet.capacity = 6;
  t.sheet.firing_deck = 1;
  t.sheet.weapons = [];
  t.sheet.models = [["p1-t-1", { ...t.sheet.models[0]![1], weapons: [] }]];
  s.game.units["p1-t"] = t;
  s.game.units["p1-a"] = { ...s.game.units["p1-a"]!, location: "embarked", transport: "p1-t" };
  s.models = s.models.filter((m) => m.unit !== "p1-a");
  s.models.push({ ...s.models[0]!, id: "p1-t-1", unit: "p1-t", x: 10, y: 10 });
  return s;
}

describe("FIRING DECK (§3.7, R21)", () => {
  it("lists the embarked models' ranged weapons, not their melee or spent ones", () => {
    const s = withTransport();
    expect(deckModels(s, "p1-t").map((d) => [d.model, d.weapons.map((w) => w.name)])).toEqual([
      ["p1-a-1", ["Gun", "Pistol"]],
      ["p1-a-2", ["Gun", "Pistol"]],
    ]);
    s.game.units["p1-a"]!.spent = ["p1-a-2|Gun"];
    expect(deckModels(s, "p1-t")[1]?.weapons.map((w) => w.name)).toEqual(["Pistol"]);
    s.game.units["p1-t"]!.sheet.firing_deck = 0;
    expect(deckModels(s, "p1-t")).toEqual([]);
  });

  it("fires lent weapons from the transport's first model under their deck names", () => {
    const rows = deckRows("p1-t-1", { "p1-a-2": "Gun", "p1-a-1": "" }, { "p1-a-2": "p2-b", "p1-a-1": "p2-b" });
    expect(rows).toEqual({
      firing_deck: [{ model: "p1-a-2", weapon: "Gun" }],
      attacks: [{ model: "p1-t-1", weapon: "Gun [deck p1-a-2]", target: "p2-b" }],
    });
    expect(deckName("m", "Melt charge")).toBe("Melt charge [deck m]");
    expect(deckRows("p1-t-1", { "p1-a-2": "Gun" }, {}).attacks).toEqual([]);
  });

  it("offers targets by the lent weapon's range from the transport", () => {
    const s = withTransport();
    const carrier = s.models.find((m) => m.id === "p1-t-1");
    const gun = s.game.units["p1-a"]!.sheet.weapons[0]!;
    const pistol = s.game.units["p1-a"]!.sheet.weapons[1]!;
    expect(deckTargets(s, carrier, gun, "p1")).toEqual(["p2-b"]);
    expect(deckTargets(s, carrier, pistol, "p1")).toEqual([]);
  });

  it("offers a gunless FIRING DECK transport with passengers in the Shooting phase", () => {
    const s = withTransport();
    const main = offers(s, "p1").main;
    expect(main.kind === "shooting" && main.units).toEqual(["p1-t"]);
    s.game.units["p1-a"] = { ...s.game.units["p1-a"]!, location: "table", transport: null };
    const again = offers(s, "p1").main;
    expect(again.kind === "shooting" && again.units).toEqual(["p1-a"]);
  });
});

describe("ONE SHOT (R19)", () => {
  it("leaves a spent weapon out of that model's attacks only", () => {
    const s = fixture();
    const alpha = { ...s.game.units["p1-a"]!, spent: ["p1-a-1|Gun"] };
    expect(isSpent(alpha, "p1-a-1", "Gun")).toBe(true);
    expect(spentWeapons(alpha).size).toBe(0);
    const models = s.models.filter((m) => m.unit === "p1-a");
    const rows = rangedAttacks(alpha, models, { Gun: "p2-b" }, (u) => s.models.filter((m) => m.unit === u));
    expect(rows.attacks.map((a) => `${a.model} ${a.weapon}`)).toEqual(["p1-a-2 Gun"]);
    expect(spentWeapons({ ...alpha, spent: ["p1-a-1|Gun", "p1-a-2|Gun"] })).toEqual(new Set(["Gun"]));
  });
});

describe("log lines for terrain, transports, aircraft and re-rolls", () => {
  const n = namer(withTransport());
  it("says what each event did", () => {
    expect(describeEvent({ type: "firing_deck_equipped", unit: "p1-t", weapons: ["p1-a-2|Gun"] }, n)?.text).toBe(
      "Unit p1-t Firing Deck: lent Alpha #2's Gun",
    );
    expect(describeEvent({ type: "aircraft_left", unit: "p2-b" }, n)?.text).toBe(
      "Bravo flew off the battlefield: it is in Strategic Reserves",
    );
    expect(describeEvent({ type: "reserves_destroyed", units: ["p2-b"] }, n)).toMatchObject({
      text: "Never arrived, counted as destroyed: Bravo",
      tone: "damage",
    });
    expect(describeEvent({ type: "reroll_declined", player: "p2", roll: "save", unit: "p2-b", point: 2 }, n)).toBeNull();
    expect(describeEvent({ type: "effect_added", unit: "p1-a", effect: "epic_challenge:p1-a-1" }, n)?.text).toBe(
      "Alpha #1 issues an Epic Challenge: its melee attacks have Precision",
    );
    expect(
      describeEvent({ type: "unit_moved", unit: "p1-a", kind: "normal", models: [{ model: "p1-a-1", x: 1, y: 1, z: 3, distance: 5 }] }, n)
        ?.text,
    ).toBe('Alpha made a Normal move (5.0"), up to the 3" floor');
    expect(
      describeEvent(
        {
          type: "formations_declared",
          player: "p1",
          reserves: [],
          strategic_reserves: ["p2-b"],
          embark: { "p1-a": "p1-t" },
          attach: { "p1-t": "p1-a" },
          hover: ["p2-b"],
        },
        n,
      )?.text,
    ).toBe(
      "Player 1 declared battle formations: in Strategic Reserves Bravo; Unit p1-t leads Alpha; Alpha embarked in Unit p1-t; Hover mode: Bravo",
    );
  });

  it("marks Plunging Fire on an attack", () => {
    const text = describeEvent(
      { type: "weapon_resolved", unit: "p1-a", weapon: "Gun", target: "p2-b", dice: {}, attacks: 1, hits: 0, wounds: 0, failed_saves: 0, damage: 0, plunging: true },
      n,
    )?.text;
    expect(text).toContain("Plunging Fire");
  });
});

describe("lent weapon names", () => {
  it("names the lending model instead of its id", () => {
    const n = namer(withTransport());
    expect(weaponName("Gun [deck p1-a-2]", n)).toBe("Gun (Firing Deck: Alpha #2)");
    expect(weaponName("Gun", n)).toBe("Gun");
  });
});
