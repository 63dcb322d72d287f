import { beforeEach, describe, expect, it } from "vitest";
import { openedTable } from "./table-session";
import { closestPoints } from "../src/board/tools/closest-points";
import { LatestOnly } from "../src/board/tools/latest-only";
import { dragRules } from "../src/board/tools/drag-rules";
import { convexHull, ellipseOffset, offsetOutline, outlinePolygon, roundedOffset } from "../src/board/tools/outline";
import { parseRadius } from "../src/board/tools/ring-tool";
import { coverCauseWords, coverWords, sightLineWords, sightWords } from "../src/board/tools/sight-tool";
import { ToolController } from "../src/board/tools/tool-controller";
import type { ToolReadout } from "../src/board/tools/tool-readout";
import { decodeTableState } from "../src/protocol/codec";
import type { Point, TableState } from "../src/protocol/messages";
import type {
  MeasureAnswer,
  MeasureEnd,
  SightAnswer,
  TableQueries,
  UnitCheckAnswer,
} from "../src/protocol/table-queries";
import { QueryClient, QueryFailed } from "../src/net/query-client";
import { tableQueries } from "../src/net/table-queries";
import { ManualTimers, table } from "./fakes";

const WARHAMMER_DRAG = dragRules("wh40k-10e");

const R32 = 32 / 50.8;
/** Let promise callbacks and queued microtasks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class Deferred<T> {
  resolve!: (value: T) => void;
  reject!: (error: unknown) => void;
  readonly promise = new Promise<T>((res, rej) => {
    this.resolve = res;
    this.reject = rej;
  });
}

/** Table queries answered by hand: each call waits until the test resolves it. */
class ScriptedQueries implements TableQueries {
  readonly calls: { kind: string; args: unknown[]; answer: Deferred<unknown> }[] = [];
  private call<T>(kind: string, ...args: unknown[]): Promise<T> {
    const answer = new Deferred<unknown>();
    this.calls.push({ kind, args, answer });
    return answer.promise as Promise<T>;
  }
  measure(a: MeasureEnd, b: MeasureEnd) {
    return this.call<MeasureAnswer>("measure", a, b);
  }
  sight(observer: string, target: string) {
    return this.call<SightAnswer>("sight", observer, target);
  }
  unitCheck(unit: string, positions: ReadonlyMap<string, Point>) {
    return this.call<UnitCheckAnswer>("unit_check", unit, Object.fromEntries(positions));
  }
  last(kind: string) {
    const c = this.calls.filter((x) => x.kind === kind).at(-1);
    if (!c) throw new Error(`no ${kind} asked`);
    return c;
  }
}

describe("QueryClient", () => {
  let timers: ManualTimers;
  let sent: { req_id: number; q: Record<string, unknown> }[];
  let online: boolean;
  let client: QueryClient;

  beforeEach(() => {
    timers = new ManualTimers();
    sent = [];
    online = true;
    client = new QueryClient((m) => online && sent.push(m) > 0, timers, 1000);
  });

  it("numbers each query and settles it with its own answer, in any order", async () => {
    const first = client.ask({ type: "measure", a: "a1", b: "a2" });
    const second = client.ask({ type: "sight", observer: "a1", target: "b1" });
    expect(sent.map((m) => m.req_id)).toEqual([1, 2]);
    client.answer({ type: "answer", req_id: 2, a: "two" });
    client.answer({ type: "answer", req_id: 1, a: "one" });
    client.answer({ type: "answer", req_id: 9, a: "nobody's" });
    await expect(first).resolves.toBe("one");
    await expect(second).resolves.toBe("two");
    expect(client.inFlight).toBe(0);
  });

  it("fails a query on its rejection, a timeout, a lost socket, or when offline", async () => {
    const bad = client.ask({ type: "teleport" });
    expect(client.rejected({ type: "rejected", req_id: 1, code: "query/invalid", message: "type: unknown" })).toBe(true);
    expect(client.rejected({ type: "rejected", intent_id: "i1", code: "move/overlap", message: "" })).toBe(false);
    await expect(bad).rejects.toMatchObject({ reason: "rejected", code: "query/invalid" });

    const slow = client.ask({ type: "measure" });
    timers.advance(1000);
    await expect(slow).rejects.toMatchObject({ reason: "timeout" });

    const lost = client.ask({ type: "measure" });
    client.failAll();
    await expect(lost).rejects.toBeInstanceOf(QueryFailed);

    online = false;
    await expect(client.ask({ type: "measure" })).rejects.toMatchObject({ reason: "offline" });
    expect(timers.waiting).toEqual([]);
  });

  it("keeps at most four queries with the server and sends the next as one is answered", async () => {
    // the server refuses a fifth (query/busy): the 10e charge list counted such a refusal as
    // "can charge" and listed a unit with no enemy within 12" (QA s13 walkthrough 2)
    const asks = [1, 2, 3, 4, 5, 6].map((n) => client.ask({ type: "measure", n }));
    expect(sent.map((m) => m.req_id)).toEqual([1, 2, 3, 4]);
    client.answer({ type: "answer", req_id: 2, a: "two" });
    expect(sent.map((m) => m.req_id)).toEqual([1, 2, 3, 4, 5]);
    timers.advance(1000); // 1, 3, 4 and 5 time out, but the server still counts them
    expect(sent.map((m) => m.req_id)).toEqual([1, 2, 3, 4, 5]);
    client.answer({ type: "answer", req_id: 3, a: "late" }); // 3's place is free again: 6 goes
    expect(sent.map((m) => m.req_id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(client.rejected({ type: "rejected", req_id: 4, code: "query/failed", message: "" })).toBe(true);
    client.answer({ type: "answer", req_id: 6, a: "six" });
    await expect(asks[1]).resolves.toBe("two");
    await expect(asks[5]).resolves.toBe("six");
    for (const i of [0, 2, 3, 4]) await expect(asks[i]).rejects.toMatchObject({ reason: "timeout" });
    const queued = [7, 8, 9, 10, 11].map(() => client.ask({ type: "measure" }));
    client.failAll(); // the waiting ones fail with the sent ones
    for (const q of queued) await expect(q).rejects.toMatchObject({ reason: "offline" });
    expect(client.inFlight).toBe(0);
  });

  it("checks answers: a measure with its closest points, a sight with its witness", async () => {
    const q = tableQueries(client);
    const m = q.measure("a1", { x: 10, y: 15 });
    expect(sent[0]?.q).toEqual({ type: "measure", a: "a1", b: { x: 10, y: 15 } });
    client.answer({ type: "answer", req_id: 1, a: { distance: 1.5, h_gap: 1.5, v_gap: 0, from: [1, 2], to: [3, 4] } });
    await expect(m).resolves.toEqual({ distance: 1.5, h_gap: 1.5, v_gap: 0, from: { x: 1, y: 2 }, to: { x: 3, y: 4 } });

    const s = q.sight("a1", "b2");
    client.answer({
      type: "answer",
      req_id: 2,
      a: { visible: true, fully_visible: false, cover: "hard", in_arc: true, segment: [[1, 2, 0], [3, 4, 1.6]], blocking: [] },
    });
    await expect(s).resolves.toMatchObject({ cover: "hard", cover_from: null, segment: [{ x: 1, y: 2, z: 0 }, { x: 3, y: 4, z: 1.6 }] });
    const c = q.sight("a1", "b3");
    const from = { id: "t1", name: "Forest", why: "forest" };
    client.answer({ type: "answer", req_id: 3, a: { visible: true, fully_visible: false, cover: "cover", cover_from: from, in_arc: true, segment: null, blocking: [] } });
    await expect(c).resolves.toMatchObject({ cover_from: from });
    const bad = q.sight("a1", "b4");
    client.answer({ type: "answer", req_id: 4, a: { visible: true, fully_visible: false, cover: true, cover_from: { id: "t1" }, segment: null } });
    await expect(bad).rejects.toThrow("cover_from.name");

    const u = q.unitCheck("A", new Map([["a1", { x: 1, y: 2 }]]));
    expect(sent[4]?.q).toEqual({ type: "unit_check", unit: "A", positions: { a1: { x: 1, y: 2 } } });
    client.answer({ type: "answer", req_id: 5, a: { coherent: true, breaking: [] } });
    await expect(u).rejects.toThrow("engaged_with");
  });
});

describe("GameSession queries", () => {
  it("routes answers and query rejections to the query, not to the move toasts", async () => {
    const timers = new ManualTimers();
    const { store, session, socket: s } = openedTable({ timers });
    const bad = session.queries.sight("a1", "nobody");
    const good = session.queries.measure("a1", "a2");
    expect(s.sent).toMatchObject([{ type: "query", req_id: 1 }, { type: "query", req_id: 2 }]);
    s.receive({ type: "rejected", req_id: 1, code: "query/invalid", message: "target: unknown model" });
    s.receive({ type: "answer", req_id: 2, a: { distance: 0.74, h_gap: 0.74, v_gap: 0, from: [10.63, 10], to: [11.37, 10] } });
    await expect(bad).rejects.toMatchObject({ code: "query/invalid" });
    await expect(good).resolves.toMatchObject({ distance: 0.74 });
    expect(store.lastRejection.value).toBeNull();

    const lost = session.queries.measure("a1", "a2");
    s.drop();
    await expect(lost).rejects.toMatchObject({ reason: "offline" });
    session.stop();
  });
});

describe("LatestOnly", () => {
  it("asks at most ten a second, one at a time, and only the newest question", async () => {
    const timers = new ManualTimers();
    const clock = { now: () => timers.now, setTimeout: timers.setTimeout.bind(timers), clearTimeout: timers.clearTimeout.bind(timers) };
    const asked: { q: number; answer: Deferred<string> }[] = [];
    const got: string[] = [];
    const runner = new LatestOnly<number, string>({
      run: (q) => {
        const answer = new Deferred<string>();
        asked.push({ q, answer });
        return answer.promise;
      },
      answered: (a, q) => got.push(`${q}:${a}`),
      clock,
      intervalMs: 100,
    });
    runner.push(1);
    runner.push(2);
    runner.push(3);
    expect(asked.map((a) => a.q)).toEqual([1]); // one in flight; 3 waits, 2 is forgotten
    timers.advance(150);
    expect(asked.map((a) => a.q)).toEqual([1]); // still waiting for the answer
    asked[0]?.answer.resolve("one");
    await settle();
    expect(asked.map((a) => a.q)).toEqual([1, 3]);
    asked[1]?.answer.resolve("three");
    await settle();
    runner.push(4);
    expect(asked).toHaveLength(2); // 3 went at t=150: 4 waits for t=250
    timers.advance(100);
    expect(asked.map((a) => a.q)).toEqual([1, 3, 4]);
    runner.cancel();
    asked[2]?.answer.resolve("four");
    await settle();
    expect(got).toEqual(["1:one", "3:three"]);
    expect(runner.sent).toBe(3);
  });
});

describe("offset outlines", () => {
  it("grows a round base into a bigger circle", () => {
    const o = offsetOutline({ base: { shape: "circle", diameter_mm: 32 }, at: { x: 5, y: 6 }, facing: 30 }, 6);
    expect(o).toEqual({ kind: "circle", center: { x: 5, y: 6 }, radius: R32 + 6 });
  });

  it("grows an oval into its parallel curve, turned by facing", () => {
    const a = 2;
    const b = 1;
    const points = ellipseOffset(a, b, 0.5, 64);
    for (const p of points) {
      // Every sample is 0.5" from the ellipse: its nearest rim point (found by search) is that far.
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 20000; i += 1) {
        const t = (2 * Math.PI * i) / 20000;
        best = Math.min(best, Math.hypot(p.x - a * Math.cos(t), p.y - b * Math.sin(t)));
      }
      expect(best).toBeCloseTo(0.5, 3);
    }
    const placed = offsetOutline({ base: { shape: "oval", length_mm: 101.6, width_mm: 50.8 }, at: { x: 10, y: 10 }, facing: 90 }, 1);
    expect(placed.kind).toBe("polygon");
    const ys = (placed.kind === "polygon" ? placed.points : []).map((p) => p.y);
    expect(Math.max(...ys)).toBeCloseTo(13, 6); // along the facing (+y): 2" + 1"
  });

  it("rounds a hull's corners: the Minkowski sum with a disc", () => {
    const square = convexHull([{ x: -1, y: -1 }, { x: 1, y: -1 }, { x: 1, y: 1 }, { x: -1, y: 1 }, { x: 0, y: 0 }]);
    expect(square).toHaveLength(4);
    const grown = roundedOffset(square, 1);
    const xs = grown.map((p) => p.x);
    expect(Math.max(...xs)).toBeCloseTo(2, 9);
    for (const p of grown) {
      const dx = Math.max(0, Math.abs(p.x) - 1);
      const dy = Math.max(0, Math.abs(p.y) - 1);
      expect(Math.hypot(dx, dy)).toBeCloseTo(1, 9);
    }
  });
});

describe("closest points (the ruler's preview)", () => {
  it("measures base edge to base edge and to a point, zero when overlapping", () => {
    const base = (x: number) => outlinePolygon(offsetOutline({ base: { shape: "circle", diameter_mm: 32 }, at: { x, y: 10 }, facing: 0 }, 0), 360);
    const g = closestPoints(base(10), base(13));
    expect(g.distance).toBeCloseTo(3 - 2 * R32, 3);
    expect(g.from.x).toBeCloseTo(10 + R32, 3);
    expect(closestPoints(base(10), [{ x: 10, y: 15 }]).distance).toBeCloseTo(5 - R32, 3);
    expect(closestPoints(base(10), [{ x: 10.1, y: 10 }]).distance).toBe(0);
    expect(closestPoints(base(10), base(10.5)).distance).toBe(0);
  });
});

describe("words", () => {
  it("says what the sight answer means", () => {
    const a: SightAnswer = { visible: true, fully_visible: true, cover: false, cover_from: null, in_arc: true, segment: null, blocking: [] };
    expect(sightWords(a)).toBe("Fully visible, no cover");
    expect(sightWords({ ...a, fully_visible: false, cover: true })).toBe("Visible, in cover");
    expect(sightWords({ ...a, visible: false })).toBe("Not visible");
    expect(coverWords("hard")).toBe("in hard cover");
    expect(coverCauseWords(null)).toBeNull();
    expect(coverCauseWords({ id: "r1", name: "Ruined chapel", why: "within" })).toBe("Cover: wholly within Ruined chapel");
    expect(coverCauseWords({ id: "r1", name: "Ruined chapel", why: "obscured" })).toBe(
      "Cover: not fully visible because of Ruined chapel",
    );
    expect(coverCauseWords({ id: "m9", name: "Boy 3", why: "between" })).toBe("Cover: Boy 3 is in the way");
    expect(coverCauseWords({ id: "w1", name: "Wall", why: "barricade" })).toBe('Cover: within 1" of Wall, which is nearer the shooter');
    expect(coverCauseWords({ id: "x", name: "Wall", why: "new-reason" })).toBe("Cover: Wall");
    const over = { ...a, segment: [{ x: 1, y: 2, z: 1.6 }, { x: 9, y: 2, z: 2.954 }] as SightAnswer["segment"] };
    expect(sightLineWords(over)).toBe('Sight line from 1.60" to 2.95" high');
    expect(sightLineWords({ ...over, visible: false })).toBeNull();
    expect(sightLineWords(a)).toBeNull();
    // the server's segment can end a hair below the table: never "-0.00"
    const low = { ...a, segment: [{ x: 1, y: 2, z: 1.5748 }, { x: 9, y: 2, z: -1e-12 }] as SightAnswer["segment"] };
    expect(sightLineWords(low)).toBe('Sight line from 1.57" to 0.00" high');
    expect(sightLineWords({ ...low, segment: [{ x: 1, y: 2, z: -0.004 }, { x: 9, y: 2, z: 0.004 }] })).toBe(
      'Sight line from 0.00" to 0.00" high',
    );
    // 9th edition heavy cover: the benefit of cover, but only against melee attacks
    const heavy = { ...a, fully_visible: false, cover: true, cover_from: { id: "t5", name: "Barricade", why: "heavy" } };
    expect(sightWords(heavy)).toBe("Visible, heavy cover (against melee only)");
    expect(coverCauseWords(heavy.cover_from)).toBe(
      "Heavy cover, against melee attacks only: touching Barricade (no save bonus against shots)",
    );
    expect(sightWords({ ...heavy, cover_from: { ...heavy.cover_from, why: "touching" } })).toBe("Visible, in cover");
    expect(parseRadius(' 6.5" ')).toBe(6.5);
    expect(parseRadius("0")).toBeNull();
    expect(parseRadius("far")).toBeNull();
  });
});

describe("ToolController", () => {
  let queries: ScriptedQueries;
  let timers: ManualTimers;
  let tools: ToolController;
  let reports: ToolReadout[];
  let draws: number;
  let state: TableState;

  const readout = () => reports.at(-1) as ToolReadout;
  const keys = () => tools.scene().shapes.map((s) => `${s.key}:${s.tone}`);

  beforeEach(() => {
    queries = new ScriptedQueries();
    timers = new ManualTimers();
    reports = [];
    draws = 0;
    tools = new ToolController({
      queries,
      clock: { now: () => timers.now, setTimeout: timers.setTimeout.bind(timers), clearTimeout: timers.clearTimeout.bind(timers) },
      redraw: () => (draws += 1),
      report: () => reports.push(tools.readout()),
    });
    state = decodeTableState(table());
    tools.setTable(state, false, WARHAMMER_DRAG);
  });

  it("rules base to base: a preview while aiming, then the server's number and points", async () => {
    tools.setTool("ruler");
    tools.click({ x: 10, y: 10 }, "a1", false);
    tools.hover({ x: 12, y: 10 }, "a2");
    expect(keys()).toContain("ruler-line:preview");
    const label = tools.scene().labels.find((l) => l.key === "ruler-label");
    expect(label?.text).toBe('≈ 0.7"');
    tools.click({ x: 12, y: 10 }, "a2", false);
    expect(queries.last("measure").args).toEqual(["a1", "a2"]);
    await settle();
    expect(readout().ruler).toMatchObject({ a: "a1", b: "a2", answer: null });
    queries.last("measure").answer.resolve({ distance: 0.740157, h_gap: 0.740157, v_gap: 0, from: { x: 10.63, y: 10 }, to: { x: 11.37, y: 10 } });
    await settle();
    expect(readout().ruler?.answer?.distance).toBe(0.740157);
    expect(keys()).toContain("ruler-line:ruler");
    expect(tools.scene().labels.find((l) => l.key === "ruler-label")?.text).toBe('0.74"');
    expect(draws).toBeGreaterThan(0);
    // Dragging a measured model: the ruler follows it with the browser's estimate.
    tools.moveStarted("a2", ["a2"]);
    tools.moveTo(new Map([["a2", { x: 14, y: 10 }]]));
    expect(keys()).toContain("ruler-line:preview");
    expect(tools.scene().labels.find((l) => l.key === "ruler-label")?.text).toBe('≈ 2.7"');
    tools.moveEnded();
    expect(keys()).toContain("ruler-line:ruler");
  });

  it("measures again when a measured model moves, once the move has settled", async () => {
    tools.setTool("ruler");
    tools.click({ x: 10, y: 10 }, "a1", false);
    tools.click({ x: 15, y: 15 }, null, false);
    expect(queries.last("measure").args).toEqual(["a1", { x: 15, y: 15 }]);
    const moved = { ...state, models: state.models.map((m) => (m.id === "a1" ? { ...m, x: 11 } : m)) };
    tools.setTable(moved, true, WARHAMMER_DRAG); // a local ghost: the server has the old place
    expect(queries.calls).toHaveLength(1);
    tools.setTable(moved, false, WARHAMMER_DRAG);
    expect(queries.calls).toHaveLength(2);
  });

  it("drops an answer to a question replaced by a newer one", async () => {
    tools.setTool("ruler");
    tools.click({ x: 10, y: 10 }, "a1", false);
    tools.click({ x: 0, y: 0 }, "a2", false);
    const old = queries.last("measure");
    tools.click({ x: 10, y: 10 }, "a1", false);
    tools.click({ x: 0, y: 0 }, "b1", false);
    old.answer.resolve({ distance: 1, h_gap: 1, v_gap: 0, from: { x: 0, y: 0 }, to: { x: 1, y: 0 } });
    await settle();
    expect(readout().ruler).toMatchObject({ b: "b1", answer: null });
  });

  it("looks from an observer to a target and highlights what blocks", async () => {
    tools.setTool("sight");
    tools.click({ x: 10, y: 10 }, "a1", false);
    tools.click({ x: 40, y: 30 }, "b1", false);
    expect(queries.last("sight").args).toEqual(["a1", "b1"]);
    queries.last("sight").answer.resolve({ visible: false, fully_visible: false, cover: null, cover_from: null, in_arc: true, segment: null, blocking: ["r1", "ghost"] });
    await settle();
    expect(readout().sight).toMatchObject({ observer: "a1", target: "b1", highlighted: ["r1"] });
    expect(keys()).toEqual(expect.arrayContaining(["sight-block-r1:blocked", "sight-line:sightline", "sight-target:target"]));
    tools.click({ x: 12, y: 10 }, "a2", false);
    queries.last("sight").answer.resolve({ visible: true, fully_visible: true, cover: false, cover_from: null, in_arc: true, segment: [{ x: 10, y: 10, z: 1.6 }, { x: 12, y: 10, z: 1.6 }], blocking: [] });
    await settle();
    expect(keys()).toContain("sight-line:clear");
    expect(keys()).not.toContain("sight-block-r1:blocked");
    expect(keys().filter((k) => k.startsWith("sight-cover"))).toEqual([]);
    tools.click({ x: 12, y: 12 }, "b1", false);
    const cover = { id: "r1", name: "Ruin", why: "obscured" };
    queries.last("sight").answer.resolve({ visible: true, fully_visible: false, cover: true, cover_from: cover, in_arc: true, segment: [{ x: 10, y: 10, z: 1.6 }, { x: 12, y: 10, z: 1.6 }], blocking: [] });
    await settle();
    expect(keys()).toContain("sight-cover-r1:cover");
    expect(readout().sight?.coverMarked).toBe("r1");
    // a model on the line gives the cover (Deathmatch): the model is outlined
    tools.click({ x: 12, y: 14 }, "b1", false);
    const model = { id: "a2", name: "A #2", why: "between" };
    queries.last("sight").answer.resolve({ visible: true, fully_visible: false, cover: "cover", cover_from: model, in_arc: true, segment: [{ x: 10, y: 10, z: 1.6 }, { x: 12, y: 10, z: 1.6 }], blocking: [] });
    await settle();
    expect(keys()).toContain("sight-cover-a2:cover");
    expect(readout().sight?.coverMarked).toBe("a2");
    tools.click({ x: 0, y: 0 }, null, false);
    await settle();
    expect(readout().sight).toBeNull();
  });

  it("rings a model at the typed radius, measured from its base edge", async () => {
    tools.setTool("ring");
    tools.setRingRadius(3);
    tools.click({ x: 40, y: 30 }, "b1", false);
    await settle();
    expect(readout().rings).toEqual([{ model: "b1", radius: 3 }]);
    const ring = tools.scene().shapes.find((s) => s.key === "ring-b1-3");
    expect(ring?.kind === "outline" && ring.outline.kind).toBe("polygon"); // b1 is an oval
    tools.click({ x: 40, y: 30 }, "b1", false);
    await settle();
    expect(readout().rings).toEqual([]);
  });

  it("types the next ring's radius without changing rings on the table; a model keeps one ring", async () => {
    tools.setTool("ring");
    tools.click({ x: 10, y: 10 }, "a1", false);
    await settle();
    expect(readout().rings).toEqual([{ model: "a1", radius: 6 }]);
    // 9" typed for the next ring: a1's stays 6" (QA s14 tables #6), and b1 gets 9"
    tools.setRingRadius(9);
    await settle();
    expect(readout().ringRadius).toBe(9);
    expect(readout().rings).toEqual([{ model: "a1", radius: 6 }]);
    tools.click({ x: 40, y: 30 }, "b1", false);
    await settle();
    expect(readout().rings).toEqual([{ model: "a1", radius: 6 }, { model: "b1", radius: 9 }]);
    expect(tools.scene().labels.map((l) => l.text)).toEqual(['6"', '9"']);
    // a click on a model ringed at another radius gives its ring the new one (no second ring)
    tools.click({ x: 10, y: 10 }, "a1", false);
    await settle();
    expect(readout().rings).toEqual([{ model: "a1", radius: 9 }, { model: "b1", radius: 9 }]);
    // a click on b1 again takes its 9" ring away rather than adding a second one
    tools.click({ x: 40, y: 30 }, "b1", false);
    await settle();
    expect(readout().rings).toEqual([{ model: "a1", radius: 9 }]);
    tools.clearMarks("ring");
    await settle();
    expect(readout().rings).toEqual([]);
  });

  it("checks a dragged unit ten times a second, halo at once, marks from the answer", async () => {
    // the question names the whole unit: a1 where the table shows it, a2 where it is dragged
    tools.moveStarted("a2", ["a2"]);
    tools.moveTo(new Map([["a2", { x: 20, y: 10 }]]));
    tools.moveTo(new Map([["a2", { x: 21, y: 10 }]]));
    expect(keys()).toEqual(["halo-a2:halo"]);
    expect(queries.calls.map((c) => c.args)).toEqual([["A", { a1: { x: 10, y: 10 }, a2: { x: 20, y: 10 } }]]);
    queries.last("unit_check").answer.resolve({ coherent: false, breaking: ["a1", "a2"], engaged_with: ["b1"], overlapping: [], off_table: [] });
    await settle();
    expect(readout().dragCheck).toMatchObject({
      unit: "A",
      positions: { a1: { x: 10, y: 10 }, a2: { x: 20, y: 10 } },
      queries: 1,
    });
    expect(keys()).toEqual(["halo-a2:halo", "breaking-a1:breaking", "breaking-a2:breaking", "engaged-b1:engaged"]);
    timers.advance(100);
    expect(queries.calls.map((c) => c.args).at(-1)).toEqual(["A", { a1: { x: 10, y: 10 }, a2: { x: 21, y: 10 } }]);
    tools.moveEnded();
    queries.last("unit_check").answer.resolve({ coherent: true, breaking: [], engaged_with: [], overlapping: [], off_table: [] });
    await settle();
    expect(readout().dragCheck).toBeNull();
    expect(keys()).toEqual([]);
  });

  it("does not check drags where the system has no such rules (the sandbox)", () => {
    tools.setTable(state, false, null);
    tools.moveStarted("a2", ["a2"]);
    tools.moveTo(new Map([["a2", { x: 20, y: 10 }]]));
    expect(queries.calls).toEqual([]);
    expect(keys()).toEqual([]);
  });

  it("clears the current tool's marks, and half-made ones when the tool changes", async () => {
    tools.setTool("ruler");
    tools.click({ x: 10, y: 10 }, "a1", false);
    tools.setTool("sight");
    await settle();
    expect(readout().ruler).toBeNull();
    tools.click({ x: 10, y: 10 }, "a1", false);
    expect(tools.clearMarks("sight")).toBe(true);
    expect(tools.clearMarks("sight")).toBe(false);
  });
});
