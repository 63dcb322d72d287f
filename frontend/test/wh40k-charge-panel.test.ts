// h4 walkthrough (s15) #4 and #10: the charge panel asks about every unit at once, so the session
// must not send more than the server answers (it refuses a fifth with `query/busy`), a unit with
// no answer is never offered, and a unit that may not charge says why.

import { describe, expect, it } from "vitest";
import type { ProjectedSink } from "../src/net/projected-session";
import { chargeLists } from "../src/wh40k/charge-actions";
import { offers } from "../src/wh40k/offered-actions";
import { fixture, status } from "./wh40k-fixture";
import { openedProjected } from "./projected-session-fake";

function session() {
  const sink = { welcome() {}, setConnection() {}, applyState() {}, forgetInFlight() {}, addHistory() {}, stateVersion: () => 1 };
  const { session: s, socket, queries } = openedProjected({
    sink: sink as unknown as ProjectedSink<unknown>,
    fetchView: async () => ({ v: 1, state: {} }),
    snapshot: {},
  });
  return { s, socket, queries };
}

describe("queries over the 10e session (h4 #4)", () => {
  it("sends at most four at once and the rest as answers come back", async () => {
    const { s, socket, queries } = session();
    const answers = ["a", "b", "c", "d", "e", "f"].map((unit) => s.query({ kind: "charge_targets", unit }));
    expect(queries().map((m) => m.q.unit)).toEqual(["a", "b", "c", "d"]);
    socket.receive({ type: "answer", req_id: queries()[0]!.req_id, a: { units: ["x"] } });
    expect(queries().map((m) => m.q.unit)).toEqual(["a", "b", "c", "d", "e"]);
    socket.receive({ type: "rejected", req_id: queries()[1]!.req_id, code: "query/unknown", message: "no" });
    expect(queries().map((m) => m.q.unit)).toEqual(["a", "b", "c", "d", "e", "f"]);
    await expect(answers[0]).resolves.toEqual({ units: ["x"] });
    await expect(answers[1]).rejects.toThrow("no");
    for (const m of queries().slice(2)) socket.receive({ type: "answer", req_id: m.req_id, a: { units: [] } });
    await expect(Promise.all(answers.slice(2))).resolves.toHaveLength(4);
  });

  it("fails the queued ones too when the socket goes", async () => {
    const { s, socket } = session();
    const answers = ["a", "b", "c", "d", "e"].map((unit) => s.query({ kind: "charge_targets", unit }).catch(() => "lost"));
    socket.drop();
    expect(await Promise.all(answers)).toEqual(["lost", "lost", "lost", "lost", "lost"]);
  });
});

describe("the charge list (h4 #4)", () => {
  it("offers only units the server listed an enemy for; no answer is not able", () => {
    const reach = new Map<string, readonly string[] | null>([
      ["a", ["x"]],
      ["b", []],
      ["c", null],
    ]);
    expect(chargeLists(["a", "b", "c", "d"], reach)).toEqual({ able: ["a"], out: ["b"], unknown: ["c", "d"] });
    expect(chargeLists(["a"], null).able).toEqual([]);
  });
});

describe("why a unit may not charge (h4 #10)", () => {
  const charge = (over: Parameters<typeof status>[2]) => {
    const s = fixture();
    s.game.phase = "charge";
    s.game.units["p1-a"] = status("p1-a", "p1", over);
    return offers(s, "p1").main;
  };

  it("names Advanced, Fell Back and a disembark from a moved transport", () => {
    expect(charge({ move: "advance" })).toEqual({
      kind: "charge",
      units: [],
      unable: [{ unit: "p1-a", why: "it Advanced this turn (§4.6)" }],
    });
    expect(charge({ move: "fall_back" })).toMatchObject({ unable: [{ unit: "p1-a", why: "it Fell Back this turn (§4.6)" }] });
    expect(charge({ move: "normal", cannot_charge: true, disembarked_now: true })).toMatchObject({
      units: [],
      unable: [{ unit: "p1-a", why: "it disembarked from a transport that had moved (§3.7)" }],
    });
  });

  it("offers a unit free to charge, and leaves out one that has charged", () => {
    expect(charge({ move: "normal" })).toEqual({ kind: "charge", units: ["p1-a"], unable: [] });
    expect(charge({ charged: true })).toEqual({ kind: "charge", units: [], unable: [] });
  });
});
