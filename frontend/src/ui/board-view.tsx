// Mounts the board renderer and feeds it from the store. The only place that joins the two:
// drag frames stay inside the renderer and never touch the virtual DOM.

import { effect } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import type { BoardCallbacks, BoardRenderer } from "../board/api";
import { createKonvaBoard } from "../board/konva/konva-board";
import type { GameView } from "../state/game-store";

interface Props {
  store: GameView;
  callbacks: BoardCallbacks;
  onReady(board: BoardRenderer | null): void;
}

export function BoardView({ store, callbacks, onReady }: Props) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const board = createKonvaBoard(el, callbacks);
    const stop = effect(() => {
      const state = store.shown.value;
      if (state === null) return;
      const viewer = store.viewer.value;
      board.setView({
        state,
        pending: store.pending.value,
        mover: viewer?.role === "player" ? viewer.player : null,
      });
    });
    onReady(board);
    return () => {
      stop();
      onReady(null);
      board.destroy();
    };
  }, []);
  return <div class="board" ref={host} data-testid="board" />;
}
