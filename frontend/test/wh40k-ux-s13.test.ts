// The 10e page's UX fixes after QA s13: reach with real footprints, climbing in the plan's
// distance, actions the referee would refuse left out, coherency and overlap in the plan, log
// and label words.

import { describe, expect, it } from "vitest";
import { baseGap, engagedUnits } from "../src/wh40k/attack-choice";
import { zoneLabelAt } from "../src/wh40k/board-overlay";
import { climbing, crossesInside, measuredLength } from "../src/wh40k/climb";
import { canReach } from "../src/wh40k/fight-actions";
import { logLines } from "../src/wh40k/game-log";
import { addDrop } from "../src/wh40k/move-plan";
import { namer, undoLabel } from "../src/wh40k/names";
import { offers } from "../src/wh40k/offered-actions";
import { disembarkPlan, movePlan } from "../src/wh40k/plan-start";
import { incoherent, longestMeasured, planWarnings } from "../src/wh40k/plan-warnings";
import { precisionLabel } from "../src/wh40k/model-choice";
import type { ModelInfo, TerrainPiece } from "../src/protocol/messages";
import { fixture, status } from "./wh40k-fixture";

const round = (id: string, unit: string, x: number, y: number, mm = 40): ModelInfo => ({
  id,
  unit,
  name: "",
  base: { shape: "circle", diameter_mm: mm },
  x,
  y,
  z: 0,
  height: 1.5,
  facing: 0,
  wounds: 1,
});
const oval = (id: string, unit: string, x: number, y: number, facing: number): ModelInfo => ({
  ...round(id, unit, x, y),
  base: { shape: "oval", length_mm: 60, width_mm: 35 },
  facing,
});

describe("melee reach with real footprints (QA s13 #5)", () => {
  it("measures an oval across its narrow side, not as a circle of its length", () => {
    // A 60x35 mm oval facing along x: 0.59" along, 0.34" across. A 40 mm base (0.39") 1.7" above
    // its centre is 0.96" from the oval's side; a circle of the oval's length says 0.71".
    const hound = oval("h", "p2-h", 10, 10, 0);
    const swarm = round("s", "p1-s", 10, 11.7);
    expect(baseGap(swarm, hound)).toBeCloseTo(1.7 - 35 / 50.8 - 40 / 50.8, 2);
    const far = round("s2", "p1-s", 10, 12.68); // 1.2" from the oval, 0.71" from its circle
    expect(baseGap(far, hound)).toBeGreaterThan(1);
    expect(engagedUnits([far], [hound])).toEqual([]);
    expect(canReach([far], [hound], far, "p2-h")).toBe(false);
    expect(canReach([swarm], [hound], swarm, "p2-h")).toBe(true);
  });

  it("counts the vertical gap: 5\" up is out of Engagement Range", () => {
    const a = round("a", "p1-s", 10, 10);
    const b = { ...round("b", "p2-h", 10, 10.9), z: 6 };
    expect(engagedUnits([a], [b])).toEqual([]);
    expect(engagedUnits([a], [{ ...b, z: 4 }])).toEqual(["p2-h"]);
  });

  it("lets a model in base contact with an engaged friend attack through it", () => {
    const enemy = round("e", "p2-h", 10, 10);
    const front = round("f", "p1-s", 10, 10 + 2 * (20 / 25.4) + 0.005);
    const back = round("b", "p1-s", 10, front.y + 2 * (20 / 25.4) + 0.005);
    expect(canReach([front, back], [enemy], back, "p2-h")).toBe(true);
    const gapped = { ...back, y: back.y + 0.1 };
    expect(canReach([front, gapped], [enemy], gapped, "p2-h")).toBe(false);
  });
});

describe("climbing in the plan's distance (QA s13 #6)", () => {
  const ruin: TerrainPiece = { id: "t1", kind: "ruins", name: "Hab block", polygon: [[40, 20], [46, 20], [46, 26], [40, 26]], height: 9, traits: [] };
  const woods: TerrainPiece = { ...ruin, id: "t2", kind: "woods", name: "Ash wood" };
  const path = [
    { x: 36, y: 22 },
    { x: 50, y: 22 },
  ];

  it("adds up and down for a non-INFANTRY unit crossing a tall ruin, as the server does", () => {
    expect(climbing([ruin], ["SWARM"], path, 0, 0).climb).toBe(18);
    expect(measuredLength([ruin], ["SWARM"], path, 0, 0).length).toBeCloseTo(14 + 18);
    expect(climbing([ruin], ["INFANTRY"], path, 0, 0).climb).toBe(0);
    expect(climbing([woods], ["SWARM"], path, 0, 0).climb).toBe(0);
    // ending (or starting) inside the piece: only the height change counts
    expect(climbing([ruin], ["SWARM"], [path[0]!, { x: 42, y: 22 }], 0, 3).climb).toBe(3);
    // through the air: the diagonal
    expect(measuredLength([ruin], ["FLY"], path, 0, 0).length).toBeCloseTo(14);
  });

  it("does not count a path along the piece's edge or past it", () => {
    const poly = ruin.polygon.map(([x, y]) => ({ x, y }));
    expect(crossesInside([{ x: 36, y: 20 }, { x: 50, y: 20 }], poly)).toBe(false);
    expect(crossesInside([{ x: 36, y: 19 }, { x: 50, y: 19 }], poly)).toBe(false);
    expect(crossesInside([{ x: 39, y: 19 }, { x: 47, y: 27 }], poly)).toBe(true);
  });

  it("shows the plan's farthest model with the climb, and warns past the limit", () => {
    const s = fixture();
    s.terrain = [{ ...ruin, polygon: [[9, 12], [13, 12], [13, 14], [9, 14]] }];
    s.game.units["p1-a"] = status("p1-a", "p1", {}, ["SWARM"]);
    const plan = addDrop(movePlan(s, "p1-a", "move"), [
      { model: "p1-a-1", to: { x: 10, y: 16 } },
      { model: "p1-a-2", to: { x: 11.5, y: 16 } },
    ]);
    expect(longestMeasured(plan, s)).toBeCloseTo(6 + 18);
    const words = planWarnings({ state: s, plan, limit: 11, names: namer(s) });
    expect(words[0]).toContain("more than the 11.0");
    expect(words[1]).toContain("climbs over Hab block");
  });
});

describe("the plan checks coherency and overlap (QA s13 #12)", () => {
  it("names models out of coherency and bases that would overlap", () => {
    const s = fixture();
    const apart = addDrop(movePlan(s, "p1-a", "pile_in"), [{ model: "p1-a-1", to: { x: 10, y: 13 } }]);
    expect(planWarnings({ state: s, plan: apart, limit: 3, names: namer(s) })).toEqual([
      'Out of unit coherency: Alpha #1, Alpha #2 (each model within 2" of another, the unit in one group).',
    ]);
    const onTop = addDrop(movePlan(s, "p1-a", "pile_in"), [{ model: "p1-a-1", to: { x: 11, y: 10 } }]);
    expect(planWarnings({ state: s, plan: onTop, limit: 3, names: namer(s) })[0]).toBe(
      "Alpha #1 would overlap Alpha #2: bases may not overlap.",
    );
  });

  it("asks two neighbours of each model in a unit of seven or more", () => {
    const line = Array.from({ length: 7 }, (_, i) => round(`m${i}`, "u", i * 1.5, 0, 25));
    expect(incoherent(line)).toEqual(["m0", "m6"]);
    const ring = line.map((m, i) => ({ ...m, x: 3 * Math.cos((i * 2 * Math.PI) / 7), y: 3 * Math.sin((i * 2 * Math.PI) / 7) }));
    expect(incoherent(ring)).toEqual([]);
  });
});

describe("actions the referee would refuse are not offered (QA s13 #10, #11)", () => {
  it("offers an engaged unit only Fall Back or Remain Stationary", () => {
    const s = fixture();
    s.game.phase = "movement";
    expect(offers(s, "p1").main).toMatchObject({ kind: "movement", engaged: [] });
    s.models = s.models.map((m) => (m.unit === "p2-b" ? { ...m, y: 11.7 } : m));
    expect(offers(s, "p1").main).toMatchObject({ kind: "movement", engaged: ["p1-a"] });
  });

  it("does not offer disembarking from a transport that Advanced, and says why", () => {
    const s = fixture();
    s.game.phase = "movement";
    s.game.units["p1-t"] = status("p1-t", "p1", { move: "advance" }, ["VEHICLE", "TRANSPORT"]);
    s.game.units["p1-c"] = status("p1-c", "p1", { location: "embarked", transport: "p1-t" });
    const main = offers(s, "p1").main;
    expect(main).toMatchObject({ kind: "movement", embarked: [], stuck: [{ unit: "p1-c", why: "its transport Advanced this turn (§3.7)" }] });
  });

  it("leaves a unit that Advanced without Assault weapons out of Shoot with, with the reason", () => {
    const s = fixture();
    s.game.units["p1-a"] = status("p1-a", "p1", { move: "advance" });
    expect(offers(s, "p1").main).toEqual({
      kind: "shooting",
      units: [],
      unable: [{ unit: "p1-a", why: "it Advanced and has no Assault weapons (§8.4)" }],
    });
  });

  it("offers Epic Challenge only against an engaged Attached unit", () => {
    const s = fixture();
    s.game.phase = "fight";
    s.game.units["p1-a"] = status("p1-a", "p1", {}, ["INFANTRY", "CHARACTER"]);
    s.game.pending = { player: "p1", kind: "fight", unit: null, options: ["p1-a"], detail: {} };
    s.models = s.models.map((m) => (m.unit === "p2-b" ? { ...m, y: 11.5 } : m));
    expect(offers(s, "p1").stratagems).not.toContain("epic_challenge");
    s.game.units["p2-b"] = status("p2-b", "p2", { leader: "p2-l" });
    expect(offers(s, "p1").stratagems).toContain("epic_challenge");
  });
});

describe("disembarking starts next to the transport (QA s13 #10)", () => {
  it("proposes every model wholly within 3\" of the transport, clear of it", () => {
    const s = fixture();
    s.game.phase = "movement";
    const carriage = { ...oval("p1-t-1", "p1-t", 37, 19.7, 90), base: { shape: "oval" as const, length_mm: 170, width_mm: 105 } };
    s.models.push(carriage);
    s.game.units["p1-t"] = status("p1-t", "p1", {}, ["VEHICLE", "TRANSPORT"]);
    const aboard = status("p1-c", "p1", { location: "embarked", transport: "p1-t" });
    aboard.sheet.models = [1, 2, 3, 4, 5].map((n) => [`p1-c-${n}`, { ...aboard.sheet.models[0]![1] }]);
    s.game.units["p1-c"] = aboard;
    const plan = disembarkPlan(s, "p1-c");
    expect(plan.start.size).toBe(5);
    for (const [id, at] of plan.start) {
      const m = { ...round(id, "p1-c", at.x, at.y, 32) };
      const gap = baseGap(m, carriage);
      expect(gap).toBeGreaterThan(0.1);
      expect(gap + 2 * (32 / 50.8)).toBeLessThanOrEqual(3);
    }
  });
});

describe("words (QA s13 #14, doc audit #16, #17)", () => {
  it("names the unit of an undo label", () => {
    const s = fixture();
    expect(undoLabel("p1-a: normal move", namer(s))).toBe("Alpha: Normal move");
    expect(undoLabel("p1-a remained stationary", namer(s))).toBe("Alpha remained stationary");
  });

  it("shows a player's randomness once however many browsers opened the seat", () => {
    const s = fixture();
    const e = (v: number, player: string) => ({ v, e: { type: "entropy_contributed", player } });
    const lines = logLines([e(1, "p1"), e(2, "p1"), e(3, "p2"), e(4, "p1")] as never, namer(s));
    expect(lines.map((l) => l.v)).toEqual([1, 3]);
    expect(lines[0]?.line.text).toMatch(/ \(3 times\)$/);
  });

  it("logs an entropy added after other events where it came (review s16)", () => {
    const s = fixture();
    const e = (v: number, player: string) => ({ v, e: { type: "entropy_contributed", player } });
    const roll = { v: 3, e: { type: "roll_off", purpose: "objectives", dice: { p1: [6], p2: [2] }, winner: "p1" } };
    const lines = logLines([e(1, "p1"), e(2, "p1"), roll, e(4, "p1")] as never, namer(s));
    expect(lines.map((l) => l.v)).toEqual([1, 3, 4]);
    expect(lines[0]?.line.text).toMatch(/ \(2 times\)$/);
    expect(lines[2]?.line.text).not.toMatch(/times/);
  });

  it("names a Precision choice by its profile", () => {
    const s = fixture();
    const leader = status("p1-l", "p1", { location: "attached", invulnerable: undefined } as never, ["INFANTRY", "CHARACTER"]);
    leader.sheet.invulnerable = 4;
    leader.sheet.models = [["p1-a-3", { ...leader.sheet.models[0]![1], name: "Cinderwright Exarch", wounds: 5 }]];
    s.game.units["p1-l"] = leader;
    s.models.push({ ...round("p1-a-3", "p1-a", 12, 10), wounds: 5 });
    expect(precisionLabel(s, namer(s), "p1-a-3")).toBe("Cinderwright Exarch (4++, 5W)");
  });

  it("labels a deployment zone along its own table edge", () => {
    expect(zoneLabelAt([[0, 0], [60, 0], [60, 12], [0, 12]], 44)).toEqual({ x: 30, y: 1 });
    expect(zoneLabelAt([[0, 32], [60, 32], [60, 44], [0, 44]], 44)).toEqual({ x: 30, y: 43 });
  });
});
