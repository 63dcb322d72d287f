// What the viewer is asked now, and what a click on the table means: a thing with one choice
// sends it when the prompt asks to pick one thing, else a tap focuses it (the prompt bar then
// lists just its choices, to confirm with a button).

import { type ReadonlySignal, type Signal, useComputed, useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import type { DaStore } from "./da-store";
import { type Ask, type Choice, anchoredKeys, askOf, choicesAt, loggedDefenceTerms, tapOn } from "./prompt-choices";
import type { DaCommand } from "./wire";

export interface AskControl {
  ask: ReadonlySignal<Ask>;
  /** Table things a choice involves (highlighted), by `anchorKey`. */
  targets: ReadonlySignal<ReadonlySet<string>>;
  /** The focused table thing, if any. */
  focus: ReadonlySignal<string | null>;
  /** The choices to list: the focused thing's, else all. */
  listed: ReadonlySignal<readonly Choice[]>;
  /** The prompt bar lists every choice even when there are many (until the prompt changes). */
  unfolded: Signal<boolean>;
  /** Action cards picked in the hand and not yet confirmed (team → card), for this round's
   * choice only: the hand marks them and the squad panel says which card each team has. */
  draft: Signal<ReadonlyMap<string, string>>;
  /** Choices wait while a command is in flight or the state is catching up. */
  busy: ReadonlySignal<boolean>;
  click(key: string): void;
  /** An explicit confirmation on a thing (a sheet's button): its one choice is sent; with
   * several, the thing is focused so that the prompt lists them. */
  confirm(key: string): void;
  clearFocus(): void;
  send(cmd: DaCommand): void;
}

export function useAsk(store: DaStore, send: (cmd: DaCommand) => void): AskControl {
  const focus = useSignal<string | null>(null);
  const unfolded = useSignal(false);
  const draft = useSignal<ReadonlyMap<string, string>>(new Map());
  const ask = useComputed(() => {
    const state = store.state.value;
    if (state === null) return { kind: "wait", text: "Loading the game…" } satisfies Ask;
    // A defence re-roll says what he needs, by the terms the server logged with the roll.
    const p = state.pending;
    const marine = p?.kind === "reroll" ? p.info["marine"] : undefined;
    const defence =
      typeof marine === "string" ? loggedDefenceTerms(store.events.value, marine) : null;
    return askOf(state, store.viewer.value?.player ?? null, store.names.value, defence);
  });
  const targets = useComputed(() => anchoredKeys(ask.value));
  const busy = useComputed(() => store.inFlight.value.size > 0 || store.stale.value);
  const listed = useComputed(() => {
    const a = ask.value;
    if (a.kind !== "choices") return [];
    const key = focus.value;
    const at = key === null ? [] : choicesAt(a, key);
    return at.length > 0 ? [...at, ...a.choices.filter((c) => c.anchors.length === 0)] : a.choices;
  });

  // A new prompt (or a new version of it) drops the focus and folds a long list again.
  const stateV = store.stateV.value;
  useEffect(() => {
    focus.value = null;
    unfolded.value = false;
  }, [stateV, focus, unfolded]);

  // Picks are for one round's choice: a new round starts with none.
  const a = ask.value;
  const selectRound = a.kind === "select_actions" ? a.round : null;
  useEffect(() => {
    draft.value = new Map();
  }, [selectRound, draft]);

  return {
    ask,
    draft,
    targets,
    focus,
    listed,
    unfolded,
    busy,
    click(key) {
      if (busy.peek()) return;
      const tap = tapOn(ask.peek(), key, focus.peek());
      if ("send" in tap) send(tap.send);
      else focus.value = tap.focus;
    },
    confirm(key) {
      if (busy.peek()) return;
      const here = choicesAt(ask.peek(), key);
      const only = here.length === 1 ? here[0] : undefined;
      if (only) send(only.cmd);
      else if (here.length > 1) focus.value = key;
    },
    clearFocus() {
      focus.value = null;
    },
    send(cmd) {
      if (!busy.peek()) send(cmd);
    },
  };
}
