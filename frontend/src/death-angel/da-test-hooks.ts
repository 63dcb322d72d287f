// window.__vantage for a Death Angel game: the table's hooks (no models, no board) plus the last
// projected state and its pending prompt.

import { publishTestHooks } from "../test-hooks";
import type { DaStore } from "./da-store";

export function installDaTestHooks(store: DaStore): () => void {
  return publishTestHooks({
    get ready() {
      return store.state.peek() !== null;
    },
    get v() {
      return store.stateV.peek();
    },
    get connection() {
      return store.connection.peek();
    },
    get viewer() {
      return store.viewer.peek();
    },
    model: () => null,
    screenPoint: () => null,
    get lastRejection() {
      return store.lastRejection.peek();
    },
    get state() {
      return store.state.peek();
    },
    get pending() {
      return store.state.peek()?.pending ?? null;
    },
    get idle() {
      return !store.stale.peek() && store.inFlight.peek().size === 0;
    },
  });
}
