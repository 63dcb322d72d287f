// r3 review #8: the 10e session's query queue had no timeout, so an answer lost for good held one
// of the four places for ever and, once four were held, every later question (ruler, line of
// sight, drag check, charge panel) queued behind them until a reconnect. The charge panel also
// stayed on "Asking…" when reading an answer threw.

import { describe, expect, it, vi } from "vitest";
import { LATE_HOLD_FACTOR } from "../src/net/query-client";
import { PROJECTED_QUERY_TIMEOUT_MS, type ProjectedSink } from "../src/net/projected-session";
import { askChargeReach } from "../src/wh40k/charge-actions";
import * as targetsQuery from "../src/wh40k/targets-query";
import { openedProjected } from "./projected-session-fake";

function session() {
  const toasts: unknown[] = [];
  const sink = {
    welcome() {},
    setConnection() {},
    applyState() {},
    forgetInFlight() {},
    addHistory() {},
    reject: (m: unknown) => toasts.push(m),
    stateVersion: () => 1,
  };
  const { session: s, socket, timers, queries } = openedProjected({ sink: sink as unknown as ProjectedSink<unknown> });
  return { s, socket, timers, queries, toasts };
}

describe("the 10e session's queries time out (r3 #8)", () => {
  it("fails a query whose answer never comes, and does not hold its place for ever", async () => {
    const { s, socket, timers, queries } = session();
    const lost = ["a", "b", "c", "d"].map((unit) => s.query({ kind: "charge_targets", unit }).catch((e: Error) => e));
    const next = s.query({ kind: "charge_targets", unit: "e" });
    expect(queries().map((m) => m.q.unit)).toEqual(["a", "b", "c", "d"]);
    timers.advance(PROJECTED_QUERY_TIMEOUT_MS);
    for (const e of await Promise.all(lost)) expect(e).toMatchObject({ reason: "timeout" });
    // the server may still be working on them for a while: "e" waits ...
    expect(queries().map((m) => m.q.unit)).toEqual(["a", "b", "c", "d"]);
    // ... but not for ever (the socket stays alive meanwhile: it answers its pings)
    for (let t = 0; t < PROJECTED_QUERY_TIMEOUT_MS * LATE_HOLD_FACTOR; t += 5_000) {
      timers.advance(5_000);
      socket.receive({ type: "pong", v: 1 });
    }
    expect(queries().map((m) => m.q.unit)).toEqual(["a", "b", "c", "d", "e"]);
    socket.receive({ type: "answer", req_id: queries()[4]!.req_id, a: ["x"] });
    await expect(next).resolves.toEqual(["x"]);
  });

  it("lets a late answer free its place at once, and a late refusal is no toast", async () => {
    const { s, socket, timers, queries, toasts } = session();
    const asks = ["a", "b", "c", "d", "e"].map((unit) => s.query({ kind: "charge_targets", unit }).catch(() => "failed"));
    timers.advance(PROJECTED_QUERY_TIMEOUT_MS);
    socket.receive({ type: "answer", req_id: queries()[0]!.req_id, a: [] });
    expect(queries().map((m) => m.q.unit)).toEqual(["a", "b", "c", "d", "e"]);
    socket.receive({ type: "rejected", req_id: queries()[1]!.req_id, code: "query/failed", message: "late" });
    socket.receive({ type: "answer", req_id: queries()[4]!.req_id, a: ["x"] });
    expect(toasts).toEqual([]);
    expect(await Promise.all(asks)).toEqual(["failed", "failed", "failed", "failed", ["x"]]);
  });
});

describe("the charge panel's question (r3 #8)", () => {
  it("maps a failed or unreadable answer to null instead of never settling", async () => {
    const ask = async (q: Record<string, unknown>) => {
      if (q["unit"] === "b") throw new Error("timed out");
      return q["unit"] === "c" ? "garbage" : ["x"];
    };
    const read = vi.spyOn(targetsQuery, "readUnitList").mockImplementation((a) => {
      if (!Array.isArray(a)) throw new Error("unreadable");
      return a as string[];
    });
    try {
      const reach = await askChargeReach(ask, ["a", "b", "c"]);
      expect([...reach]).toEqual([
        ["a", ["x"]],
        ["b", null],
        ["c", null],
      ]);
    } finally {
      read.mockRestore();
    }
  });
});
