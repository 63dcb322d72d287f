// Both sides at a glance: CP, VP, Attacker or Defender, who goes first, and which is you.

import type { Namer } from "./names";
import type { W40State } from "./wire";

export function ScoreBoard({ state, names, me }: { state: W40State; names: Namer; me: string | null }) {
  const g = state.game;
  return (
    <div class="w40-score" data-testid="w40-score">
      {state.players.map((p) => {
        const side = g.sides[p.id];
        const roles = [g.attacker === p.id ? "Attacker" : g.attacker ? "Defender" : "", g.first === p.id ? "first turn" : ""].filter(Boolean);
        return (
          <div key={p.id} class={`w40-side ${g.active === p.id ? "w40-side--active" : ""}`} data-side={p.id}>
            <div class="w40-side__name">
              <span class="swatch" style={{ background: p.color }} />
              {names.player(p.id)}
              {p.id === me && <span class="you">you</span>}
            </div>
            <div class="w40-side__roles muted">{roles.join(" · ") || " "}</div>
            <div class="w40-side__nums">
              <span data-cp={side?.cp ?? 0}>
                <b>{side?.cp ?? 0}</b> CP
              </span>
              <span data-vp={side?.vp ?? 0}>
                <b>{side?.vp ?? 0}</b> VP
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
