// The level row of the side panel: which height the viewer's selected models stand at, and
// buttons (PageUp / PageDown) to raise them onto a floor or a top under them, or bring them down
// (rules decision 28: a drag never climbs). Spectators and the opponent's models get none; their
// PageUp / PageDown says why (`cannotMove`).

import { type ReadonlySignal, useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { isTypingTarget } from "../board/typing-target";
import type { ModelMove } from "../net/game-session";
import type { ModelId } from "../protocol/messages";
import type { GameView } from "../state/game-store";
import { levelLabel } from "../geometry/levels";
import { type LevelOffer, levelMove, levelOffer, stepMove } from "./level-choice";
import { modelLabel } from "./model-label";

interface Props {
  store: GameView;
  selected: ReadonlySignal<ReadonlySet<ModelId>>;
  moveModels(moves: ModelMove[]): void;
  /** True while models are dragged or turned on the table: PageUp / PageDown wait for the drop. */
  boardMoving(): boolean;
  /** PageUp / PageDown with models selected that the viewer may not move: the page says why. */
  cannotMove?(models: readonly ModelId[]): void;
}

export function LevelPanel({ store, selected, moveModels, boardMoving, cannotMove }: Props) {
  const note = useSignal<string | null>(null);
  const state = store.shown.value;
  const viewer = store.viewer.value;
  const me = viewer?.role === "player" ? viewer.player : null;
  const offer = state === null ? null : levelOffer(state, selected.value, me);

  // a new selection starts without the last choice's note
  useEffect(() => {
    note.value = null;
  }, [selected.value]);

  const choose = (z: number) => {
    const shown = store.shown.peek();
    const viewerNow = store.viewer.peek();
    const meNow = viewerNow?.role === "player" ? viewerNow.player : null;
    const now = shown === null ? null : levelOffer(shown, selected.peek(), meNow);
    if (shown === null || now === null) return;
    const { moves, cannot } = levelMove(shown, now, z);
    if (moves.length > 0) moveModels(moves);
    const names = cannot.map((id) => modelLabel(store.index.peek(), id)).join(", ");
    const where = cannot.length === 1 ? "it stands" : "they stand";
    note.value = cannot.length === 0 ? null : `No ${levelLabel(z)} under ${names}: left where ${where}.`;
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "PageUp" && e.key !== "PageDown") return;
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (boardMoving()) {
        e.preventDefault();
        return;
      }
      const shown = store.shown.peek();
      const viewerNow = store.viewer.peek();
      const meNow = viewerNow?.role === "player" ? viewerNow.player : null;
      const now = shown === null ? null : levelOffer(shown, selected.peek(), meNow);
      if (shown === null || now === null) {
        if (selected.peek().size > 0) cannotMove?.([...selected.peek()]);
        return;
      }
      e.preventDefault();
      const moves = stepMove(shown, now, e.key === "PageUp" ? 1 : -1);
      note.value = null;
      if (moves.length > 0) moveModels(moves);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store, selected, moveModels, boardMoving, cannotMove]);

  if (offer === null) return null;
  return (
    <section class="panel__section level-choice" data-testid="level-choice">
      <div class="level-choice__row" role="group" aria-label="Level the selected models stand at">
        <span class="level-choice__label">Level</span>
        <span class="segmented">
          {offer.levels.map((z) => (
            <button
              key={z}
              type="button"
              class={pressed(offer, z) ? "active" : ""}
              aria-pressed={pressed(offer, z)}
              data-level={z}
              title={levelTitle(offer, z)}
              onClick={() => choose(z)}
            >
              {levelLabel(z)}
            </button>
          ))}
        </span>
      </div>
      {note.value !== null && (
        <p class="level-choice__note muted" data-testid="level-note">
          {note.value}
        </p>
      )}
    </section>
  );
}

const pressed = (offer: LevelOffer, z: number) =>
  offer.current !== null && Math.abs(offer.current - z) <= 1e-6;

function levelTitle(offer: LevelOffer, z: number): string {
  const n = offer.counts.get(z) ?? 0;
  const all = offer.models.length;
  const who =
    n < all
      ? `${n} of ${all} selected models (the others stay)`
      : all === 1
        ? "the selected model"
        : `all ${all} selected models`;
  return z <= 1e-6
    ? `Bring ${who} down to the ground (PageDown)`
    : `Put ${who} ${levelLabel(z)} (PageUp / PageDown)`;
}
