// What the game waits for, in words, with the choices as buttons (the same choices the table
// highlights), the die on the table, and the spawn-allocation form when a blip pile runs short.

import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { DieFace } from "./die-face";
import { useKeepFocus } from "../ui/keep-focus";
import { type Ask, type SpawnTarget, defaultAllocation, validAllocation } from "./prompt-choices";
import type { Namer } from "./pack-names";
import type { AskControl } from "./use-ask";
import type { DaState } from "./wire";

type Allocating = Extract<Ask, { kind: "allocate_spawn" }>;

function AllocateForm({
  ask,
  names,
  control,
}: {
  ask: Allocating;
  names: Namer;
  control: AskControl;
}) {
  const counts = useSignal<number[]>(defaultAllocation(ask.targets, ask.available));
  const key = JSON.stringify(ask.targets) + ask.available;
  const { targets, available } = ask;
  useEffect(() => {
    counts.value = defaultAllocation(targets, available);
  }, [key, counts]); // targets and available are what `key` spells
  const set = (i: number, target: SpawnTarget, delta: number) => {
    const next = [...counts.value];
    next[i] = Math.max(0, Math.min(target.max, (next[i] ?? 0) + delta));
    counts.value = next;
  };
  const ok = validAllocation(ask.targets, ask.available, counts.value);
  return (
    <div class="da-allocate" data-testid="da-allocate">
      {ask.targets.map((t, i) => (
        <div class="da-allocate__row" key={`${t.position}-${t.terrain}`}>
          <span>
            Position {t.position}, {names.terrain(t.terrain)} (up to {t.max})
          </span>
          <button type="button" class="button" onClick={() => set(i, t, -1)} aria-label="one fewer">
            −
          </button>
          <span class="da-allocate__n">{counts.value[i] ?? 0}</span>
          <button type="button" class="button" onClick={() => set(i, t, 1)} aria-label="one more">
            +
          </button>
        </div>
      ))}
      <button
        type="button"
        class="button button--primary"
        disabled={!ok || control.busy.value}
        data-cmd="allocate_spawn"
        onClick={() => control.send({ type: "allocate_spawn", counts: counts.value })}
      >
        Spawn them
      </button>
    </div>
  );
}

function Outcome({ state }: { state: DaState }) {
  if (!state.outcome) return null;
  return (
    <div class={`da-outcome da-outcome--${state.outcome}`} role="status" data-testid="da-outcome">
      {state.outcome === "won" ? "Victory!" : "Defeat."}
    </div>
  );
}

/** The hand brought into view, below the sticky prompt (newcomer audit s16 #16: on a phone it
 * begins some 1,200 px below the prompt that asks for its cards). */
function scrollToHand(): void {
  document.querySelector('[data-testid="da-hand"]')?.scrollIntoView({ behavior: "smooth", block: "start" });
}

/** Where focus goes when a step takes the focused button away, in the prompt or the hand (audit
 * s16 E #3): the prompt's words (tabIndex -1), which say what to do next; its choices follow. */
export const promptFocusTarget = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('[data-testid="da-prompt-text"]');

/** Choices that pass rather than act are drawn plainly. */
const QUIET = new Set(["end_action", "keep_roll"]);

/** Beyond this many, unfocused choices fold away behind a button (the table shows them). */
const FOLD_OVER = 6;

export function PromptBar({
  state,
  names,
  control,
}: {
  state: DaState;
  names: Namer;
  control: AskControl;
}) {
  const panel = useKeepFocus<HTMLElement>(promptFocusTarget);
  const ask = control.ask.value;
  const mine = ask.kind !== "wait";
  const focus = control.focus.value;
  const roll = state.roll;
  const listed = control.listed.value;
  const folded = focus === null && !control.unfolded.value && listed.length > FOLD_OVER;
  const shown = folded ? listed.filter((c) => c.anchors.length === 0) : listed;
  return (
    <section
      class={`da-prompt${mine ? " da-prompt--mine" : ""}`}
      data-testid="da-prompt"
      data-kind={state.pending?.kind ?? "none"}
      data-mine={mine ? "true" : "false"}
      aria-live="polite"
      ref={panel}
    >
      <Outcome state={state} />
      <div class="da-prompt__line">
        {roll && (
          <span class="da-prompt__roll">
            <DieFace value={roll.value} skull={roll.skull} />
          </span>
        )}
        <p class="da-prompt__text" tabIndex={-1} data-testid="da-prompt-text">
          {ask.text}
        </p>
        {control.busy.value && mine && <span class="da-caption">sending…</span>}
        {ask.kind === "select_actions" && (
          // One column (tablet, phone): the hand is below the formation, far from this prompt.
          <button type="button" class="button da-prompt__to-hand" data-testid="da-to-hand" onClick={scrollToHand}>
            Your hand ↓
          </button>
        )}
      </div>
      {ask.kind === "allocate_spawn" && <AllocateForm ask={ask} names={names} control={control} />}
      {ask.kind === "choices" && (
        <div class="da-choices">
          {focus && (
            <button
              type="button"
              class="button da-choice--all"
              onClick={() => control.clearFocus()}
            >
              Show all choices
            </button>
          )}
          {folded && (
            <>
              <span class="da-caption">Tap a highlighted card for its choices, or</span>
              <button
                type="button"
                class="button da-choice--unfold"
                onClick={() => (control.unfolded.value = true)}
              >
                List all {listed.length - shown.length} choices
              </button>
            </>
          )}
          {shown.map((c) => (
            <button
              type="button"
              key={c.label}
              class={`button da-choice${QUIET.has(c.cmd.type) ? "" : " button--primary"}`}
              disabled={control.busy.value}
              data-cmd={c.cmd.type}
              onClick={() => control.send(c.cmd)}
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
