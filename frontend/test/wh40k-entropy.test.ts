// When the 10e page mixes in a player's entropy on its own, and when its button may be pressed:
// the server takes one string per player between two rolls (`dice/entropy_pending`), so a second
// browser opening the seat sends none, nothing is sent before the log is read, and a refusal of
// the automatic send is no toast (audit s16 C #3).

import { describe, expect, it } from "vitest";
import { autoEntropy, entropyButtonReason, entropyPending, rolledDice } from "../src/wh40k/entropy";
import { W40Store } from "../src/wh40k/w40-store";

type E = { type: string; [k: string]: unknown };
const log = (...es: E[]) => es.map((e, i) => ({ v: i + 1, e }));
const mixed = (player: string): E => ({ type: "entropy_contributed", player });
const rollOff: E = { type: "roll_off", purpose: "objectives", dice: { p1: [6, 2], p2: [6, 3] }, winner: "p2" };
const placed: E = { type: "objective_placed", player: "p2", objective: { id: "o1", x: 15, y: 13 } };

describe("rolledDice", () => {
  it("finds the dice an event rolled, wherever the event keeps them", () => {
    expect(rolledDice(rollOff)).toBe(true);
    expect(rolledDice({ type: "advance_rolled", unit: "u", dice: [4] })).toBe(true);
    expect(rolledDice({ type: "weapon_resolved", dice: { attacks: [], hit: [3, 5], wound: [] } })).toBe(true);
    expect(rolledDice({ type: "waiting", pending: { kind: "reroll", detail: { roll: "hit", dice: ["2"] } } })).toBe(true);
    expect(rolledDice({ type: "mortal_queued", jobs: [{ unit: "u", dice: [6, 2] }] })).toBe(true);
    expect(rolledDice({ type: "mortal_wounds_rolled", dice: [], feel_no_pain: [5] })).toBe(true);
    expect(rolledDice({ type: "rerolled", player: "p1", roll: "hit", unit: "u", old: [1], new: [4] })).toBe(true);
  });

  it("finds none in an event that rolled nothing", () => {
    expect(rolledDice(placed)).toBe(false);
    expect(rolledDice(mixed("p1"))).toBe(false);
    expect(rolledDice({ type: "mortal_paused", dice: [], after: "active" })).toBe(false);
    expect(rolledDice({ type: "waiting", pending: { kind: "act", detail: {} } })).toBe(false);
    expect(rolledDice({ type: "weapon_resolved", dice: { hit: [], wound: [] } })).toBe(false);
  });
});

describe("entropyPending", () => {
  it("is true from a player's entropy until dice are rolled", () => {
    expect(entropyPending(log(rollOff), "p1")).toBe(false);
    expect(entropyPending(log(rollOff, mixed("p1")), "p1")).toBe(true);
    expect(entropyPending(log(rollOff, mixed("p1"), mixed("p2"), placed), "p1")).toBe(true);
    expect(entropyPending(log(rollOff, mixed("p1"), mixed("p2"), placed), "p2")).toBe(true);
    expect(entropyPending(log(mixed("p1"), rollOff), "p1")).toBe(false);
    expect(entropyPending(log(mixed("p1"), rollOff, mixed("p1")), "p1")).toBe(true);
  });
});

describe("autoEntropy", () => {
  const base = { player: "p1", ready: true, over: false, historyLoaded: true, events: log(rollOff), sentBefore: false };

  it("sends once the whole log is read and holds none of the player's", () => {
    expect(autoEntropy(base)).toBe(true);
    expect(autoEntropy({ ...base, historyLoaded: false })).toBe(false);
    expect(autoEntropy({ ...base, ready: false })).toBe(false);
  });

  it("sends nothing from a second browser on the seat, while pending or after", () => {
    expect(autoEntropy({ ...base, events: log(rollOff, mixed("p1")) })).toBe(false);
    expect(autoEntropy({ ...base, events: log(mixed("p1"), rollOff) })).toBe(false);
    expect(autoEntropy({ ...base, sentBefore: true })).toBe(false);
    // the other player's entropy is not this seat's
    expect(autoEntropy({ ...base, events: log(rollOff, mixed("p2")) })).toBe(true);
  });

  it("sends nothing for a spectator or once the game is over", () => {
    expect(autoEntropy({ ...base, player: null })).toBe(false);
    expect(autoEntropy({ ...base, over: true })).toBe(false);
  });
});

describe("autoEntropy and the server's word", () => {
  it("sends nothing while the server holds the player's string", () => {
    const base = { player: "p1", ready: true, over: false, historyLoaded: true, events: log(rollOff), sentBefore: false };
    expect(autoEntropy(base)).toBe(true);
    expect(autoEntropy({ ...base, serverPending: ["p1"] })).toBe(false);
    expect(autoEntropy({ ...base, serverPending: ["p2"] })).toBe(true);
  });
});

describe("entropyButtonReason", () => {
  it("disables the button, saying why, while the server would refuse it", () => {
    expect(entropyButtonReason({ events: log(rollOff), player: "p1", sending: false })).toBeNull();
    expect(entropyButtonReason({ events: log(rollOff, mixed("p1")), player: "p1", sending: false })).toMatch(/next roll/);
    expect(entropyButtonReason({ events: log(mixed("p1"), rollOff), player: "p1", sending: false })).toBeNull();
    expect(entropyButtonReason({ events: log(rollOff), player: "p1", sending: true })).toBe("Sending…");
  });

  it("takes the server's word when it has one: a resumed attack's dice are no new roll (review s16)", () => {
    // The attack paused for the defender's allocation; p1 added entropy; the allocation resumed
    // it, and its result shows dice rolled before the pause: the server still holds p1's string.
    const paused: E = { type: "attack_paused", dice: [3, 5] };
    const resolved: E = { type: "weapon_resolved", dice: { hit: [3, 5], wound: [4] } };
    const events = log(rollOff, paused, mixed("p1"), { type: "allocation_chosen", model: "m" }, resolved);
    expect(entropyPending(events, "p1")).toBe(false); // the log alone cannot tell
    expect(entropyButtonReason({ events, player: "p1", sending: false, serverPending: ["p1"] })).toMatch(/next roll/);
    expect(entropyButtonReason({ events, player: "p1", sending: false, serverPending: ["p2"] })).toBeNull();
    // the view may lag an event behind: the log's own entropy still counts
    expect(entropyButtonReason({ events: log(rollOff, mixed("p1")), player: "p1", sending: false, serverPending: [] })).toMatch(/next roll/);
  });
});

describe("W40Store", () => {
  it("says when the history is in, even an empty one", () => {
    const store = new W40Store();
    expect(store.historyLoaded.value).toBe(false);
    store.addHistory([]);
    expect(store.historyLoaded.value).toBe(true);
  });

  it("takes a refusal of a quiet intent without a toast, and others as before", () => {
    const store = new W40Store();
    store.sent("auto");
    store.sent("click");
    store.quietly("auto");
    const pending = { type: "rejected" as const, code: "dice/entropy_pending", message: "your last entropy is still to be used" };
    store.reject({ ...pending, intent_id: "auto" });
    expect(store.lastRejection.value).toBeNull();
    expect(store.inFlight.value.has("auto")).toBe(false);
    store.reject({ ...pending, intent_id: "click" });
    expect(store.lastRejection.value?.intentId).toBe("click");
    expect(store.inFlight.value.size).toBe(0);
  });
});
