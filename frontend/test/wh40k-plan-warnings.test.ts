import { describe, expect, it } from "vitest";
import { addDrop } from "../src/wh40k/move-plan";
import { movePlan } from "../src/wh40k/plan-start";
import { namer } from "../src/wh40k/names";
import { distanceTag, planWarnings } from "../src/wh40k/plan-warnings";
import { onObstacle } from "../src/wh40k/obstacles";
import type { ModelInfo } from "../src/protocol/messages";
import { fixture } from "./wh40k-fixture";

// 32 mm bases: 0.63" radius; the enemy stands at y 30, the objective marker (40 mm) at 30,22.
const R = 32 / 50.8;

describe("a planned move's warnings before Confirm", () => {
  it("turns the table's distance read-out to a warning past the limit, and says so in words", () => {
    const s = fixture();
    const plan = addDrop(movePlan(s, "p1-a", "move"), [{ model: "p1-a-1", to: { x: 10, y: 17 } }, { model: "p1-a-2", to: { x: 11.5, y: 17 } }]);
    expect(distanceTag(plan, 6)).toMatchObject({ model: "p1-a-1", at: { x: 10, y: 17 }, over: true });
    expect(distanceTag(plan, 6)?.far).toBeCloseTo(7);
    expect(distanceTag(plan, 7.5)?.over).toBe(false);
    expect(distanceTag(movePlan(s, "p1-a", "move"), 6)).toBeNull(); // nothing moved yet
    expect(planWarnings({ state: s, plan, limit: 6, names: namer(s) })).toEqual(['Too far: a model moves 7.0", more than the 6.0" allowed.']);
    expect(planWarnings({ state: s, plan, limit: 8, names: namer(s) })).toEqual([]);
    // a set-up has no distance: its start is a proposal
    expect(distanceTag({ ...plan, purpose: "deploy" }, 6)).toBeNull();
    expect(planWarnings({ state: s, plan: { ...plan, purpose: "deploy" }, limit: 6, names: namer(s) })).toEqual([
      "Alpha #1 is not wholly within your deployment zone (§4.8).",
    ]);
  });

  it("tells a set-up's problems before Confirm: zone, coherency, overlap, 9\" from enemies (walkthrough s15 #13)", () => {
    const s = fixture(); // p1's zone: y 0..12; p2-b stands at y 30
    const names = namer(s);
    const deploy = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      addDrop(movePlan(s, "p1-a", "move"), [{ model: "p1-a-1", to: a }, { model: "p1-a-2", to: b }]);
    const warn = (plan: ReturnType<typeof deploy>, purpose: "deploy" | "arrive") => planWarnings({ state: s, plan: { ...plan, purpose }, limit: null, names });
    expect(warn(deploy({ x: 10, y: 6 }, { x: 11.5, y: 6 }), "deploy")).toEqual([]);
    // wholly within: a base poking past the zone's edge is out
    expect(warn(deploy({ x: 10, y: 12 - R + 0.05 }, { x: 11.5, y: 11 }), "deploy")).toEqual([
      "Alpha #1 is not wholly within your deployment zone (§4.8).",
    ]);
    expect(warn(deploy({ x: 10, y: 6 }, { x: 20, y: 6 }), "deploy")).toEqual([
      'Out of unit coherency: Alpha #1, Alpha #2 (each model within 2" of another, the unit in one group).',
    ]);
    expect(warn(deploy({ x: 10, y: 6 }, { x: 10.5, y: 6 }), "deploy")[0]).toBe("Alpha #1 would overlap Alpha #2: bases may not overlap.");
    // arriving: more than 9" from every enemy model (p2-b at 10,30: a gap of 9" is y 30 - 9 - 2R)
    const gap9 = 30 - 9 - 2 * R;
    expect(warn(deploy({ x: 10, y: gap9 - 0.05 }, { x: 11.5, y: gap9 - 0.05 }), "arrive")).toEqual([]);
    expect(warn(deploy({ x: 10, y: gap9 + 0.05 }, { x: 11.5, y: gap9 - 0.05 }), "arrive")).toEqual([
      'Alpha #1 is within 9" of an enemy model: arriving units are set up more than 9" away (§4.5).',
    ]);
  });

  it("names a model that would be set up on an obstacle (rule/on_obstacle refuses set-ups too)", () => {
    const s = fixture();
    s.terrain = [{ id: "t8", kind: "debris", polygon: [[8, 5.7], [13, 5.7], [13, 6.3], [8, 6.3]], height: 0.5, traits: [] }];
    const names = namer(s);
    const plan = { ...addDrop(movePlan(s, "p1-a", "move"), [{ model: "p1-a-1", to: { x: 10, y: 6 } }, { model: "p1-a-2", to: { x: 11.5, y: 4.5 } }]), purpose: "deploy" as const };
    expect(planWarnings({ state: s, plan, limit: null, names })).toEqual([
      "Alpha #1 is set up on debris (t8): a model may move over an obstacle but not be set up on it.",
    ]);
  });

    it("checks Infiltrators as the referee does: 9\" from the enemy and its zone, not their own zone (review s15)", () => {
    const s = fixture(); // p2's zone from y 32; p2-b at x 10-11.5, y 30
    const unit = s.game.units["p1-a"];
    if (unit) unit.sheet.abilities = [...unit.sheet.abilities, "INFILTRATORS"];
    const names = namer(s);
    const deploy = (y: number, x = 50) => ({
      ...addDrop(movePlan(s, "p1-a", "move"), [{ model: "p1-a-1", to: { x, y } }, { model: "p1-a-2", to: { x: x + 1.5, y } }]),
      purpose: "deploy" as const,
    });
    const warn = (y: number, x?: number) => planWarnings({ state: s, plan: deploy(y, x), limit: null, names });
    expect(warn(18)).toEqual([]); // mid-table, outside its own zone: fine for Infiltrators
    expect(warn(32 - 9 - R - 0.05)).toEqual([]);
    expect(warn(32 - 9 - R + 0.05)).toEqual(["Alpha #1 is within 9\" of the enemy deployment zone (Infiltrators, §4.8)."]);
    expect(warn(30 - 9 - 2 * R + 0.05, 10)).toEqual(['Alpha #1 is within 9" of an enemy model: Infiltrators are set up more than 9" away (§4.8).']);
  });

  it("names a model that would end on an objective marker, not one touching it", () => {
    const s = fixture();
    const on = addDrop(movePlan(s, "p1-a", "move"), [{ model: "p1-a-1", to: { x: 30, y: 21 } }, { model: "p1-a-2", to: { x: 31.5, y: 21 } }]);
    expect(planWarnings({ state: s, plan: on, limit: null, names: namer(s) })).toEqual([
      "Alpha #1 ends on objective marker o1: a move may not end on a marker.",
    ]);
    const touching = addDrop(movePlan(s, "p1-a", "move"), [
      { model: "p1-a-1", to: { x: 30, y: 22 - 40 / 50.8 - R - 0.01 } },
      { model: "p1-a-2", to: { x: 31.5, y: 22 - 40 / 50.8 - R - 0.01 - 1 } },
    ]);
    expect(planWarnings({ state: s, plan: touching, limit: null, names: namer(s) })).toEqual([]);
  });

  it("tells a charging model left short of base contact that the roll reaches", () => {
    const s = fixture();
    s.models = s.models.map((m) => (m.unit === "p1-a" ? { ...m, y: 25 } : m));
    s.game.charge_roll = 7;
    s.game.pending = { player: "p1", kind: "charge_move", unit: "p1-a", options: ["p2-b"], detail: {} };
    const short = addDrop(movePlan(s, "p1-a", "charge"), [{ model: "p1-a-1", to: { x: 10, y: 28 } }, { model: "p1-a-2", to: { x: 11.5, y: 28 } }]);
    expect(planWarnings({ state: s, plan: short, limit: 7, names: namer(s) })).toEqual([
      "Alpha #1 is not in base contact, though the roll reaches an enemy model: a charging model must end in base contact where it can.",
    ]);
    const contact = addDrop(movePlan(s, "p1-a", "charge"), [
      { model: "p1-a-1", to: { x: 10, y: 30 - 2 * R - 0.004 } },
      { model: "p1-a-2", to: { x: 11.5, y: 30 - 2 * R - 0.004 } },
    ]);
    expect(planWarnings({ state: s, plan: contact, limit: 7, names: namer(s) })).toEqual([]);
    s.game.charge_roll = 3; // the gap is 5 - 2R = 3.74": out of the roll's reach
    expect(planWarnings({ state: s, plan: short, limit: 3, names: namer(s) })).toEqual([]);
  });

  it("names a model that would end on an obstacle, not one beside it or on a floor above", () => {
    // QA s13 walkthrough 2: only the server's refusal told of a move ending on a barricade
    const s = fixture();
    s.terrain = [
      { id: "t8", kind: "barricade", polygon: [[8, 21.7], [13, 21.7], [13, 22.3], [8, 22.3]], height: 1, traits: [], name: "Barricade" },
    ];
    const onto = addDrop(movePlan(s, "p1-a", "move"), [{ model: "p1-a-1", to: { x: 10, y: 22 } }, { model: "p1-a-2", to: { x: 11.5, y: 21 } }]);
    expect(planWarnings({ state: s, plan: onto, limit: null, names: namer(s) })).toEqual([
      "Alpha #1 ends on Barricade: a model may move over an obstacle but not end a move on it.",
    ]);
    const beside = addDrop(movePlan(s, "p1-a", "move"), [
      { model: "p1-a-1", to: { x: 10, y: 21.7 - R - 0.01 } },
      { model: "p1-a-2", to: { x: 11.5, y: 21.7 - R - 0.01 } },
    ]);
    expect(planWarnings({ state: s, plan: beside, limit: null, names: namer(s) })).toEqual([]);
    const above = new Map([["p1-a-1", 2], ["p1-a-2", 2]]);
    expect(planWarnings({ state: s, plan: onto, limit: null, names: namer(s), heights: above })).toEqual([]);
  });

  it("leaves obstacles alone in a game of rules revision 1 (R38), which the referee does too", () => {
    const s = fixture();
    s.game.rules_revision = 1;
    s.terrain = [{ id: "t8", kind: "barricade", polygon: [[8, 21.7], [13, 21.7], [13, 22.3], [8, 22.3]], height: 1, traits: [] }];
    const onto = addDrop(movePlan(s, "p1-a", "move"), [{ model: "p1-a-1", to: { x: 10, y: 22 } }, { model: "p1-a-2", to: { x: 11.5, y: 21 } }]);
    expect(planWarnings({ state: s, plan: onto, limit: null, names: namer(s) })).toEqual([]);
  });
});

describe("a base on an obstacle (rule/on_obstacle)", () => {
  const debris = { id: "t9", kind: "debris", polygon: [[10, 10], [14, 10], [14, 12], [10, 12]] as [number, number][], height: 1, traits: [] };
  const model = (base: ModelInfo["base"], facing = 0): ModelInfo => ({ ...fixture().models[0]!, base, facing });

  it("counts an oval by its real outline at its facing", () => {
    const oval = model({ shape: "oval", length_mm: 120, width_mm: 60 }); // semi-axes 2.36" along x, 1.18" across
    expect(onObstacle(oval, { x: 12, y: 9 }, 0, debris)).toBe(true); // 1.18 across reaches y 10.18
    expect(onObstacle(oval, { x: 12, y: 8.7 }, 0, debris)).toBe(false);
    expect(onObstacle(model(oval.base, 90), { x: 12, y: 8.7 }, 0, debris)).toBe(true); // turned: 2.36 up
  });

  it("does not count a hull flush against it, only one over it", () => {
    const hull = model({ shape: "hull", points: [[-1, -1], [1, -1], [1, 1], [-1, 1]] });
    expect(onObstacle(hull, { x: 12, y: 9 }, 0, debris)).toBe(false); // its edge on y = 10
    expect(onObstacle(hull, { x: 12, y: 9.1 }, 0, debris)).toBe(true);
    expect(onObstacle(hull, { x: 12, y: 9.1 }, 1.5, debris)).toBe(false); // above its top
  });
});
