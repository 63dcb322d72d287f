import { describe, expect, it } from "vitest";
import { baseGap, defaultRangedTargets, rangedAttacks } from "../src/wh40k/attack-choice";
import { basesField, summarizeArmy, unplayable } from "../src/wh40k/army";
import { shownTable } from "../src/wh40k/board-state";
import { freshEntropy } from "../src/wh40k/entropy";
import { addDrop, blockFormation, cancelPlan, longestPath, startPlan, toPaths, toPlaces, trails, undoDrop } from "../src/wh40k/move-plan";
import { placementPlan } from "../src/wh40k/plan-start";
import { fixture, status } from "./wh40k-fixture";

describe("move plans", () => {
  const plan0 = startPlan("p1-a", "move", new Map([["m1", { x: 0, y: 0 }], ["m2", { x: 2, y: 0 }]]));

  it("turns drops into waypoints after the start, and steps back", () => {
    let plan = addDrop(plan0, [{ model: "m1", to: { x: 3, y: 4 } }, { model: "other", to: { x: 9, y: 9 } }]);
    plan = addDrop(plan, [{ model: "m1", to: { x: 3, y: 5 } }]);
    expect(toPaths(plan)).toEqual([{ model: "m1", path: [[3, 4], [3, 5]] }]);
    expect(longestPath(plan)).toBeCloseTo(6);
    expect(toPaths(undoDrop(plan))).toEqual([{ model: "m1", path: [[3, 4]] }]);
  });

  it("starts a rolled charge or a consolidation again on Cancel, and drops any other plan", () => {
    // A charge the game waits for has no panel to plan it anew: Cancel must leave a plan to drag.
    for (const purpose of ["charge", "consolidate"] as const) {
      const moved = addDrop({ ...plan0, purpose }, [{ model: "m1", to: { x: 3, y: 4 } }]);
      expect(cancelPlan(moved)).toEqual({ ...plan0, purpose, steps: [] });
    }
    for (const purpose of ["move", "deploy", "pile_in", "arrive"] as const) {
      expect(cancelPlan(addDrop({ ...plan0, purpose }, [{ model: "m1", to: { x: 3, y: 4 } }]))).toBeNull();
    }
  });

  it("draws a move's trail from its start, and none for a set-up (its start is a proposal)", () => {
    const drop = [{ model: "m1", to: { x: 3, y: 4 } }];
    expect([...trails(addDrop(plan0, drop))]).toEqual([["m1", [{ x: 0, y: 0 }, { x: 3, y: 4 }]]]);
    for (const purpose of ["deploy", "arrive", "disembark", "rapid_ingress"] as const) {
      expect(trails(addDrop({ ...plan0, purpose }, drop)).size).toBe(0);
    }
  });

  it("places a set-up where the models were dropped", () => {
    const plan = addDrop({ ...plan0, purpose: "deploy" }, [{ model: "m2", to: { x: 5.12345, y: 1 } }]);
    expect(toPlaces(plan, 90)).toEqual([
      { model: "m1", x: 0, y: 0, facing: 90 },
      { model: "m2", x: 5.123, y: 1, facing: 90 },
    ]);
  });

  it("proposes a deployment in rows inside the zone, clear of other models", () => {
    const s = fixture();
    s.game.units["p1-a"] = status("p1-a", "p1", { location: "undeployed" });
    s.models = s.models.filter((m) => m.unit !== "p1-a");
    const plan = placementPlan(s, "p1-a", "deploy", "zone");
    const places = [...plan.start.values()];
    expect(places).toHaveLength(2);
    for (const p of places) {
      expect(p.y).toBeGreaterThan(0.6);
      expect(p.y).toBeLessThan(12 - 0.6);
    }
    const shown = shownTable(s, plan);
    expect(shown.state.models.filter((m) => m.unit === "p1-a")).toHaveLength(2);
    expect([...shown.planned]).toEqual(["p1-a-1", "p1-a-2"]);
  });

  it("spaces a block by the largest base", () => {
    const spots = blockFormation(
      [1, 2, 3, 4, 5, 6].map((i) => ({ id: `m${i}`, base: { shape: "circle" as const, diameter_mm: 25.4 } })),
      { x: 10, y: 10 },
      -1,
    );
    expect(spots.get("m1")).toEqual({ x: 10 - 2 * 1.4, y: 10 });
    expect(spots.get("m6")?.y).toBeCloseTo(10 - 1.4);
  });
});

describe("attack choices", () => {
  it("holds Pistols back when there are other guns and leaves out models out of range", () => {
    const s = fixture();
    const unit = s.game.units["p1-a"]!;
    const choice = defaultRangedTargets({ Gun: ["p2-b"], Pistol: ["p2-b"] }, unit);
    expect(choice).toEqual({ Gun: "p2-b", Pistol: null });
    const modelsOf = (u: string) => s.models.filter((m) => m.unit === u);
    const rows = rangedAttacks(unit, modelsOf("p1-a"), choice, modelsOf);
    expect(rows.attacks).toEqual([
      { model: "p1-a-1", weapon: "Gun", target: "p2-b" },
      { model: "p1-a-2", weapon: "Gun", target: "p2-b" },
    ]);
    const short = rangedAttacks(unit, modelsOf("p1-a"), { Pistol: "p2-b" }, modelsOf);
    expect(short.attacks).toEqual([]);
    expect(short.outOfRange).toHaveLength(2);
    expect(baseGap(s.models[0]!, s.models[2]!)).toBeCloseTo(20 - 32 / 25.4);
  });
});

describe("lobby helpers", () => {
  it("summarises an imported army and its missing bases", () => {
    const s = summarizeArmy({
      name: "Muster",
      points: 0,
      units: [{ name: "Wardens", points: 100, models: [{ count: 4 }, { count: 1 }] }],
      missing_bases: [{ unit: "Strider", model: "Prism Strider" }],
    });
    expect(s).toMatchObject({ name: "Muster", points: 100, models: 5, missingBases: [{ model: "Prism Strider" }] });
    expect(basesField({ "Prism Strider": 130, Bad: 0 })).toBe('{"Prism Strider":130}');
    // a width as well makes it an oval (army audit s14 #8); a bad width leaves it round
    expect(basesField({ Carriage: 170, Strider: 130 }, { Carriage: 105, Strider: -1 })).toBe(
      '{"Carriage":{"length_mm":170,"width_mm":105},"Strider":130}',
    );
    expect(unplayable(s)).toBeNull();
  });

  it("says an imported army of no units cannot play (army audit s14 #10)", () => {
    const empty = summarizeArmy({ name: "Only options", points: 825, units: [] });
    expect(unplayable(empty)).toContain("no units");
  });

  it("makes 32 random bytes of entropy as hex", () => {
    expect(freshEntropy((b) => b.fill(171))).toBe("ab".repeat(32));
  });
});
