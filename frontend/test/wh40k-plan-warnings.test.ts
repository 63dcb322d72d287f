import { describe, expect, it } from "vitest";
import { addDrop } from "../src/wh40k/move-plan";
import { movePlan } from "../src/wh40k/plan-start";
import { namer } from "../src/wh40k/names";
import { distanceTag, planWarnings } from "../src/wh40k/plan-warnings";
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
    expect(planWarnings({ state: s, plan: { ...plan, purpose: "deploy" }, limit: 6, names: namer(s) })).toEqual([]);
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
});
