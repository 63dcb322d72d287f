// Trusting the dice: the commitment to the secret seed shown from the start, each player's own
// entropy (sent once automatically, and on demand), and the seed revealed at the end with a link
// to the whole game for `vantage verify`.

import { useSignalEffect } from "@preact/signals";
import { contributed, entropyKey, freshEntropy } from "./entropy";
import type { W40Control } from "./w40-control";

function remember(key: string): boolean {
  try {
    if (localStorage.getItem(key)) return true;
    localStorage.setItem(key, "1");
  } catch {
    // no storage (private mode): the log check still applies
  }
  return false;
}

export function DiceTrust({ control, token }: { control: W40Control; token: string }) {
  const store = control.store;
  const dice = store.dice.value;
  const me = store.me.value;
  const gameId = store.gameId.value;
  const over = store.state.value?.game.result != null;

  // Once per player, when the game is first shown: mix in this browser's randomness.
  useSignalEffect(() => {
    const player = store.me.value;
    const id = store.gameId.value;
    if (player === null || !id || store.state.value === null || store.connection.value !== "online") return;
    if (store.state.value.game.result !== null || contributed(store.events.value, player)) return;
    if (remember(entropyKey(id, player))) return;
    control.send({ type: "contribute_entropy", entropy: freshEntropy() });
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
        <button
          type="button"
          class="button"
          onClick={() => control.send({ type: "contribute_entropy", entropy: freshEntropy() })}
          title="Mix fresh randomness from this browser into every later roll"
        >
          Add my entropy
        </button>
      )}
    </section>
  );
}
