import { describe, expect, it } from "vitest";
import type { ModelInfo } from "../src/protocol/messages";
import { baseGap } from "../src/wh40k/base-contact";
import { bringIntoContact, contactNote } from "../src/wh40k/charge-contact";
import { type MovePlan, addDrop, pathLengths, positions, startPlan, waypoints } from "../src/wh40k/move-plan";
import { movePlan } from "../src/wh40k/plan-start";
import { namer } from "../src/wh40k/names";
import { incoherent, planWarnings } from "../src/wh40k/plan-warnings";
import { fixture, modelAt } from "./wh40k-fixture";

const R = 32 / 50.8; // a 32 mm base's radius in inches
const model = modelAt;

const isEnemy = (m: ModelInfo) => m.unit !== "A";
const targets = new Set(["E"]);

/** Ten chargers in two rows of five (1.5" apart) at y 10 and 8.5; five enemies 3" apart at y 16. */
function table(): ModelInfo[] {
  const mine = Array.from({ length: 10 }, (_, i) => model(`a${i + 1}`, "A", 10 + (i % 5) * 1.5 + (i < 5 ? 0 : 0.75), i < 5 ? 10 : 8.5));
  const enemies = Array.from({ length: 5 }, (_, i) => model(`e${i + 1}`, "E", 9 + i * 3, 16));
  return [...mine, ...enemies];
}

const planOf = (models: readonly ModelInfo[]): MovePlan =>
  startPlan("A", "charge", new Map(models.filter((m) => m.unit === "A").map((m) => [m.id, { x: m.x, y: m.y }])));

/** Every pair of bases where `plan` puts them: none may overlap. */
function overlaps(models: readonly ModelInfo[], plan: MovePlan): string[] {
  const now = positions(plan);
  const at = models.map((m) => ({ ...m, ...(now.get(m.id) ?? {}) }));
  const out: string[] = [];
  at.forEach((a, i) => at.slice(i + 1).forEach((b) => baseGap(a, a, b) <= 0 && out.push(`${a.id}/${b.id}`)));
  return out;
}

const enemyGap = (models: readonly ModelInfo[], m: ModelInfo, p: { x: number; y: number }) =>
  Math.min(...models.filter(isEnemy).map((o) => baseGap(m, p, o)));

describe("Bring into contact: a charge's models put in base contact (R11)", () => {
  it("brings every model that can reach into contact, without overlap and within the roll", () => {
    const models = table();
    const roll = 7;
    // the whole unit dragged 3" forward: every model left short
    const dragged = addDrop(
      planOf(models),
      models.filter((m) => m.unit === "A").map((m) => ({ model: m.id, to: { x: m.x, y: m.y + 3 } })),
    );
    const { plan, brought, stuck } = bringIntoContact(models, dragged, isEnemy, targets, roll);
    // the front rank goes straight in; the rear rank's straight spots are taken, and one of them
    // finds a free spot round the side of a target within the roll
    expect(brought.length).toBeGreaterThanOrEqual(6);
    expect(brought.length + stuck.length).toBe(10);
    const now = positions(plan);
    // a model left out has no spot in contact within the roll that is free by a margin (brute
    // force every 1° round every target: a free arc this wide holds one of the 7.5° ring's spots)
    const margin = 0.2;
    const standing = models.map((o) => ({ ...o, ...(now.get(o.id) ?? {}) }));
    for (const id of stuck) {
      const m = models.find((x) => x.id === id)!;
      for (const e of models.filter(isEnemy)) {
        for (let deg = 0; deg < 360; deg++) {
          const a = (deg * Math.PI) / 180;
          const spot = { x: e.x + Math.cos(a) * (2 * R + 0.004), y: e.y + Math.sin(a) * (2 * R + 0.004) };
          if (Math.hypot(spot.x - m.x, spot.y - m.y) > roll - margin) continue;
          const freeBy = Math.min(...standing.filter((o) => o.id !== id && o.id !== e.id).map((o) => baseGap(m, spot, o)));
          expect(freeBy).toBeLessThan(margin);
        }
      }
    }
    for (const id of brought) {
      const m = models.find((x) => x.id === id)!;
      const gap = enemyGap(models, m, now.get(id)!);
      expect(gap).toBeGreaterThan(0);
      expect(gap).toBeLessThanOrEqual(0.01);
    }
    expect(overlaps(models, plan)).toEqual([]);
    for (const d of pathLengths(plan).values()) expect(d).toBeLessThanOrEqual(roll);
    // one step added, the drag kept
    expect(plan.steps.length).toBe(2);
  });

  it("leaves a model that cannot reach alone, and one already in contact", () => {
    const far = model("a1", "A", 10, 2); // gap 14 - 2R ≈ 12.7": out of a 7" roll
    const near = model("a2", "A", 12, 9);
    const touching = model("a3", "A", 14, 16 - 2 * R - 0.005);
    const foe = [model("e1", "E", 10, 16), model("e2", "E", 12, 16), model("e3", "E", 14, 16)];
    const models = [far, near, touching, ...foe];
    const { plan, brought, stuck, closed } = bringIntoContact(models, planOf(models), isEnemy, targets, 7);
    expect(brought).toEqual(["a2"]);
    expect(stuck).toEqual([]);
    expect(waypoints(plan).has("a3")).toBe(false);
    // the far one, alone, closes up: the whole roll straight at its nearest target model
    expect(closed).toEqual(["a1"]);
    const up = positions(plan).get("a1")!;
    expect(up.x).toBeCloseTo(10, 6);
    expect(up.y).toBeGreaterThan(2 + 7 - 0.06);
    expect(up.y).toBeLessThanOrEqual(2 + 7);
    const to = positions(plan).get("a2")!;
    expect(to.x).toBeCloseTo(12, 6); // straight at e2
    expect(baseGap(near, to, foe[1]!)).toBeGreaterThan(0);
    expect(baseGap(near, to, foe[1]!)).toBeLessThanOrEqual(0.01);
  });

  it("closes up behind the models that cannot reach contact, keeping the unit together", () => {
    // seven in two ranks 5" back from the target's line, the rear rank 1.3" further: a 5" roll
    // takes the front rank in, but not the rear
    const front = [0, 1, 2, 3].map((i) => model(`a${i + 1}`, "A", 10 + i * 1.5, 10));
    const rear = [0, 1, 2].map((i) => model(`a${i + 5}`, "A", 10.75 + i * 1.5, 8.7));
    const foes = [0, 1, 2, 3].map((i) => model(`e${i + 1}`, "E", 10 + i * 1.5, 10 + 2 * R + 4));
    const models = [...front, ...rear, ...foes];
    const roll = 5;
    const { plan, brought, closed } = bringIntoContact(models, planOf(models), isEnemy, targets, roll);
    expect([...brought].sort()).toEqual(["a1", "a2", "a3", "a4"]);
    expect([...closed].sort()).toEqual(["a5", "a6", "a7"]);
    const now = positions(plan);
    const unit = models.filter((m) => m.unit === "A").map((m) => ({ ...m, ...now.get(m.id)! }));
    expect(incoherent(unit)).toEqual([]);
    expect(overlaps(models, plan)).toEqual([]);
    for (const m of rear) {
      const to = now.get(m.id)!;
      const closer = (p: { x: number; y: number }) => Math.min(...foes.map((f) => Math.hypot(f.x - p.x, f.y - p.y)));
      expect(closer(to)).toBeLessThan(closer(m));
      expect(Math.hypot(to.x - m.x, to.y - m.y)).toBeLessThanOrEqual(roll);
    }
  });

  it("only reaches for a declared target's models within the roll", () => {
    const a = model("a1", "A", 10, 10);
    const other = model("x1", "X", 10, 12); // an enemy, not a target
    const target = model("e1", "E", 14, 10); // gap 4 - 2R ≈ 2.74"
    const models = [a, other, target];
    expect(bringIntoContact(models, planOf(models), isEnemy, targets, 2).brought).toEqual([]);
    const { plan, brought } = bringIntoContact(models, planOf(models), isEnemy, targets, 3);
    expect(brought).toEqual(["a1"]);
    const to = positions(plan).get("a1")!;
    expect(baseGap(a, to, target)).toBeLessThanOrEqual(0.01);
    expect(pathLengths(plan).get("a1")!).toBeLessThanOrEqual(3);
  });

  it("skips a spot that would overlap another base, trying the next enemy model", () => {
    // two chargers both nearest e1: the second goes to e2 instead
    const a1 = model("a1", "A", 10, 12);
    const a2 = model("a2", "A", 10.2, 10.5);
    const e1 = model("e1", "E", 10, 15);
    const e2 = model("e2", "E", 13, 15);
    const models = [a1, a2, e1, e2];
    const { plan, brought } = bringIntoContact(models, planOf(models), isEnemy, targets, 7);
    expect(brought).toEqual(["a1", "a2"]);
    const now = positions(plan);
    expect(baseGap(a2, now.get("a2")!, e2)).toBeLessThanOrEqual(0.01);
    expect(overlaps(models, plan)).toEqual([]);
  });

  it("takes the nearest free spot around the target when a friend holds its straight one", () => {
    const e1 = model("e1", "E", 10, 15);
    const a1 = model("a1", "A", 10, 12);
    // a friend standing where a1's straight contact would be
    const blocker = { ...model("b1", "B", 10, 15 - 2 * R - 0.3), unit: "A2" };
    const models = [a1, e1, blocker];
    const { plan, brought, stuck } = bringIntoContact(models, planOf(models), (m) => m.unit === "E", targets, 7);
    expect(brought).toEqual(["a1"]);
    expect(stuck).toEqual([]);
    const to = positions(plan).get("a1")!;
    expect(baseGap(a1, to, e1)).toBeGreaterThan(0);
    expect(baseGap(a1, to, e1)).toBeLessThanOrEqual(0.01);
    expect(baseGap(a1, to, blocker)).toBeGreaterThan(0);
    // beside the friend, on the near side: two bases (2R each way) put it 60° round from it
    expect(Math.abs(to.x - 10)).toBeCloseTo((2 * R + 0.004) * Math.sin(Math.PI / 3), 0);
    expect(to.y).toBeLessThan(15);
  });

  it("leaves a model whose every spot in contact is out of reach or taken", () => {
    const e1 = model("e1", "E", 10, 15);
    const a1 = model("a1", "A", 10, 12);
    const blocker = { ...model("b1", "B", 10, 15 - 2 * R - 0.3), unit: "A2" };
    const models = [a1, e1, blocker];
    // the roll reaches the straight spot (1.74") but nothing round the side of the friend
    const { plan, brought, stuck } = bringIntoContact(models, planOf(models), (m) => m.unit === "E", targets, 1.8);
    expect(brought).toEqual([]);
    expect(stuck).toEqual(["a1"]);
    expect(plan.steps.length).toBe(0);
  });

  it("does not go round through an enemy base or past an enemy it did not charge", () => {
    const e1 = model("e1", "E", 10, 15);
    const a1 = model("a1", "A", 10, 12);
    const blocker = { ...model("b1", "B", 10, 15 - 2 * R - 0.3), unit: "A2" };
    // enemies of another unit flanking the way round on both sides, 1.5" from the target
    const x1 = model("x1", "X", 10 - 2 * R - 1.3, 14);
    const x2 = model("x2", "X", 10 + 2 * R + 1.3, 14);
    const models = [a1, e1, blocker, x1, x2];
    const isFoe = (m: ModelInfo) => m.unit === "E" || m.unit === "X";
    // every free spot round the target within reach is within 1" of x1 or x2 (or on the way)
    expect(bringIntoContact(models, planOf(models), isFoe, targets, 7).brought).toEqual([]);
    // with the other unit declared a target as well, the way round is open
    const both = bringIntoContact(models, planOf(models), isFoe, new Set(["E", "X"]), 7);
    expect(both.brought).toEqual(["a1"]);
  });

  it("keeps out of Engagement Range of a long enemy hull whose centre is far from the way", () => {
    // X: a 20" x 2" hull of another unit, its left end under 1" from the nearest free spots
    // round e1 (on the right) but its centre over 10" from the way there (review s14: only
    // centres within 10" were checked)
    const e1 = model("e1", "E", 30, 15);
    const a1 = model("a1", "A", 30, 12);
    const blocker = { ...model("b1", "B", 30, 15 - 2 * R - 0.3), unit: "A2" };
    const hull = { shape: "hull" as const, points: [[-10, -1], [10, -1], [10, 1], [-10, 1]] as [number, number][] };
    const x = { ...model("x1", "X", 42.4, 14.5, hull), facing: 0 };
    const models = [a1, e1, blocker, x];
    const isFoe = (m: ModelInfo) => m.unit === "E" || m.unit === "X";
    const { plan, brought } = bringIntoContact(models, planOf(models), isFoe, targets, 7);
    expect(brought).toEqual(["a1"]);
    const to = positions(plan).get("a1")!;
    expect(to.x).toBeLessThan(30); // round the left side, away from X
    expect(baseGap(a1, to, x)).toBeGreaterThan(1);
  });

  it("goes straight from the start when the dragged path would take it past the roll", () => {
    const a1 = model("a1", "A", 10, 10);
    const e1 = model("e1", "E", 10, 15);
    const models = [a1, e1];
    // dragged 4" sideways: 4 + the rest is more than the 5" roll
    const dragged = addDrop(planOf(models), [{ model: "a1", to: { x: 14, y: 10 } }]);
    const { plan, brought } = bringIntoContact(models, dragged, isEnemy, targets, 5);
    expect(brought).toEqual(["a1"]);
    expect(waypoints(plan).get("a1")!.length).toBe(1);
    const d = pathLengths(plan).get("a1")!;
    expect(d).toBeLessThanOrEqual(5);
    expect(d).toBeCloseTo(5 - 2 * R - 0.004, 3);
  });

  it("brings oval bases into contact too", () => {
    const oval = model("a1", "A", 10, 10, { shape: "oval", length_mm: 75, width_mm: 42 });
    const e1 = model("e1", "E", 10, 15);
    const models = [oval, e1];
    const { plan, brought } = bringIntoContact(models, planOf(models), isEnemy, targets, 6);
    expect(brought).toEqual(["a1"]);
    const gap = baseGap(oval, positions(plan).get("a1")!, e1);
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThanOrEqual(0.01);
  });

  it("clears the plan's warning of a model left short of contact", () => {
    const s = fixture();
    s.models = s.models.map((m) => (m.unit === "p1-a" ? { ...m, y: 25 } : m));
    s.game.charge_roll = 7;
    s.game.pending = { player: "p1", kind: "charge_move", unit: "p1-a", options: ["p2-b"], detail: {} };
    const short = addDrop(movePlan(s, "p1-a", "charge"), [
      { model: "p1-a-1", to: { x: 10, y: 28 } },
      { model: "p1-a-2", to: { x: 11.5, y: 28 } },
    ]);
    expect(planWarnings({ state: s, plan: short, limit: 7, names: namer(s) })).toHaveLength(1);
    const owner = new Map(s.units.map((u) => [u.id, u.player]));
    const { plan } = bringIntoContact(s.models, short, (m) => owner.get(m.unit) !== "p1", new Set(["p2-b"]), 7);
    expect(planWarnings({ state: s, plan, limit: 7, names: namer(s) })).toEqual([]);
  });
});

describe("contactNote: what Bring into contact did, in words", () => {
  const plan = startPlan("A", "charge", new Map());
  it("counts each kind of model", () => {
    expect(contactNote({ plan, brought: ["a1", "a2"], stuck: ["a3"], closed: ["a4", "a5"] })).toBe(
      "Brought 2 models into base contact; 1 model found no free spot in base contact within the roll (drag it by hand); " +
        "2 models that cannot reach moved up behind, to keep the unit together.",
    );
    expect(contactNote({ plan, brought: [], stuck: [], closed: ["a4"] })).toBe("1 model that cannot reach moved up behind, to keep the unit together.");
  });
  it("says when nothing could be done", () => {
    expect(contactNote({ plan, brought: [], stuck: [], closed: [] })).toBe("No model out of base contact can reach an enemy model with this roll.");
  });
});
