// A terrain card beside a position: its colour and spawn boxes, tokens, and ACTIVATE text. When
// the card is not a choice now, a tap opens its text in full (touch screens have no tooltip).

import { useSignal } from "@preact/signals";
import type { Terrain } from "./wire";

export interface TerrainCardProps {
  terrain: Terrain;
  highlighted: boolean;
  focused: boolean;
  onClick(): void;
}

export function TerrainCard({ terrain, highlighted, focused, onClick }: TerrainCardProps) {
  const open = useSignal(false);
  const cls = [
    "da-card",
    "da-terrain",
    `da-terrain--${terrain.colour}`,
    terrain.activated ? "da-terrain--used" : "",
    highlighted ? "da-hl" : "",
    focused ? "da-focus" : "",
    open.value ? "da-terrain--open" : "",
  ].join(" ");
  return (
    <button
      type="button"
      class={cls}
      aria-expanded={highlighted ? undefined : open.value}
      onClick={() => (highlighted ? onClick() : (open.value = !open.value))}
      title={terrain.text || terrain.name}
      data-testid={`da-terrain-${terrain.id}`}
      aria-label={`${terrain.name}, ${terrain.colour} terrain, ${terrain.boxes} spawn boxes`}
    >
      <span class="da-terrain__name">{terrain.name}</span>
      <span class="da-terrain__boxes" aria-hidden="true">
        {"■".repeat(terrain.boxes)}
      </span>
      {terrain.activatable && (
        <span class="da-terrain__text">{terrain.text.replace(/^ACTIVATE:\s*/, "")}</span>
      )}
      <span class="da-terrain__status">
        {terrain.tokens > 0 && <span class="da-tokens">◆ {terrain.tokens}</span>}
        {terrain.activated && <span>used</span>}
      </span>
    </button>
  );
}
