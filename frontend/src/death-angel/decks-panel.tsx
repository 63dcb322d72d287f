// Decks and discard piles (sizes; discards face up), the support-token pool and the broodlords.

import type { Namer } from "./pack-names";
import type { DaState } from "./wire";

/** A pile: its size and label, then its top card ("top: …") or, for a pile shown whole, the
 * list of its cards (`all`, no prefix). */
function Pile({
  label,
  count,
  top,
  all,
  testid,
}: {
  label: string;
  count: number;
  top?: string;
  all?: string;
  testid: string;
}) {
  return (
    <div class="da-pile" data-testid={testid} data-count={count}>
      <span class="da-pile__count">{count}</span>
      <span class="da-pile__label">{label}</span>
      {top && <span class="da-pile__top">top: {top}</span>}
      {all && <span class="da-pile__top">{all}</span>}
    </div>
  );
}

export function DecksPanel({ state, names }: { state: DaState; names: Namer }) {
  const gsTop = state.genestealer_discard.at(-1);
  const evTop = state.event_discard.at(-1);
  const deck = state.location_deck;
  return (
    <section class="da-decks" aria-label="Decks and pools">
      <Pile
        label="Location deck"
        count={deck.count}
        top={deck.labels.length ? deck.labels.join(" → ") : undefined}
        testid="da-location-deck"
      />
      <Pile label="Genestealer deck" count={state.genestealer_deck} testid="da-gs-deck" />
      <Pile
        label="Genestealer discard"
        count={state.genestealer_discard.length}
        top={gsTop ? names.genestealer(gsTop.id) : undefined}
        testid="da-gs-discard"
      />
      <Pile label="Event deck" count={state.event_deck} testid="da-event-deck" />
      <Pile
        label="Event discard"
        count={state.event_discard.length}
        top={evTop ? names.event(evTop) : undefined}
        testid="da-event-discard"
      />
      <div class="da-pile da-pool" data-testid="da-pool" data-count={state.support_pool}>
        <span class="da-pile__count">◆ {state.support_pool}</span>
        <span class="da-pile__label">Support pool</span>
      </div>
      {state.stray.length > 0 && (
        <Pile
          label="Genestealers without a position"
          count={state.stray.length}
          all={state.stray.map((c) => names.genestealer(c.id)).join(", ")}
          testid="da-stray"
        />
      )}
      {state.dead_marines.length > 0 && (
        <div class="da-pile da-fallen" data-testid="da-fallen">
          <span class="da-pile__label">Fallen</span>
          <span class="da-pile__top">
            {state.dead_marines.map((m) => names.marine(m)).join(", ")}
          </span>
        </div>
      )}
      {(state.broodlords.reserve.length > 0 || state.broodlords.slain.length > 0) && (
        <div class="da-pile da-lords">
          <span class="da-pile__label">Broodlords</span>
          {state.broodlords.reserve.map((id) => (
            <span class="da-pile__top" key={id}>
              {names.genestealer(id)} (waiting)
            </span>
          ))}
          {state.broodlords.slain.map((id) => (
            <span class="da-pile__top" key={id}>
              {names.genestealer(id)} (slain)
            </span>
          ))}
        </div>
      )}
    </section>
  );
}
