import { describe, expect, it } from "vitest";
import { footprint } from "../src/geometry/base-footprint";
import type { Base } from "../src/protocol/messages";
import { namer } from "../src/wh40k/names";
import { nearEdge, placementPlan } from "../src/wh40k/plan-start";
import { planWarnings } from "../src/wh40k/plan-warnings";
import { fixture, status } from "./wh40k-fixture";

// r4 review #3: the arrival plan of Strategic Reserves laid big units out in rows of five and
// started the fourth row (20 infantry) or a second row of cavalry beyond 6" of the edge; a
// strict game refuses that (rule/not_near_edge, placement.edge_problems).

const circle = (mm: number): Base => ({ shape: "circle", diameter_mm: mm });
const oval = (l: number, w: number): Base => ({ shape: "oval", length_mm: l, width_mm: w });
/** A rectangle hull l x w inches, its length along the model's facing (local x). */
const hull = (l: number, w: number): Base => ({
  shape: "hull",
  points: [[l / 2, w / 2], [-l / 2, w / 2], [-l / 2, -w / 2], [l / 2, -w / 2]],
});

/** The referee's test: the footprint's bounding box (facing the enemy: an oval's length on y). */
function whollyNear(base: Base, p: { x: number; y: number }, width: number, depth: number): boolean {
  const f = footprint(base);
  const [hx, hy] =
    f.kind === "ellipse"
      ? [f.across, f.along]
      : [Math.max(...f.points.map((q) => Math.abs(q.y))), Math.max(...f.points.map((q) => Math.abs(q.x)))];
  const e = 1e-6;
  return p.x + hx <= 6 + e || p.y + hy <= 6 + e || p.x - hx >= width - 6 - e || p.y - hy >= depth - 6 - e;
}

function arriving(base: Base, n: number) {
  const s = fixture();
  s.game.phase = "movement";
  s.game.round = 2;
  s.game.strict = true;
  const st = status("p1-r", "p1", { location: "reserves", reserve: "strategic" });
  const proto = st.sheet.models[0]![1];
  st.sheet.models = Array.from({ length: n }, (_, i) => [`p1-r-${i + 1}`, { ...proto, base }]);
  s.game.units["p1-r"] = st;
  s.units.push({ id: "p1-r", player: "p1", name: "Reserve", keywords: ["INFANTRY"] });
  return s;
}

describe('a Strategic Reserves arrival plan starts wholly within 6" of an edge', () => {
  const cases: [string, Base, number][] = [
    ["20 x 32 mm", circle(32), 20],
    ["30 x 25 mm", circle(25), 30],
    ["6 x 90x52 mm ovals", oval(90, 52), 6],
    ["2 x 190x100 mm ovals", oval(190, 100), 2],
    ["3 x 170x105 mm ovals", oval(170, 105), 3],
    ["10 x 40 mm", circle(40), 10],
    ["1 x 190x100 mm oval", oval(190, 100), 1],
    // review s15: a hull was sized by its reach on both axes (a far bigger square)
    ["1 x 7.5x4.5 in hull", hull(7.5, 4.5), 1],
    ["3 x 4.7x3.5 in hulls", hull(4.7, 3.5), 3],
  ];
  for (const [label, base, n] of cases) {
    it(label, () => {
      const s = arriving(base, n);
      const plan = placementPlan(s, "p1-r", "arrive", "edge");
      expect(plan.start.size).toBe(n);
      const far = [...plan.start].filter(([, p]) => !whollyNear(base, p, s.table.width, s.table.depth));
      expect(far).toEqual([]);
      // on the table, no two of the unit's bases overlapping, in coherency: no warning at all
      const warnings = planWarnings({ state: s, plan, limit: null, names: namer(s) });
      expect(warnings).toEqual([]);
    });
  }

  it("a unit that cannot fit is proposed anyway, and the plan says which models to move", () => {
    const s = arriving(oval(170, 105), 40);
    const plan = placementPlan(s, "p1-r", "arrive", "edge");
    const warnings = planWarnings({ state: s, plan, limit: null, names: namer(s) });
    expect(warnings.some((w) => w.startsWith("Move ") && w.includes('wholly within 6" of a battlefield edge (Strategic Reserves, §4.5)'))).toBe(true);
  });

  it("nearEdge reads the footprint at its facing", () => {
    const s = arriving(circle(32), 1);
    const m = { id: "x", unit: "p1-r", name: "", base: oval(90, 52), x: 20, y: 6 - 90 / 50.8 + 0.01, z: 0, height: 1, facing: 90, wounds: 1 };
    expect(nearEdge(s, m)).toBe(false);
    expect(nearEdge(s, { ...m, y: 6 - 90 / 50.8 - 0.01 })).toBe(true);
    expect(nearEdge(s, { ...m, facing: 0, y: 6 - 52 / 50.8 - 0.01 })).toBe(true);
  });

  it("keeps more than 9\" from enemy models and off obstacles (s15 leftover: it saw only bases)", () => {
    const s = arriving(circle(32), 10);
    // an enemy model by the middle of p1's own edge, where the layout tried first
    const enemy = s.models.find((m) => m.unit.startsWith("p2-"))!;
    enemy.x = 30;
    enemy.y = 8;
    // and debris along the edge on the left
    s.terrain = [{ id: "t9", kind: "debris", polygon: [[0, 0], [18, 0], [18, 6], [0, 6]], height: 0.5, traits: [] }];
    const plan = placementPlan(s, "p1-r", "arrive", "edge");
    expect(plan.start.size).toBe(10);
    expect(planWarnings({ state: s, plan, limit: null, names: namer(s) })).toEqual([]);
    for (const p of plan.start.values()) expect(Math.hypot(p.x - 30, p.y - 8) - 2 * (16 / 25.4)).toBeGreaterThan(9);
  });
});
