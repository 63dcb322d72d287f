// h4 walkthrough (s15) #14: refusal toasts stayed, stacked and repeated. The 10e page re-words a
// refusal whenever its names change (every new state), and each re-wording was shown as a new
// toast; the same refusal twice was two toasts.

import { describe, expect, it } from "vitest";
import { type ToastList, type ToastRefusal, MAX_TOASTS, addToast, dropToasts } from "../src/ui/refusal-words";

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
