// Mounts the board renderer and feeds it from the store. The only place that joins the two:
// drag frames stay inside the renderer and never touch the virtual DOM. The table tools ask the
// server through `queries` and report to `tools`.

import { effect } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import type { BoardCallbacks, BoardRenderer } from "../board/api";
import { createKonvaBoard } from "../board/konva/konva-board";
import { dragRules } from "../board/tools/drag-rules";
import type { TableQueries } from "../protocol/table-queries";
import type { GameView } from "../state/game-store";
import type { TableTools } from "./table-tools";

interface Props {
  store: GameView;
  callbacks: BoardCallbacks;
  onReady(board: BoardRenderer | null): void;
  tools?: TableTools;
  queries?: TableQueries | null;
}

export function BoardView({ store, callbacks, onReady, tools, queries = null }: Props) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const withTools = tools ? { ...callbacks, toolReadout: tools.report } : callbacks;
    const board = createKonvaBoard(el, withTools, queries);
    const stop = effect(() => {
      const state = store.shown.value;
      if (state === null) return;
      const viewer = store.viewer.value;
      const system = store.system.value;
      board.setView({
        state,
        pending: store.pending.value,
        mover: viewer?.role === "player" ? viewer.player : null,
        dragRules: dragRules(system),
        // every refereed table turns models and shows heights (rules decisions 27 and 28)
        turnable: true,
        facingArc: system === "deathmatch",
        heights: true,
      });
    });
    tools?.attach(board);
    onReady(board);
    return () => {
      stop();
      tools?.attach(null);
      onReady(null);
      board.destroy();
    };
  }, []);
  return <div class="board" ref={host} data-testid="board" />;
}
