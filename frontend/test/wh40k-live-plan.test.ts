import { describe, expect, it } from "vitest";
import type { ProjectedSession } from "../src/net/projected-session";
import { longestPath } from "../src/wh40k/move-plan";
import { movePlan } from "../src/wh40k/plan-start";
import { W40Control } from "../src/wh40k/w40-control";
import { W40Store } from "../src/wh40k/w40-store";
import type { W40Command, W40State } from "../src/wh40k/wire";
import { fixture } from "./wh40k-fixture";

/** A control over a store showing `state`; nothing is sent (the session is never used). */
function controlOf(state: W40State): W40Control {
  const store = new W40Store();
  store.applyState(1, state);
  return new W40Control(store, {} as ProjectedSession<W40State, W40Command>);
}

describe("the plan while dragging", () => {
  it("counts the distance to where the dragged models are now, before the drop", () => {
    const s = fixture();
    const control = controlOf(s);
    control.plan.value = movePlan(s, "p1-a", "move");
    control.dragging.value = [
      { model: "p1-a-1", to: { x: 10, y: 13 } },
      { model: "p1-a-2", to: { x: 11.5, y: 14 } },
    ];
    expect(longestPath(control.livePlan.value!)).toBeCloseTo(4);
    expect(control.plan.value.steps).toHaveLength(0); // the plan itself waits for the drop
    control.dragging.value = null;
    expect(longestPath(control.livePlan.value!)).toBe(0);
  });

  it("puts a charging model dropped near an enemy base against it, as the drop does", () => {
    const s = fixture();
    s.game.phase = "charge";
    s.game.charge_roll = 20;
    const control = controlOf(s);
    control.plan.value = movePlan(s, "p1-a", "charge");
    // 32 mm bases (0.63") at 10,30: dropped 0.2" short of contact, the base goes against it
    control.dragging.value = [{ model: "p1-a-1", to: { x: 10, y: 30 - 1.26 - 0.2 } }];
    expect(longestPath(control.livePlan.value!)).toBeCloseTo(20 - 1.26, 1);
  });
});
