// h4 walkthrough (s15) #5: a charging model dropped short of the enemy was snapped into base
// contact even when contact lay beyond the charge roll (6.33" on a 6" roll), so the plan broke
// the roll; the snap now happens only when contact fits the move.

import { describe, expect, it } from "vitest";
import { dropOnPlan } from "../src/wh40k/base-contact";
import { pathLengths } from "../src/wh40k/move-plan";
import { movePlan } from "../src/wh40k/plan-start";
import { fixture } from "./wh40k-fixture";

const BASE = 1.26; // 32 mm

function charging(roll: number) {
  const s = fixture();
  s.game.phase = "charge";
  s.game.charge_roll = roll;
  // Alpha 6.34" (base to base) short of Bravo #1 at (10, 30)
  s.models = s.models.map((m) => (m.unit === "p1-a" ? { ...m, y: 30 - BASE - 6.34 } : m));
  return { s, plan: movePlan(s, "p1-a", "charge") };
}

describe("the charge drop's snap to base contact (h4 #5)", () => {
  it("keeps a drop short of the enemy where contact is beyond the roll", () => {
    const { s, plan } = charging(6);
    const to = { x: 10, y: 30 - BASE - 6.34 + 5.95 }; // 0.39" short: within the snap distance
    const after = dropOnPlan(s, plan, [{ model: "p1-a-1", to }]);
    expect(after.steps.at(-1)).toEqual([{ model: "p1-a-1", to }]);
    expect(pathLengths(after).get("p1-a-1")).toBeCloseTo(5.95);
  });

  it("still puts the base in contact when contact fits the roll", () => {
    const { s, plan } = charging(7);
    const to = { x: 10, y: 30 - BASE - 6.34 + 5.95 };
    const after = dropOnPlan(s, plan, [{ model: "p1-a-1", to }]);
    const moved = after.steps.at(-1)![0]!.to;
    expect(30 - moved.y - BASE).toBeLessThan(0.01);
    expect(pathLengths(after).get("p1-a-1")).toBeCloseTo(6.34, 1);
  });
});
