import { describe, expect, it } from "vitest";
import { addDrop, startPlan } from "../src/wh40k/move-plan";
import { planLimit, woodsPenalty } from "../src/wh40k/plan-start";
import { baseTouches, pathTouches, polygonsOverlap } from "../src/wh40k/woods-path";
import { fixture } from "./wh40k-fixture";

const square = (x0: number, y0: number, s: number) => [
  { x: x0, y: y0 },
  { x: x0 + s, y: y0 },
  { x: x0 + s, y: y0 + s },
  { x: x0, y: y0 + s },
];

describe("woods on a planned path (rules decision R5)", () => {
  it("touches when the swept base reaches the footprint, not before", () => {
    const wood = square(10, 10, 4);
    const r = 0.63;
    expect(pathTouches([{ x: 5, y: 12 }, { x: 20, y: 12 }], r, wood)).toBe(true); // straight through
    expect(pathTouches([{ x: 5, y: 14.5 }, { x: 20, y: 14.5 }], r, wood)).toBe(true); // grazes by 0.5
    expect(pathTouches([{ x: 5, y: 14.7 }, { x: 20, y: 14.7 }], r, wood)).toBe(false); // 0.7 clear
    expect(pathTouches([{ x: 11, y: 11 }, { x: 12, y: 12 }], r, wood)).toBe(true); // inside
    expect(pathTouches([{ x: 5, y: 5 }], r, wood)).toBe(false); // no path yet
    // around a corner: the waypoint keeps the path clear of the footprint
    expect(pathTouches([{ x: 8, y: 8 }, { x: 15, y: 8 }, { x: 15, y: 16 }], r, wood)).toBe(false);
  });

  it("takes 2 inches off a Normal or Advance move that touches woods, shown by planLimit", () => {
    const state = fixture();
    state.terrain = [{ id: "w", kind: "woods", name: "Ash wood", height: 3, polygon: [[8, 14], [14, 14], [14, 18], [8, 18]] }] as typeof state.terrain;
    const start = new Map([
      ["p1-a-1", { x: 10, y: 10 }],
      ["p1-a-2", { x: 11.5, y: 10 }],
    ]);
    const clear = addDrop(startPlan("p1-a", "move", start), [{ model: "p1-a-1", to: { x: 4, y: 10 } }]);
    const through = addDrop(startPlan("p1-a", "move", start), [{ model: "p1-a-1", to: { x: 10, y: 16 } }]);
    expect(woodsPenalty(state, clear, "normal")).toBe(0);
    expect(planLimit(state, clear, "normal")).toBe(6);
    expect(woodsPenalty(state, through, "normal")).toBe(2);
    expect(planLimit(state, through, "normal")).toBe(4);
    expect(planLimit(state, through, "charge")).toBe(6); // no penalty outside those moves
    const flying = fixture();
    flying.terrain = state.terrain;
    flying.game.units["p1-a"]!.sheet.keywords = ["INFANTRY", "FLY"];
    expect(planLimit(flying, through, "normal")).toBe(6);
  });
});

describe("an oval base beside the woods (rules decision R36, QA s13 #4)", () => {
  // Ash wood x 27..33; the Pyre Carriage's oval (170 x 105 mm) faces +y up x = 36: it reaches
  // x = 36 - 2.07 = 33.93 (its half-width), clear of the wood; its largest radius, 3.35", did not.
  const wood = [
    { x: 27, y: 10 },
    { x: 33, y: 10 },
    { x: 33, y: 16 },
    { x: 27, y: 16 },
  ];
  const carriage = { shape: "oval" as const, length_mm: 170, width_mm: 105 };
  const path = [
    { x: 36, y: 7 },
    { x: 36, y: 18 },
  ];

  it("is clear when the oval's side passes the wood", () => {
    expect(baseTouches(path, carriage, 90, wood)).toBe(false);
  });

  it("is over it when the oval's long axis points at it", () => {
    expect(baseTouches(path, carriage, 0, wood)).toBe(true);
  });

  it("a round base is its circle", () => {
    const round = { shape: "circle" as const, diameter_mm: 32 };
    expect(baseTouches([{ x: 33.5, y: 7 }, { x: 33.5, y: 18 }], round, 0, wood)).toBe(true);
    expect(baseTouches([{ x: 33.7, y: 7 }, { x: 33.7, y: 18 }], round, 0, wood)).toBe(false);
  });
});

describe("a hull beside the woods (R36: the real footprint swept, touching is not over)", () => {
  // a 4" x 2" hull (x -2..2 along its facing, y -1..1), the wood x 27..33, y 10..16
  const wood = square(27, 10, 6);
  const hull = { shape: "hull" as const, points: [[-2, -1], [2, -1], [2, 1], [-2, 1]] as [number, number][] };

  it("is clear when its long side passes the wood, though its corners' circle would reach it", () => {
    // facing 90: 2" wide across x, its side at x = 34.5 - 1 = 33.5; its reach (2.24") from x 34.5
    // would reach x 32.26, inside the wood
    expect(baseTouches([{ x: 34.5, y: 5 }, { x: 34.5, y: 20 }], hull, 90, wood)).toBe(false);
    expect(pathTouches([{ x: 34.5, y: 5 }, { x: 34.5, y: 20 }], Math.hypot(2, 1), wood)).toBe(true);
  });

  it("is over it when its end is turned toward the wood", () => {
    // facing 0: 4" long across x, its end at x = 34.5 - 2 = 32.5, inside
    expect(baseTouches([{ x: 34.5, y: 5 }, { x: 34.5, y: 20 }], hull, 0, wood)).toBe(true);
  });

  it("sliding along the wood's edge is touching, not over", () => {
    // facing 90, side exactly on x = 33
    expect(baseTouches([{ x: 34, y: 5 }, { x: 34, y: 20 }], hull, 90, wood)).toBe(false);
    expect(baseTouches([{ x: 33.99, y: 5 }, { x: 33.99, y: 20 }], hull, 90, wood)).toBe(true);
  });

  it("is over it when only the sweep between two clear ends crosses a corner", () => {
    // from below-right to above-left of the wood's corner (33, 16), the hull clear at both ends
    expect(baseTouches([{ x: 36, y: 13 }, { x: 30, y: 19 }], hull, 0, wood)).toBe(true);
    expect(baseTouches([{ x: 36, y: 13 }, { x: 36, y: 19 }, { x: 30, y: 19 }], hull, 0, wood)).toBe(false);
  });
});

describe("polygonsOverlap: shared interior points", () => {
  it("finds crossing edges, one inside the other, and edge-to-edge overlaps", () => {
    expect(polygonsOverlap(square(0, 0, 2), square(1, 1, 2))).toBe(true); // corners cross
    expect(polygonsOverlap(square(0, 0, 4), square(1, 1, 1))).toBe(true); // inside
    expect(polygonsOverlap(square(0, 0, 2), square(1, 0, 2))).toBe(true); // sides collinear
    expect(polygonsOverlap(square(0, 0, 2), square(0, 0, 2))).toBe(true); // the same square
  });
  it("does not count touching", () => {
    expect(polygonsOverlap(square(0, 0, 2), square(2, 0, 2))).toBe(false); // a shared side
    expect(polygonsOverlap(square(0, 0, 2), square(2, 2, 2))).toBe(false); // a shared corner
    expect(polygonsOverlap(square(0, 0, 2), square(3, 0, 2))).toBe(false); // apart
  });
});

describe("woods by the rules revision the game is decided by (R38)", () => {
  it("judges an oval by its footprint from revision 2, by its reach's circle before", () => {
    const state = fixture();
    state.terrain = [{ id: "w", kind: "woods", name: "Ash wood", height: 3, polygon: [[27, 10], [33, 10], [33, 16], [27, 16]] }] as typeof state.terrain;
    state.models = state.models.map((m) =>
      m.id === "p1-a-1" ? { ...m, base: { shape: "oval", length_mm: 170, width_mm: 105 }, facing: 90 } : m,
    );
    const start = new Map([["p1-a-1", { x: 36, y: 7 }]]);
    const past = addDrop(startPlan("p1-a", "move", start), [{ model: "p1-a-1", to: { x: 36, y: 18 } }]);
    expect(woodsPenalty(state, past, "normal")).toBe(0); // the oval's side passes 0.93" clear
    state.game.rules_revision = 1;
    expect(woodsPenalty(state, past, "normal")).toBe(2); // its largest radius reached the wood
  });
});
