// window.__vantage: what a browser test may ask the page (all builds; read-only, cheap).

import type { BoardRenderer } from "./board/api";
import type { Point } from "./geometry/vec";
import type { Viewer } from "./protocol/messages";
import type { ConnectionState, GameView, Rejection } from "./state/game-store";

export interface VantageTestHooks {
  /** The first snapshot has been applied. */
  readonly ready: boolean;
  readonly v: number | null;
  readonly connection: ConnectionState;
  readonly viewer: Viewer | null;
  /** A model as the client shows it now (a pending local move included), in table inches. */
  model(id: string): { x: number; y: number; facing: number } | null;
  /** Viewport pixel coordinates of a table point (what Playwright's page.mouse expects). */
  screenPoint(x: number, y: number): Point | null;
  readonly lastRejection: Rejection | null;
}

declare global {
  interface Window {
    __vantage?: VantageTestHooks;
  }
}

export function installTestHooks(store: GameView, board: () => BoardRenderer | null): () => void {
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
      const m = store.shown.peek()?.models.find((model) => model.id === id);
      return m ? { x: m.x, y: m.y, facing: m.facing } : null;
    },
    screenPoint(x, y) {
      return board()?.tableToClient({ x, y }) ?? null;
    },
    get lastRejection() {
      return store.lastRejection.peek();
    },
  };
  window.__vantage = hooks;
  return () => {
    if (window.__vantage === hooks) delete window.__vantage;
  };
}
