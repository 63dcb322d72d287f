// Trusting the dice: the commitment to the secret seed shown from the start, each player's own
// entropy (sent once automatically, and on demand), and the seed revealed at the end with a link
// to the whole game for `vantage verify`. The server takes a player's entropy once between two
// rolls (`dice/entropy_pending`): the automatic one waits for the whole log and is not sent while
// theirs waits for a roll (a second browser on the seat sends none), and is never a toast; the
// button is disabled, saying why, while the server would refuse it (`entropy.ts`).

import { useComputed, useSignal, useSignalEffect } from "@preact/signals";
import { autoEntropy, entropyButtonReason, entropyKey, freshEntropy } from "./entropy";
import type { W40Control } from "./w40-control";

function sentBefore(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false; // no storage (private mode): the log check still applies
  }
}

function remember(key: string): void {
  try {
    localStorage.setItem(key, "1");
  } catch {
    // no storage: this page's own flag still holds
  }
}

export function DiceTrust({ control, token }: { control: W40Control; token: string }) {
  const store = control.store;
  const dice = store.dice.value;
  const me = store.me.value;
  const gameId = store.gameId.value;
  const over = store.state.value?.game.result != null;
  /** The last entropy this page sent, and whether it sent one on its own. */
  const mine = useSignal<string | null>(null);
  const autoSent = useSignal(false);

  // Once per player, when the game is first shown and its log read: mix in this browser's randomness.
  useSignalEffect(() => {
    const player = store.me.value;
    const id = store.gameId.value;
    const state = store.state.value;
    const key = player !== null && id ? entropyKey(id, player) : null;
    const send = autoEntropy({
      player: key === null ? null : player,
      ready: state !== null && store.connection.value === "online",
      over: state?.game.result != null,
      historyLoaded: store.historyLoaded.value,
      events: store.events.value,
      sentBefore: autoSent.peek() || (key !== null && sentBefore(key)),
      serverPending: store.dice.value?.entropy_pending,
    });
    if (!send || key === null) return;
    autoSent.value = true;
    remember(key);
    const intent = control.send({ type: "contribute_entropy", entropy: freshEntropy() });
    if (intent !== null) {
      store.quietly(intent);
      mine.value = intent;
    }
  });

  const reason = useComputed(() => {
    const player = store.me.value;
    if (player === null) return null;
    const id = mine.value;
    const ackedAt = id === null ? undefined : store.acks.value.get(id);
    const sending =
      id !== null && (store.inFlight.value.has(id) || (ackedAt !== undefined && (store.v.value ?? -1) < ackedAt));
    return entropyButtonReason({ events: store.events.value, player, sending, serverPending: store.dice.value?.entropy_pending });
  });

  const exportUrl = `/api/games/${encodeURIComponent(gameId)}/export?token=${encodeURIComponent(token)}`;
  return (
    <section class="w40-trust" data-testid="w40-trust">
      <h3>Dice</h3>
      {dice ? (
        <>
          <p class="muted">
            Committed seed:{" "}
            <code class="w40-hash" title={dice.commitment} data-testid="w40-commitment">
              {dice.commitment.slice(0, 16)}…
            </code>{" "}
            · {dice.rolls} rolls
          </p>
          {dice.seed && (
            <p>
              Seed revealed:{" "}
              <code class="w40-hash" title={dice.seed} data-testid="w40-seed">
                {dice.seed.slice(0, 16)}…
              </code>{" "}
              <a href={exportUrl} data-testid="w40-export" download>
                Download the game to verify
              </a>
            </p>
          )}
        </>
      ) : (
        <p class="muted">Loading the dice commitment…</p>
      )}
      {me !== null && !over && (
        <>
          <button
            type="button"
            class="button"
            data-testid="w40-entropy"
            disabled={reason.value !== null}
            onClick={() => (mine.value = control.send({ type: "contribute_entropy", entropy: freshEntropy() }))}
            title="Mix fresh randomness from this browser into every later roll"
          >
            Add my entropy
          </button>
          {reason.value !== null && (
            <p class="muted" data-testid="w40-entropy-reason">
              {reason.value}
            </p>
          )}
        </>
      )}
    </section>
  );
}
