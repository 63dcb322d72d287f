import { beforeEach, describe, expect, it } from "vitest";
import { DaSession } from "../src/death-angel/da-session";
import { DaStore } from "../src/death-angel/da-store";
import { ATTACK_P1, ATTACK_SPECTATOR, SELECT_P1 } from "./death-angel-fixtures";
import { FakeSocket, ManualTimers } from "./fakes";

const welcome = (v: number) => ({
  type: "welcome",
  game: "g1",
  system: "death-angel",
  viewer: { player: "p1", role: "player" },
  v,
});

describe("DaSession", () => {
  let timers: ManualTimers;
  let sockets: FakeSocket[];
  let store: DaStore;
  let session: DaSession;
  let views: { v: number; state: unknown }[];
  let fetched: number;

  const socket = (): FakeSocket => {
    const s = sockets.at(-1);
    if (!s) throw new Error("no socket");
    return s;
  };
  const flush = async () => {
    timers.advance(100);
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };

  beforeEach(() => {
    timers = new ManualTimers();
    sockets = [];
    views = [];
    fetched = 0;
    store = new DaStore();
    session = new DaSession({
      store,
      url: (since) => `ws://x/ws/games/g1?token=t${since === null ? "" : `&since=${since}`}`,
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      timers,
      fetchView: async () => {
        fetched += 1;
        const view = views.shift();
        if (!view) throw new Error("no view");
        return view;
      },
      newIntentId: () => `i${socket().sent.length}`,
    });
    session.start();
    socket().open();
    socket().receive(welcome(14));
    socket().receive({ type: "snapshot", v: 14, state: SELECT_P1 });
  });

  it("shows the snapshot and asks once for the pack's names", async () => {
    expect(store.state.value?.round).toBe(1);
    expect(store.stateV.value).toBe(14);
    expect(store.stale.value).toBe(false);
    expect(socket().sent).toEqual([{ type: "query", req_id: 1, q: { kind: "pack" } }]);
    socket().receive({
      type: "answer",
      req_id: 1,
      a: {
        teams: [{ id: "cobalt", name: "Cobalt", marines: [{ id: "tiber", name: "Brother T." }] }],
      },
    });
    views.push({ v: 14, state: SELECT_P1 }); // the refresh a snapshot also asks for
    await flush();
    expect(store.names.value.marine("tiber")).toBe("Brother T.");
    expect(socket().sent).toHaveLength(1);
  });

  it("logs each event and refreshes the state once after a burst", async () => {
    views.push({ v: 16, state: ATTACK_P1 });
    socket().receive({ type: "event", v: 15, e: { type: "actions_selected", player: "p2" } });
    socket().receive({ type: "event", v: 16, e: { type: "round_started", round: 2 } });
    expect(store.stale.value).toBe(true);
    expect(store.log.value.map((l) => l.line.text)).toEqual([
      "Player 2 has chosen.",
      "Round 2: choose action cards.",
    ]);
    await flush();
    expect(fetched).toBe(1);
    expect(store.stateV.value).toBe(16);
    expect(store.state.value?.pending?.kind).toBe("attack");
    expect(store.stale.value).toBe(false);
  });

  it("ignores an older state than the one shown", () => {
    store.applyState(10, store.state.value ?? ({} as never));
    expect(store.stateV.value).toBe(14);
  });

  it("sends select_actions version-free and other commands at the shown version", () => {
    socket().sent.length = 0;
    session.send({ type: "select_actions", round: 1, cards: ["cobalt-oath", "ivory-ward"] });
    session.send({ type: "end_action" });
    expect(socket().sent).toEqual([
      {
        type: "intent",
        intent_id: "i0",
        expected_v: null,
        cmd: { type: "select_actions", round: 1, cards: ["cobalt-oath", "ivory-ward"] },
      },
      { type: "intent", intent_id: "i1", expected_v: 14, cmd: { type: "end_action" } },
    ]);
    expect(store.inFlight.value.size).toBe(2);
    socket().receive({ type: "ack", intent_id: "i0", v: 15 });
    socket().receive({
      type: "rejected",
      intent_id: "i1",
      code: "turn/unexpected_command",
      message: "end_action does not answer select_actions",
    });
    expect(store.inFlight.value.size).toBe(0);
    expect(store.lastRejection.value).toMatchObject({
      code: "turn/unexpected_command",
      intentId: "i1",
    });
  });

  it("keeps the spectator's view as the server redacted it", async () => {
    views.push({ v: 15, state: ATTACK_SPECTATOR });
    socket().receive({ type: "event", v: 15, e: { type: "event_drawn", player: "p1" } });
    await flush();
    expect(store.state.value?.hand).toEqual([]);
    expect(store.state.value?.pending?.options).toBeNull();
  });

  it("refuses to send while offline, and says so", () => {
    socket().drop();
    expect(session.send({ type: "reroll" })).toBeNull();
    expect(store.lastRejection.value?.code).toBe("client/offline");
    expect(store.inFlight.value.size).toBe(0);
  });
});

describe("DaSession's pack comes once", () => {
  const PACK = {
    format: 1,
    id: "p",
    title: "P",
    teams: [{ id: "cobalt", name: "Cobalt", marines: [{ id: "tiber", name: "Brother T." }] }],
  };

  function started(history: () => Promise<{ events: []; setup?: unknown }>) {
    const timers = new ManualTimers();
    const sockets: FakeSocket[] = [];
    const store = new DaStore();
    let exports = 0;
    const session = new DaSession({
      store,
      url: () => "ws://x/ws/games/g1?token=t",
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      timers,
      fetchView: async () => ({ v: 14, state: SELECT_P1 }),
      fetchHistory: () => {
        exports += 1;
        return history();
      },
    });
    session.start();
    const s = sockets[0];
    if (!s) throw new Error("no socket");
    s.open();
    s.receive(welcome(14));
    s.receive({ type: "snapshot", v: 14, state: SELECT_P1 });
    const flush = async () => {
      timers.advance(100);
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    };
    const queries = () => s.sent.filter((m) => (m as { type: string }).type === "query");
    return { store, s, flush, queries, exports: () => exports, stop: () => session.stop() };
  }

  it("reads the pack from the export the log asks for, and does not query it again", async () => {
    const g = started(async () => ({ events: [], setup: { seats: 2, rules_revision: 4, pack: PACK } }));
    await g.flush();
    expect(g.exports()).toBe(1);
    expect(g.store.names.value.marine("tiber")).toBe("Brother T.");
    expect(g.queries()).toEqual([]);
  });

  it("asks for the earlier events again when the fetch fails, a few times (review s16)", async () => {
    let calls = 0;
    const g = started(async () => {
      calls += 1;
      if (calls < 3) throw new Error("502");
      return { events: [], setup: { seats: 2, rules_revision: 4, pack: PACK } };
    });
    await g.flush();
    expect(g.exports()).toBe(1);
    for (let i = 0; i < 2; i += 1) {
      for (let t = 0; t < 31; t += 1) await g.flush(); // 3.1 s of the manual clock
    }
    expect(g.exports()).toBe(3);
    expect(g.store.names.value.marine("tiber")).toBe("Brother T.");
    for (let t = 0; t < 100; t += 1) await g.flush();
    expect(g.exports()).toBe(3); // once in, never asked again
  });

  it("stops asking for the earlier events once the session is stopped (review s16 r2 #8)", async () => {
    const g = started(async () => {
      throw new Error("502");
    });
    await g.flush();
    expect(g.exports()).toBe(1);
    g.stop();
    for (let t = 0; t < 200; t += 1) await g.flush();
    expect(g.exports()).toBe(1);
  });

  it("queries the pack once when the export names none (a game stored before E16)", async () => {
    const g = started(async () => ({ events: [], setup: { seats: 2 } }));
    await g.flush();
    expect(g.queries()).toEqual([{ type: "query", req_id: 1, q: { kind: "pack" } }]);
    g.s.receive({ type: "answer", req_id: 1, a: PACK });
    await g.flush();
    expect(g.store.names.value.marine("tiber")).toBe("Brother T.");
    expect(g.queries()).toHaveLength(1);
  });

  it("queries the pack when the export fails", async () => {
    const g = started(async () => {
      throw new Error("500");
    });
    await g.flush();
    expect(g.queries()).toHaveLength(1);
  });
});
