// Bench (run by bench/snap_drag.py, which bundles it with rolldown and runs it in node): one
// pointer move of a charge drag, `dropOnPlan` (the snap into base contact) and the plan panel's
// warnings, 6 models charging with 200 on the table, for round, oval and bike bases. Prints JSON.
import { baseGap, dropOnPlan } from "../frontend/src/wh40k/base-contact";
import { planWarnings } from "../frontend/src/wh40k/plan-warnings";
import { namer } from "../frontend/src/wh40k/names";
import { movePlan } from "../frontend/src/wh40k/plan-start";
import { fixture, status } from "../frontend/test/wh40k-fixture";

const circle = (mm: number) => ({ shape: "circle" as const, diameter_mm: mm });
const oval = (l: number, w: number) => ({ shape: "oval" as const, length_mm: l, width_mm: w });
const mk = (id: string, unit: string, x: number, y: number, base: any) => ({ id, unit, name: "T", base, x, y, z: 0, height: 1.6, facing: 90, wounds: 2 });

function world(mine: any, theirs: any) {
  const s: any = fixture();
  s.game.phase = "charge";
  s.game.charge_roll = 9;
  s.game.strict = false;
  const models: any[] = [];
  for (let i = 0; i < 6; i++) models.push(mk(`p1-a-${i + 1}`, "p1-a", 10 + i * 1.6, 20, mine));
  // 20 enemies in the target line, then 174 other models in both armies scattered on the table
  for (let i = 0; i < 20; i++) models.push(mk(`p2-b-${i + 1}`, "p2-b", 6 + i * 1.8, 30, theirs));
  for (let i = 0; i < 87; i++) models.push(mk(`p1-x-${i + 1}`, "p1-x", 1.5 + (i % 29) * 2, 2 + Math.floor(i / 29) * 2, circle(32)));
  for (let i = 0; i < 87; i++) models.push(mk(`p2-y-${i + 1}`, "p2-y", 1.5 + (i % 29) * 2, 36 + Math.floor(i / 29) * 2, i % 3 ? circle(32) : oval(60, 35)));
  s.models = models;
  s.units.push({ id: "p1-x", player: "p1", name: "X", keywords: ["INFANTRY"] }, { id: "p2-y", player: "p2", name: "Y", keywords: ["INFANTRY"] });
  s.game.units["p1-x"] = status("p1-x", "p1");
  s.game.units["p2-y"] = status("p2-y", "p2");
  s.game.units["p1-a"].charge_declared = true;
  return s;
}

function time(fn: () => unknown, n = 10): number {
  fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  return (performance.now() - t0) / n;
}

const rows: Record<string, unknown>[] = [];
for (const [label, mine, theirs] of [
  ["6 ovals 60x35 v 32mm", oval(60, 35), circle(32)],
  ["6 ovals 60x35 v ovals 60x35", oval(60, 35), oval(60, 35)],
  ["6 bikes 75x42 v bikes 75x42", oval(75, 42), oval(75, 42)],
  ["6 x 32mm v 32mm", circle(32), circle(32)],
] as const) {
  const s = world(mine, theirs);
  const plan = movePlan(s, "p1-a", "charge");
  const names = namer(s);
  const mids = s.models.filter((m: any) => m.unit === "p1-a");
  const reachIn = 32 / 50.8 + (theirs.shape === "circle" ? theirs.diameter_mm : theirs.width_mm) / 50.8 / 2 + (mine.shape === "circle" ? mine.diameter_mm / 50.8 / 2 : mine.length_mm / 50.8) - 32 / 50.8;
  const cases: [string, number, number][] = [
    ["far (mid-drag)", 25, 0.4],
    ["0.3in short, straight", 30 - reachIn - 0.3, 0],
    ["0.3in short, 0.8in sideways", 30 - reachIn - 0.3, 0.8],
  ];
  for (const [where, y, dx] of cases) {
    const moves = mids.map((m: any) => ({ model: m.id, to: { x: m.x + dx, y } }));
    const drop = time(() => dropOnPlan(s, plan, moves), 5);
    const live = dropOnPlan(s, plan, moves);
    const warn = time(() => planWarnings({ state: s, plan: live, limit: 9, names, heights: null } as any), 5);
    const last = live.steps.at(-1)!;
    const snapped = last.filter((d: any, i: number) => d.to.x !== moves[i].to.x || d.to.y !== moves[i].to.y).length;
    const placed = last.map((d: any) => ({ ...mids.find((m: any) => m.id === d.model), x: d.to.x, y: d.to.y }));
    let own = Infinity;
    for (const a of placed) for (const b of placed) if (a.id < b.id) own = Math.min(own, baseGap(a, a, b));
    const foes = s.models.filter((m: any) => m.unit === "p2-b");
    const contact = placed.filter((a: any) => foes.some((o: any) => baseGap(a, a, o) <= 0.01)).length;
    rows.push({
      bases: label,
      drop: where,
      drop_on_plan_ms: Number(drop.toFixed(3)),
      plan_warnings_ms: Number(warn.toFixed(3)),
      snapped: snapped,
      in_contact: contact,
      closest_own_gap_in: Number(own.toFixed(3)),
    });
  }
}
console.log(JSON.stringify({ models_on_table: 200, dragged: 6, rows }, null, 2));
