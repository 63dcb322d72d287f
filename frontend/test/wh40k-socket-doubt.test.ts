// r3 review #3: after the browser says it went offline the badge says "Reconnecting…" while the
// socket is in doubt; the `online` event then replaces that socket and forgets what was in
// flight. An intent sent in doubt was written to the doomed socket and lost without a word, and
// a planned move's watch (W40Control.sendPlanned) waited forever.

import { describe, expect, it } from "vitest";
import { movePlan } from "../src/wh40k/plan-start";
import { W40Control } from "../src/wh40k/w40-control";
import { W40Store } from "../src/wh40k/w40-store";
import type { W40Command, W40State } from "../src/wh40k/wire";
import type { FakeSocket } from "./fakes";
import { openedProjected } from "./projected-session-fake";
import { fixture } from "./wh40k-fixture";

function game() {
  const store = new W40Store();
  const state = fixture();
  // the refresh never lands: the snapshot is shown
  const { session, socket, sockets } = openedProjected<W40State, W40Command>({ sink: store, snapshot: state });
  const control = new W40Control(store, session);
  control.plan.value = movePlan(state, "p1-a", "move");
  const intents = (s: FakeSocket) => s.sent.filter((m) => (m as { type: string }).type === "intent");
  return { session, store, control, sockets, socket, intents };
}

const cmd = { type: "end_phase" } as unknown as W40Command;

describe("an intent while the connection is in doubt (r3 #3)", () => {
  it("is not sent: the player is told nothing was sent, and the plan stays", () => {
    const { session, store, control, socket, intents } = game();
    session.networkLost();
    expect(store.connection.value).toBe("reconnecting");
    control.sendPlanned(cmd);
    expect(intents(socket)).toEqual([]);
    expect(store.lastRejection.value).toMatchObject({ code: "client/offline" });
    expect(store.inFlight.value.size).toBe(0);
    expect(control.plan.value).not.toBeNull();
    // back online: the doubted socket is replaced; nothing was lost on it
    session.retryNow();
    expect(socket.closedWith).not.toBeNull();
  });

  it("a planned move in flight when the socket is replaced: its watch ends, the plan stays", () => {
    const { session, store, control, socket, intents } = game();
    control.sendPlanned(cmd);
    const [sent] = intents(socket) as { intent_id: string }[];
    expect(store.inFlight.value.has(sent!.intent_id)).toBe(true);
    session.networkLost();
    session.retryNow(); // the online event: in doubt, so resumed on a fresh socket
    expect(store.inFlight.value.size).toBe(0);
    expect(control.plan.value).not.toBeNull();
    // the watch is over: a stray ack of that id (it cannot come now) no longer ends the plan
    store.acks.value = new Map([[sent!.intent_id, 1]]);
    expect(control.plan.value).not.toBeNull();
  });
});
