import { describe, expect, it } from "vitest";
import { faceTone, pips } from "../src/wh40k/dice";
import { describeEvent, weaponDice } from "../src/wh40k/event-text";
import { namer } from "../src/wh40k/names";
import { timeline } from "../src/wh40k/timeline";
import { fixture } from "./wh40k-fixture";

const n = namer(fixture());

describe("events → log lines", () => {
  it("describes an attack with its dice in rolling order", () => {
    const line = describeEvent(
      {
        type: "weapon_resolved",
        unit: "p1-a",
        weapon: "Gun",
        target: "p2-b",
        models: 2,
        dice: { save: [2], hit: [3, 6], wound: [5], attacks: [] },
        attacks: 4,
        hits: 2,
        wounds: 1,
        mortal_wounds: 0,
        failed_saves: 1,
        damage: 1,
        ignored: 0,
      },
      n,
    );
    expect(line?.text).toBe("Alpha → Bravo, Gun: 4 attacks, 2 hits, 1 wound, 1 failed save, 1 damage");
    expect(line?.dice).toEqual([
      { label: "Hit", values: [3, 6] },
      { label: "Wound", values: [5] },
      { label: "Save", values: [2] },
    ]);
    expect(line?.tone).toBe("roll");
  });

  it("says what the hit and wound rolls needed, when the server tells", () => {
    const base = { type: "weapon_resolved", unit: "p1-a", weapon: "Gun", target: "p2-b", models: 1, dice: {} };
    const counts = { attacks: 2, hits: 1, wounds: 1, mortal_wounds: 0, failed_saves: 0, damage: 0, ignored: 0 };
    expect(describeEvent({ ...base, ...counts, needs: { hit: 3, wound: 4 } }, n)?.text).toBe(
      "Alpha → Bravo, Gun: 2 attacks, 1 hit, 1 wound, 0 failed saves, 0 damage (hits on 3+, wounds on 4+)",
    );
    expect(describeEvent({ ...base, ...counts, needs: { wound: 2 } }, n)?.text).toMatch(/damage \(wounds on 2\+\)$/);
  });

  it("names players, units and models, and shows casual-mode warnings", () => {
    expect(describeEvent({ type: "roll_off", purpose: "first_turn", dice: { p1: [2], p2: [5] }, winner: "p2" }, n)).toMatchObject({
      text: "Roll-off for the first turn: Player 2 wins",
      dice: [
        { label: "Player 1", values: [2] },
        { label: "Player 2", values: [5] },
      ],
    });
    expect(describeEvent({ type: "models_damaged", unit: "p2-b", wounds: { "p2-b-1": 1 }, destroyed: ["p2-b-2"], reason: "shooting" }, n)?.text).toBe(
      "Bravo: 1 model destroyed, Bravo #1 has 1 wound left (shooting)",
    );
    const warning = describeEvent({ type: "rule_warning", player: "p1", code: "rule/too_far", message: "moves too far" }, n);
    expect(warning).toMatchObject({ tone: "warning", player: "p1" });
    expect(warning?.text).toContain("moves too far");
    // ids in a server message become names: units, models (quoted or not) and terrain
    const terrain = { id: "t2", kind: "ruins", polygon: [[0, 0], [1, 0], [1, 1]] as [number, number][], height: 6, traits: [], name: "Chapel ruin" };
    const m = namer({ ...fixture(), terrain: [terrain] });
    const named = describeEvent({ type: "rule_warning", player: "p1", code: "move/too_close", message: "p1-a-1 would end within 1\" of 'p2-b' by t2 (not p1-a-99)" }, m);
    expect(named?.text).toBe(
      'Rule broken by Player 1 (casual game): Alpha #1 would end within 1" of Bravo by Chapel ruin (not p1-a-99) [move/too_close]',
    );
    expect(describeEvent({ type: "charge_declared", unit: "p1-a", targets: ["p2-b"], dice: [3, 4] }, n)?.text).toBe(
      'Alpha declares a charge against Bravo: 7"',
    );
  });

  it("hides bookkeeping and keeps a secret formation secret", () => {
    expect(describeEvent({ type: "waiting", pending: null }, n)).toBeNull();
    expect(describeEvent({ type: "formations_declared", player: "p2" }, n)?.text).toBe(
      "Player 2 declared battle formations (secret until both have declared)",
    );
  });

  it("shows the declaring player the rules their formation broke, inside the declaration (R42)", () => {
    const declared = {
      type: "formations_declared",
      player: "p1",
      reserves: ["p2-b"],
      warnings: [{ type: "rule_warning", player: "p1", code: "rule/deep_strike", message: "p2-b cannot Deep Strike" }],
    };
    expect(describeEvent(declared, n)).toMatchObject({
      tone: "warning",
      text: "Player 1 declared battle formations: in Deep Strike reserve Bravo. Rules broken (casual game): Bravo cannot Deep Strike [rule/deep_strike]",
    });
    expect(describeEvent({ ...declared, warnings: [] }, n)).toMatchObject({ tone: "plain" });
  });

  it("says what a secret formation was once both have declared", () => {
    const revealed = {
      type: "formations_revealed",
      declared: [{ type: "formations_declared", player: "p1", reserves: [], strategic_reserves: ["p2-b"], attach: { "p1-a": "p2-b" } }],
    };
    expect(describeEvent(revealed, n)?.text).toBe("Battle formations revealed: Player 1: in Strategic Reserves Bravo; Alpha leads Bravo");
  });

  it("tells everyone at the reveal which rules a secret formation broke (R42)", () => {
    const warning = { type: "rule_warning", player: "p1", code: "rule/reserve_cap", message: "Strategic Reserves total 305 points; the cap is 250 (§4.5)" };
    const revealed = {
      type: "formations_revealed",
      declared: [{ type: "formations_declared", player: "p1", strategic_reserves: ["p2-b"], warnings: [warning] }],
    };
    expect(describeEvent(revealed, n)).toMatchObject({
      tone: "warning",
      text:
        "Battle formations revealed: Player 1: in Strategic Reserves Bravo (Rules broken (casual game): Strategic Reserves total 305 points; the cap is 250 (§4.5) [rule/reserve_cap])",
    });
  });

  it("says whether a Hazardous test passed or failed, not '0 mortal wounds'", () => {
    const rolled = (dice: number[], wounds: number) =>
      describeEvent({ type: "mortal_wounds_rolled", source: "hazardous", unit: "p1-a", dice, mortal_wounds: wounds }, n)?.text;
    expect(rolled([4], 0)).toBe("Alpha passes a Hazardous test");
    expect(rolled([1], 0)).toBe("Alpha fails a Hazardous test");
    expect(rolled([1], 3)).toBe("Alpha fails a Hazardous test: 3 mortal wounds");
    expect(describeEvent({ type: "mortal_wounds_rolled", source: "tank_shock", unit: "p1-a", dice: [5, 6], mortal_wounds: 2 }, n)?.text).toBe(
      "Alpha: 2 mortal wounds (tank shock)",
    );
  });

  it("orders weapon dice and drops empty kinds", () => {
    expect(weaponDice({ damage: [3], feel_no_pain: [], hit: [1] }).map((g) => g.label)).toEqual(["Hit", "Damage"]);
  });
});

describe("dice faces", () => {
  it("puts the pips of every face on a 3×3 grid", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => pips(f).length)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pips(1)).toEqual([4]);
    expect(pips(7)).toEqual([]);
    expect([faceTone(6), faceTone(1), faceTone(3)]).toEqual(["crit", "fail", "plain"]);
  });
});

describe("timeline", () => {
  it("cuts the log at each phase start", () => {
    const seg = timeline([
      { v: 1, e: { type: "roll_off" } },
      { v: 2, e: { type: "phase_started", round: 1, player: "p1", phase: "command" } },
      { v: 3, e: { type: "cp_changed" } },
      { v: 4, e: { type: "phase_started", round: 1, player: "p1", phase: "movement" } },
    ]);
    expect(seg.map((s) => [s.label, s.versions])).toEqual([
      ["Start", [1]],
      ["Command", [2, 3]],
      ["Movement", [4]],
    ]);
  });
});

describe("the formation reveal tells the two kinds of Reserves apart (h4 s15 #16)", () => {
  it("names Strategic Reserves and Deep Strike reserve separately", () => {
    const n = namer(fixture());
    const revealed = {
      type: "formations_revealed",
      declared: [{ type: "formations_declared", player: "p1", reserves: ["p1-a"], strategic_reserves: ["p2-b"] }],
    };
    expect(describeEvent(revealed, n)?.text).toBe(
      "Battle formations revealed: Player 1: in Strategic Reserves Bravo; in Deep Strike reserve Alpha",
    );
    const none = { type: "formations_declared", player: "p1", reserves: [], strategic_reserves: [] };
    expect(describeEvent(none, n)?.text).toBe("Player 1 declared battle formations: no Reserves");
  });
});
