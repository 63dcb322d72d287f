// "Undo move" at the tables: the last move this page made taken back (a new move putting its
// models where they stood, `state/own-moves.ts`), by the button or Ctrl+Z / ⌘Z. Players only.

import { useEffect } from "preact/hooks";
import { isTypingTarget } from "../board/typing-target";
import type { GameSession } from "../net/game-session";
import type { GameStore } from "../state/game-store";
import { modelLabel } from "./model-label";

/** Why nothing was undone, in words (null: it was sent, or a toast already says why not). */
export function undoNotice(result: ReturnType<GameSession["undoLastMove"]>, label: (id: string) => string): string | null {
  if (result.ok || result.reason === "offline") return null;
  if (result.reason === "nothing") return "Nothing to undo: none of your moves made on this page is left.";
  return `Cannot undo: ${label(result.model)} was moved since. Drag it back by hand.`;
}

export function UndoMoveButton({
  store,
  session,
  notify,
  dropKeyMove,
}: {
  store: GameStore;
  session: GameSession;
  notify(message: string): void;
  /** Puts back a key move or turn not sent yet: that is the move an Undo takes back then. */
  dropKeyMove(): boolean;
}) {
  const undo = () => {
    if (dropKeyMove()) return; // review s16 r3 #1: it was sent after the undo, from a stale start
    const index = store.index.peek();
    const why = undoNotice(session.undoLastMove(), (id) => modelLabel(index, id));
    if (why !== null) notify(why);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== "z" || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
      if (isTypingTarget(e.target)) return;
      if (e.repeat) {
        e.preventDefault(); // a held key takes back one move, not all of them
        return;
      }
      e.preventDefault();
      undo();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  const left = store.ownMoves.value.length;
  return (
    <button
      type="button"
      class="button"
      data-testid="undo-move"
      disabled={left === 0}
      aria-label="Undo move"
      title={
        left === 0
          ? "Your moves made on this page can be taken back here (Ctrl+Z, ⌘Z on a Mac)"
          : "Put the models of your last move back where they stood (Ctrl+Z, ⌘Z on a Mac)"
      }
      onClick={undo}
    >
      ↶ Undo
    </button>
  );
}
