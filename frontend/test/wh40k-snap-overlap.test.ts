import { describe, expect, it } from "vitest";
import type { ModelInfo } from "../src/protocol/messages";
import { CONTACT_GAP, baseGap, dropOnPlan, snapToContact } from "../src/wh40k/base-contact";
import { movePlan } from "../src/wh40k/plan-start";
import { fixture, modelAt } from "./wh40k-fixture";

// r4 review #2: two models dragged side by side onto one enemy base both snapped towards its
// centre and overlapped each other (each spot was checked only against the other's raw drop);
// the referee refuses an overlap in any game (placement.physical).

const R = 32 / 50.8; // a 32 mm base's radius in inches

function charging(roll: number) {
  const s = fixture();
  s.game.phase = "charge";
  s.game.charge_roll = roll;
  s.models = s.models.map((m) => (m.unit === "p1-a" ? { ...m, x: m.id === "p1-a-1" ? 9.3 : 10.7, y: 20 } : m));
  return { s, plan: movePlan(s, "p1-a", "charge") };
}

const at = (m: ModelInfo, p: { x: number; y: number }): ModelInfo => ({ ...m, x: p.x, y: p.y });

describe("the snap never puts two models of one drag on top of each other", () => {
  for (const roll of [12, 9, 8.8]) {
    it(`two models dropped 0.2" short of one enemy, side by side (roll ${roll})`, () => {
      const { s, plan } = charging(roll);
      const y = 30 - 2 * R - 0.2;
      const moves = [
        { model: "p1-a-1", to: { x: 9.3, y } },
        { model: "p1-a-2", to: { x: 10.7, y } },
      ];
      const last = dropOnPlan(s, plan, moves).steps.at(-1)!;
      const [a, b] = ["p1-a-1", "p1-a-2"].map((id) => at(s.models.find((m) => m.id === id)!, last.find((d) => d.model === id)!.to));
      expect(baseGap(a!, a!, b!)).toBeGreaterThan(0);
      if (roll < 9) return; // the contact spots within 8.8" are taken by the other's drop
      // One of them is still put in contact.
      const enemy = s.models.find((m) => m.id === "p2-b-1")!;
      expect(Math.min(baseGap(a!, a!, enemy), baseGap(b!, b!, enemy))).toBeCloseTo(CONTACT_GAP, 3);
    });
  }

  it("snapToContact checks each spot against the spots already decided", () => {
    const a1 = modelAt("a1", "A", 9.3, 20);
    const a2 = modelAt("a2", "A", 10.7, 20);
    const e = modelAt("e1", "E", 10, 30);
    const y = 30 - 2 * R - 0.2;
    const out = snapToContact([a1, a2, e], (m) => m.unit === "E", "charge", [
      { model: "a1", to: { x: 9.3, y } },
      { model: "a2", to: { x: 10.7, y } },
    ]);
    expect(baseGap(at(a1, out[0]!.to), out[0]!.to, at(a2, out[1]!.to))).toBeGreaterThan(0);
    expect(baseGap(a1, out[0]!.to, e)).toBeCloseTo(CONTACT_GAP, 3);
  });
});
