// window.__vantage: what a browser test may ask the page (all builds; read-only, cheap).

import type { BoardRenderer } from "./board/api";
import type { Point } from "./geometry/vec";
import type { Viewer } from "./protocol/messages";
import type { ConnectionState, GameView, Rejection } from "./state/game-store";
import type { ToolTestHooks } from "./ui/tool-test-hooks";

/** The table tools' part (tool, ruler, rings, sight, dragCheck) is there on table pages. */
export interface VantageTestHooks extends Partial<ToolTestHooks> {
  /** The first snapshot has been applied. */
  readonly ready: boolean;
  readonly v: number | null;
  readonly connection: ConnectionState;
  readonly viewer: Viewer | null;
  /** A model as the client shows it now (a pending local move included), in table inches. */
  model(id: string): { x: number; y: number; z?: number; facing: number } | null;
  /** Viewport pixel coordinates of a table point (what Playwright's page.mouse expects). */
  screenPoint(x: number, y: number): Point | null;
  readonly lastRejection: Rejection | null;
  /** The name tooltip's text, if shown; the keys of the names that had no room. */
  readonly tooltip?: string | null;
  readonly hiddenLabels?: string[];
  /** Card games (death-angel): the last projected state the server sent, and its prompt. */
  readonly state?: unknown;
  readonly pending?: unknown;
  /** The state shown is the server's latest and no command awaits an answer. */
  readonly idle?: boolean;
}

declare global {
  interface Window {
    __vantage?: VantageTestHooks;
  }
}

export function installTestHooks(
  store: GameView,
  board: () => BoardRenderer | null,
  tools?: ToolTestHooks,
): () => void {
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
      return m ? { x: m.x, y: m.y, z: m.z, facing: m.facing } : null;
    },
    screenPoint(x, y) {
      return board()?.tableToClient({ x, y }) ?? null;
    },
    get lastRejection() {
      return store.lastRejection.peek();
    },
    get tooltip() {
      return board()?.tooltipText() ?? null;
    },
    get hiddenLabels() {
      return board()?.hiddenLabels() ?? [];
    },
  };
  if (tools) Object.defineProperties(hooks, Object.getOwnPropertyDescriptors(tools));
  return publishTestHooks(hooks);
}

/** Put `hooks` on `window.__vantage`; the returned function takes them off again. */
export function publishTestHooks(hooks: VantageTestHooks): () => void {
  window.__vantage = hooks;
  return () => {
    if (window.__vantage === hooks) delete window.__vantage;
  };
}
