// The head of the table: the left blip pile, the current location card, the right blip pile.
// Blip piles are face down: only their sizes are known.

import type { DaState, Side } from "./wire";

function BlipPile({ side, count }: { side: Side; count: number }) {
  return (
    <div class="da-blips" data-testid={`da-blips-${side}`} data-count={count}>
      <div
        class="da-card da-card--back"
        aria-label={`${side === "L" ? "left" : "right"} blip pile: ${count} cards face down`}
      >
        <span class="da-blips__count">{count}</span>
      </div>
      <span class="da-caption">{side === "L" ? "Left" : "Right"} blips</span>
    </div>
  );
}

export function LocationStrip({ state }: { state: DaState }) {
  const place = state.location;
  return (
    <section class="da-location-strip" aria-label="Location and blip piles">
      <BlipPile side="L" count={state.blips.L} />
      <div class="da-card da-location" data-testid="da-location">
        {place ? (
          <>
            <span class="da-location__label">
              {place.label === "setup" ? "Start" : place.label}
            </span>
            <strong class="da-location__name">{place.name}</strong>
            {place.ability && <span class="da-location__text">{place.ability}</span>}
            {place.victory && (
              <span class="da-location__text da-location__victory">
                {place.victory}
                {place.progress > 0 ? ` (progress ${place.progress})` : ""}
              </span>
            )}
            {state.spawn && (
              <span class="da-location__spawn">
                Spawn: major {state.spawn.major} · minor {state.spawn.minor}
              </span>
            )}
          </>
        ) : (
          <span class="muted">No location yet</span>
        )}
      </div>
      <BlipPile side="R" count={state.blips.R} />
    </section>
  );
}
