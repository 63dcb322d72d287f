// window.__vantage for a 10th-edition game (read-only): the projected state, its pending
// decision, whether the page is idle, where a model is shown (a planned move included) and
// where a table point is on screen, and the table tools (ruler, rings, sight, drag check).

import { type VantageTestHooks, publishTestHooks } from "../test-hooks";
import { toolTestHooks } from "../ui/tool-test-hooks";
import { shownTable } from "./board-state";
import type { W40Control } from "./w40-control";

export function installW40TestHooks(control: W40Control): () => void {
  const store = control.store;
  const hooks: VantageTestHooks = {
    get ready() {
      return store.state.peek() !== null;
    },
    get v() {
      return store.v.peek();
    },
    get connection() {
      return store.connection.peek();
    },
    get viewer() {
      return store.viewer.peek();
    },
    model(id) {
      const state = store.state.peek();
      const m = state && shownTable(state, control.plan.peek()).state.models.find((x) => x.id === id);
      return m ? { x: m.x, y: m.y, facing: m.facing } : null;
    },
    screenPoint(x, y) {
      return control.board?.tableToClient({ x, y }) ?? null;
    },
    get lastRejection() {
      return store.lastRejection.peek();
    },
    get state() {
      return store.state.peek();
    },
    get pending() {
      return store.state.peek()?.game.pending ?? null;
    },
    get idle() {
      return store.idle.peek();
    },
  };
  const tools = toolTestHooks(control.tools.readout);
  Object.defineProperties(hooks, Object.getOwnPropertyDescriptors(tools));
  return publishTestHooks(hooks);
}
