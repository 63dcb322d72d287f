// h4 s15 #11: Strategic Reserves were offered in round 1 with no note that they arrive only
// from round 2; the arrival prompt left out "wholly within 6" of a battlefield edge" (and, in
// round 2, "not in the enemy's deployment zone"); and the plan of a long vehicle started where
// it was not wholly within 6" of any edge (§4.5; the server's movement.arrive, edge_problems).

import { describe, expect, it } from "vitest";
import { footprint } from "../src/geometry/base-footprint";
import { arrivalRule } from "../src/wh40k/movement-actions";
import { offers } from "../src/wh40k/offered-actions";
import { placementPlan } from "../src/wh40k/plan-start";
import type { W40State } from "../src/wh40k/wire";
import { fixture, status } from "./wh40k-fixture";

function withReserves(round: number, strict: boolean): W40State {
  const s = fixture();
  s.game.phase = "movement";
  s.game.round = round;
  s.game.strict = strict;
  s.game.units["p1-r"] = status("p1-r", "p1", { location: "reserves", reserve: "strategic" });
  s.game.units["p1-d"] = status("p1-d", "p1", { location: "reserves", reserve: "deep_strike" });
  return s;
}

function movement(s: W40State) {
  const main = offers(s, "p1").main;
  if (main.kind !== "movement") throw new Error(main.kind);
  return main;
}

const WHY = "Strategic Reserves arrive from battle round 2 (§4.5)";

describe("Strategic Reserves in round 1 (§4.5)", () => {
  it("a strict game does not offer them, and says why", () => {
    const m = movement(withReserves(1, true));
    expect(m.reserves).toEqual(["p1-d"]);
    expect(m.reservesLater).toEqual([{ unit: "p1-r", why: WHY }]);
  });
  it("a casual game offers them with the note (the referee logs the broken rule)", () => {
    const m = movement(withReserves(1, false));
    expect(m.reserves).toEqual(["p1-r", "p1-d"]);
    expect(m.reservesLater).toEqual([{ unit: "p1-r", why: WHY }]);
  });
  it("from round 2 they are offered with no note", () => {
    const m = movement(withReserves(2, true));
    expect(m.reserves).toEqual(["p1-r", "p1-d"]);
    expect(m.reservesLater).toEqual([]);
  });
});

describe("the arrival prompt says where the unit may be set up", () => {
  it("Strategic Reserves: the edge, and the enemy zone in round 2 only", () => {
    expect(arrivalRule(withReserves(2, true), "p1-r")).toBe(
      'wholly within 6" of a battlefield edge, not in the enemy\'s deployment zone, more than 9" from every enemy model',
    );
    expect(arrivalRule(withReserves(3, true), "p1-r")).toBe('wholly within 6" of a battlefield edge, more than 9" from every enemy model');
  });
  it("Deep Strike: only the 9\"", () => {
    expect(arrivalRule(withReserves(2, true), "p1-d")).toBe('more than 9" from every enemy model');
  });
});

/** Whether a model set up facing 90° at p stands wholly within 6" of some table edge (by its
 * footprint's extents: an oval's length runs along y), as the server's edge_problems checks. */
function nearEdge(s: W40State, base: Parameters<typeof footprint>[0], p: { x: number; y: number }): boolean {
  const f = footprint(base);
  const [hx, hy] = f.kind === "ellipse" ? [f.across, f.along] : [0, 0];
  const { width, depth } = s.table;
  return p.x + hx <= 6 || p.y + hy <= 6 || p.x - hx >= width - 6 || p.y - hy >= depth - 6;
}

describe("the arrival plan starts wholly within 6\" of an edge", () => {
  it("infantry along the own edge", () => {
    const s = withReserves(2, true);
    const plan = placementPlan(s, "p1-r", "arrive", "edge");
    expect(plan.start.size).toBe(2);
    for (const p of plan.start.values()) {
      expect(p.y + 32 / 50.8).toBeLessThanOrEqual(6);
      expect(nearEdge(s, { shape: "circle", diameter_mm: 32 }, p)).toBe(true);
    }
  });
  it("a vehicle on a long oval base (too long for the own edge facing the enemy): at a side edge", () => {
    const s = withReserves(2, true);
    const oval = { shape: "oval" as const, length_mm: 190, width_mm: 100 }; // 7.5" x 3.9"
    const carriage = s.game.units["p1-r"]!;
    carriage.sheet.models = [["p1-r-1", { ...carriage.sheet.models[0]![1], base: oval }]];
    const plan = placementPlan(s, "p1-r", "arrive", "edge");
    const p = plan.start.get("p1-r-1")!;
    expect(nearEdge(s, oval, p)).toBe(true);
    expect(p.y).toBeLessThanOrEqual(22); // in the own half (p1's zone is along y = 0)
    expect(p.y - 190 / 50.8).toBeGreaterThanOrEqual(0);
  });
});
