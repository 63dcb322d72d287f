// The end of the game: who won and why, the VP, and a summary of both sides.

import { useSignal } from "@preact/signals";
import { reasonWords, summarize } from "./summary";
import type { W40Control } from "./w40-control";

export function EndScreen({ control, token }: { control: W40Control; token: string }) {
  const hidden = useSignal(false);
  const state = control.store.state.value;
  const result = state?.game.result;
  if (!state || !result) return null;
  const names = control.names.value;
  const me = control.store.me.value;
  const rows = summarize(state, control.store.events.value);
  const headline = result.winner === null ? "A draw" : result.winner === me ? "Victory!" : `${names.player(result.winner)} wins`;
  const exportUrl = `/api/games/${encodeURIComponent(control.store.gameId.value)}/export?token=${encodeURIComponent(token)}`;
  if (hidden.value) {
    return (
      <button type="button" class="button w40-end__reopen" onClick={() => (hidden.value = false)}>
        Show the result
      </button>
    );
  }
  return (
    <div class="w40-end" role="dialog" aria-label="Game over" data-testid="w40-end" data-winner={result.winner ?? ""}>
      <div class="w40-end__card card">
        <h2>{headline}</h2>
        <p class="muted">
          Game over after round {state.game.round}: {reasonWords(result.reason)}.
        </p>
        <table class="w40-end__table">
          <thead>
            <tr>
              <th />
              {rows.map((r) => (
                <th key={r.player}>{names.player(r.player)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>Victory points</th>
              {rows.map((r) => (
                <td key={r.player} data-final-vp={r.vp}>
                  <b>{r.vp}</b>
                </td>
              ))}
            </tr>
            <tr>
              <th>Units left</th>
              {rows.map((r) => (
                <td key={r.player}>
                  {r.unitsLeft}/{r.units}
                </td>
              ))}
            </tr>
            <tr>
              <th>Models lost</th>
              {rows.map((r) => (
                <td key={r.player}>{r.modelsLost}</td>
              ))}
            </tr>
            <tr>
              <th>Damage dealt</th>
              {rows.map((r) => (
                <td key={r.player}>{r.damageDealt}</td>
              ))}
            </tr>
            <tr>
              <th>Stratagems used</th>
              {rows.map((r) => (
                <td key={r.player}>{r.stratagems}</td>
              ))}
            </tr>
            <tr>
              <th>CP left</th>
              {rows.map((r) => (
                <td key={r.player}>{r.cp}</td>
              ))}
            </tr>
          </tbody>
        </table>
        {control.store.dice.value?.seed && (
          <p class="muted">
            Dice seed revealed: <code class="w40-hash">{control.store.dice.value.seed.slice(0, 24)}…</code>
          </p>
        )}
        <div class="w40-row">
          <a class="button" href={exportUrl} download data-testid="w40-end-export">
            Download the game (verify the dice)
          </a>
          <button type="button" class="button" onClick={() => (hidden.value = true)}>
            Look at the table
          </button>
          <a class="button" href="/">
            New game
          </a>
        </div>
      </div>
    </div>
  );
}
