// h4 walkthrough (s15) #14: refusal toasts stayed, stacked and repeated. The 10e page re-words a
// refusal whenever its names change (every new state), and each re-wording was shown as a new
// toast; the same refusal twice was two toasts.

import { describe, expect, it } from "vitest";
import {
  type ToastList,
  type ToastRefusal,
  CLEAR_GRACE_MS,
  MAX_TOASTS,
  addToast,
  dropToasts,
  passedToasts,
} from "../src/ui/refusal-words";

const empty: ToastList<ToastRefusal> = { shown: [], last: {} };
const r = (seq: number, message = "the marker must be 6\" from an edge", code = "rule/edge"): ToastRefusal => ({ code, message, seq });

describe("the toast list (h4 #14)", () => {
  it("does not show a refusal again when only its words change", () => {
    const one = addToast(empty, "server", r(1, "p1-a is too far"), 1);
    expect(one.added?.key).toBe(1);
    const reworded = addToast(one.list, "server", r(1, "Alpha is too far"), 2);
    expect(reworded.added).toBeNull();
    expect(reworded.list.shown.map((s) => s.r.message)).toEqual(["Alpha is too far"]);
    // timed out, then re-worded again (a new state): still not shown again
    const gone = dropToasts(reworded.list, [1]);
    expect(addToast(gone, "server", r(1, "Alpha #1 is too far"), 3).list.shown).toEqual([]);
  });

  it("shows the same refusal twice once, counted", () => {
    const one = addToast(empty, "server", r(1), 1);
    const two = addToast(one.list, "server", r(2), 2);
    expect(two.list.shown).toHaveLength(1);
    expect(two.list.shown[0]).toMatchObject({ key: 2, times: 2 });
    expect(two.removed).toEqual([1]);
  });

  it("keeps at most three, the newest", () => {
    let list = empty;
    const removed: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const next = addToast(list, "server", r(i, `refusal ${i}`), i);
      list = next.list;
      removed.push(...next.removed);
    }
    expect(list.shown.map((s) => s.key)).toEqual([3, 4, 5]);
    expect(list.shown).toHaveLength(MAX_TOASTS);
    expect(removed).toEqual([1, 2]);
  });

  it("counts the page's and the server's refusals apart", () => {
    const one = addToast(empty, "server", r(1, "server says no", "a"), 1);
    const two = addToast(one.list, "page", r(1, "page says no", "b"), 2);
    expect(two.list.shown.map((s) => s.key)).toEqual([1, 2]);
  });
});

// r3 review #4: the step-change clear wiped a refusal the change itself caused (the opponent's
// step ended first: intent/stale_version arrives, then the refreshed state with the new step).
describe("the toasts a situation change clears (r3 #4)", () => {
  it("spares a refusal that came in the last moment, and clears older ones", () => {
    const old = addToast(empty, "server", r(1, "Alpha is too far", "rule/move"), 1, 10_000);
    const stale = addToast(old.list, "server", r(2, "the table changed before this arrived", "intent/stale_version"), 2, 20_000);
    // the refreshed state (new step) lands an HTTP fetch after the refusal
    expect(passedToasts(stale.list, 20_300)).toEqual([1]);
    expect(passedToasts(stale.list, 20_000 + CLEAR_GRACE_MS + 1)).toEqual([1, 2]);
    expect(CLEAR_GRACE_MS).toBeGreaterThanOrEqual(1000);
  });

  it("dates a counted repeat from its last arrival", () => {
    const one = addToast(empty, "server", r(1), 1, 1_000);
    const two = addToast(one.list, "server", r(2), 2, 9_000);
    expect(passedToasts(two.list, 9_500)).toEqual([]);
  });
});
