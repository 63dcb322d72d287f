import { describe, expect, it } from "vitest";
import type { ModelInfo } from "../src/protocol/messages";
import { modelAt } from "./wh40k-fixture";
import { CONTACT_GAP, SNAP, baseGap, snapToContact } from "../src/wh40k/base-contact";

const R32 = 32 / 50.8; // a 32 mm base's radius in inches
const model = modelAt;

const enemy = model("e1", "E", 20, 10);
const friend = model("a2", "A", 10, 12);
const mover = model("a1", "A", 10, 10);
const isEnemy = (m: ModelInfo) => m.unit === "E";

describe("charges end in base contact by hand (R11)", () => {
  it("puts a model dropped within SNAP of an enemy base against it", () => {
    const near = { x: 20 - 2 * R32 - 0.25, y: 10.3 };
    const [drop] = snapToContact([mover, friend, enemy], isEnemy, "charge", [{ model: "a1", to: near }]);
    const gap = baseGap(mover, drop!.to, enemy);
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThanOrEqual(0.01); // the referee's base contact
    expect(gap).toBeCloseTo(CONTACT_GAP, 4);
  });

  it("moves a model dropped slightly onto the enemy base back to contact", () => {
    const onto = { x: 20 - 2 * R32 + 0.1, y: 10 };
    const [drop] = snapToContact([mover, enemy], isEnemy, "pile_in", [{ model: "a1", to: onto }]);
    expect(baseGap(mover, drop!.to, enemy)).toBeCloseTo(CONTACT_GAP, 4);
  });

  it("leaves drops farther than SNAP, normal moves, and spots that would overlap a friend", () => {
    const far = { x: 20 - 2 * R32 - SNAP - 0.05, y: 10 };
    expect(snapToContact([mover, enemy], isEnemy, "charge", [{ model: "a1", to: far }])[0]!.to).toEqual(far);
    const near = { x: 20 - 2 * R32 - 0.2, y: 10 };
    expect(snapToContact([mover, enemy], isEnemy, "move", [{ model: "a1", to: near }])[0]!.to).toEqual(near);
    const blocker = model("a3", "A", 20 - 2 * R32 - 0.02, 10 + 2 * R32 - 0.01); // where contact would be
    const [kept] = snapToContact([mover, blocker, enemy], isEnemy, "charge", [{ model: "a1", to: { x: near.x, y: 10 + 2 * R32 } }]);
    expect(kept!.to).toEqual({ x: near.x, y: 10 + 2 * R32 });
  });

  it("works for oval bases too", () => {
    const oval = model("a4", "A", 5, 5, { shape: "oval", length_mm: 75, width_mm: 42 });
    const near = { x: 20 - R32 - 42 / 50.8 - 0.2, y: 10 }; // the oval's side towards the enemy (facing 90)
    const [drop] = snapToContact([oval, enemy], isEnemy, "charge", [{ model: "a4", to: near }]);
    const gap = baseGap(oval, drop!.to, enemy);
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThanOrEqual(0.01);
  });
});
