// h4 walkthrough (s15) #5: a charging model dropped short of the enemy was snapped into base
// contact even when contact lay beyond the charge roll (6.33" on a 6" roll), so the plan broke
// the roll; the snap now happens only when contact fits the move.

import { describe, expect, it } from "vitest";
import { baseGap, contactWithin, dropOnPlan } from "../src/wh40k/base-contact";
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

// r3 review #2: only the contact spot straight out from the enemy's centre through the drop was
// tried, so a drop 30° off the straight line stayed 0.2" short although contact was in reach.
describe("the charge drop's snap at an angle (r3 #2)", () => {
  const dropAt = (deg: number, off = 0.2) => {
    const a = (deg * Math.PI) / 180;
    return { x: 10 - Math.sin(a) * (BASE + off), y: 30 - Math.cos(a) * (BASE + off) };
  };
  const gapTo = (s: ReturnType<typeof charging>["s"], to: { x: number; y: number }, id = "p2-b-1") => {
    const e = s.models.find((m) => m.id === id)!;
    return Math.hypot(to.x - e.x, to.y - e.y) - BASE;
  };

  for (const [roll, deg] of [
    [6.5, 30],
    [6.5, 40],
    [6.36, 30],
  ] as const) {
    it(`puts a drop ${deg}° off the line in contact within a ${roll}" roll`, () => {
      const { s, plan } = charging(roll);
      const after = dropOnPlan(s, plan, [{ model: "p1-a-1", to: dropAt(deg) }]);
      const moved = after.steps.at(-1)![0]!.to;
      expect(gapTo(s, moved)).toBeLessThan(0.01);
      expect(gapTo(s, moved)).toBeGreaterThan(0);
      expect(pathLengths(after).get("p1-a-1")!).toBeLessThanOrEqual(roll);
      // on the drop's side of the straight line, as near the drop as the roll allows
      expect(moved.x).toBeLessThan(10);
      expect(pathLengths(after).get("p1-a-1")!).toBeGreaterThan(roll - 0.01);
    });
  }

  it("counts the path so far from the last waypoint", () => {
    const { s, plan } = charging(6.5);
    // first 0.5" across and 2" on (2.06"), then dropped near the enemy: 4.44" left
    const first = dropOnPlan(s, plan, [{ model: "p1-a-1", to: { x: 10.5, y: 30 - BASE - 4.34 } }]);
    expect(pathLengths(first).get("p1-a-1")).toBeCloseTo(Math.hypot(0.5, 2));
    const after = dropOnPlan(s, first, [{ model: "p1-a-1", to: dropAt(60) }]);
    const moved = after.steps.at(-1)![0]!.to;
    expect(gapTo(s, moved)).toBeLessThan(0.01);
    expect(pathLengths(after).get("p1-a-1")!).toBeLessThanOrEqual(6.5);
    expect(pathLengths(after).get("p1-a-1")!).toBeGreaterThan(6.49);
  });

  it("keeps the drop where no contact spot fits the roll", () => {
    const { s, plan } = charging(6.2);
    const to = dropAt(30);
    const after = dropOnPlan(s, plan, [{ model: "p1-a-1", to }]);
    expect(after.steps.at(-1)).toEqual([{ model: "p1-a-1", to }]);
  });

  it("does not put the base on another model: with every spot in reach taken, the drop stays", () => {
    const s = fixture();
    s.game.phase = "charge";
    s.game.charge_roll = 6.5;
    // Alpha #2 against Bravo #1 straight ahead covers every contact spot within 6.5" (±27°)
    const spot = dropAt(0, 0.004);
    s.models = s.models.map((m) =>
      m.id === "p1-a-1" ? { ...m, y: 30 - BASE - 6.34 } : m.id === "p1-a-2" ? { ...m, ...spot } : m,
    );
    const plan = movePlan(s, "p1-a", "charge");
    const to = dropAt(60);
    const after = dropOnPlan(s, plan, [{ model: "p1-a-1", to }]);
    expect(after.steps.at(-1)).toEqual([{ model: "p1-a-1", to }]);
    // with Alpha #2 out of the way the same drop goes into contact
    const alone = { ...s, models: s.models.filter((m) => m.id !== "p1-a-2") };
    const moved = dropOnPlan(alone, movePlan(alone, "p1-a", "charge"), [{ model: "p1-a-1", to }]).steps.at(-1)![0]!.to;
    expect(gapTo(s, moved)).toBeLessThan(0.01);
  });
});

describe("the search along an oval's outline (r3 #2)", () => {
  it("finds the contact spot within the move against an oval base, clear and in reach", () => {
    const s = fixture();
    const mover = s.models.find((m) => m.id === "p1-a-1")!;
    const enemy = { ...s.models.find((m) => m.id === "p2-b-1")!, base: { shape: "oval", length_mm: 120, width_mm: 92 }, facing: 30 } as typeof mover;
    const from = { x: 10, y: 20 };
    const drop = { x: 13, y: 29 };
    const t0 = performance.now();
    const spot = contactWithin(mover, drop, enemy, from, 8.4, () => true);
    const took = performance.now() - t0;
    expect(spot).not.toBeNull();
    expect(baseGap(mover, spot!, enemy)).toBeLessThan(0.01);
    expect(baseGap(mover, spot!, enemy)).toBeGreaterThan(0);
    expect(Math.hypot(spot!.x - from.x, spot!.y - from.y)).toBeLessThanOrEqual(8.4);
    expect(took).toBeLessThan(200); // it runs while dragging
  });
});

describe("the search with a vehicle charging (r3 #2)", () => {
  it("measures an oval model against a round enemy as baseGap does", () => {
    const s = fixture();
    const mover = { ...s.models.find((m) => m.id === "p1-a-1")!, base: { shape: "oval", length_mm: 105, width_mm: 70 }, facing: 20 } as (typeof s.models)[number];
    const enemy = s.models.find((m) => m.id === "p2-b-1")!;
    const from = { x: 10, y: 20 };
    const spot = contactWithin(mover, { x: 13, y: 29 }, enemy, from, 8.6, () => true);
    expect(spot).not.toBeNull();
    expect(baseGap(mover, spot!, enemy)).toBeLessThan(0.01);
    expect(baseGap(mover, spot!, enemy)).toBeGreaterThan(0);
    expect(Math.hypot(spot!.x - from.x, spot!.y - from.y)).toBeLessThanOrEqual(8.6);
  });
});
