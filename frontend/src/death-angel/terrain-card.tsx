// A terrain card beside a position: its colour and spawn boxes, tokens, and ACTIVATE text (cut
// short on the table). When the card is not a choice now, a tap opens it whole in a sheet: a
// modal dialog, full width at the bottom of a phone, a card-sized box on wider screens (touch
// screens have no tooltip, and the table's column is too narrow to read it in).

import { useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import type { Terrain } from "./wire";

export interface TerrainCardProps {
  terrain: Terrain;
  highlighted: boolean;
  focused: boolean;
  onClick(): void;
}

/** "orange terrain, 3 spawn boxes" */
export function terrainKind(terrain: Terrain): string {
  const boxes = `${terrain.boxes} spawn box${terrain.boxes === 1 ? "" : "es"}`;
  return `${terrain.colour} terrain, ${boxes}`;
}

/** The ability's words without the "ACTIVATE:" keyword the card shows as a heading. */
export function activateText(terrain: Terrain): string {
  return terrain.activatable ? terrain.text.replace(/^ACTIVATE:\s*/i, "") : "";
}

/** What lies on the card now: "2 support tokens", "used this round". */
export function terrainStatus(terrain: Terrain): string[] {
  const out: string[] = [];
  if (terrain.tokens > 0)
    out.push(`${terrain.tokens} support token${terrain.tokens === 1 ? "" : "s"}`);
  if (terrain.activated) out.push("used this round");
  return out;
}

function TerrainSheet({ terrain, onClose }: { terrain: Terrain; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const text = activateText(terrain);
  const status = terrainStatus(terrain);
  return (
    <dialog
      ref={dialog}
      class={`da-sheet da-terrain--${terrain.colour}`}
      aria-labelledby={`da-sheet-${terrain.id}`}
      data-testid="da-terrain-sheet"
      onClose={onClose}
      // A tap on the backdrop (the dialog itself, outside its content) closes it.
      onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
    >
      <div class="da-sheet__body">
        <h3 class="da-sheet__title" id={`da-sheet-${terrain.id}`}>
          {terrain.name}
        </h3>
        <p class="da-sheet__kind">
          <span class="da-terrain__boxes" aria-hidden="true">
            {"■".repeat(terrain.boxes)}
          </span>{" "}
          {terrainKind(terrain)}
        </p>
        {text ? (
          <p class="da-sheet__text">
            <strong>Activate:</strong> {text}
          </p>
        ) : (
          <p class="da-sheet__text da-caption">No ability: this card cannot be activated.</p>
        )}
        {status.length > 0 && <p class="da-sheet__status">{status.join(" · ")}</p>}
        <form method="dialog" class="da-sheet__actions">
          <button type="submit" class="button button--primary">
            Close
          </button>
        </form>
      </div>
    </dialog>
  );
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
  ].join(" ");
  return (
    <>
      <button
        type="button"
        class={cls}
        aria-haspopup={highlighted ? undefined : "dialog"}
        onClick={() => (highlighted ? onClick() : (open.value = true))}
        title={terrain.text || terrain.name}
        data-testid={`da-terrain-${terrain.id}`}
        aria-label={`${terrain.name}, ${terrainKind(terrain)}`}
      >
        <span class="da-terrain__name">{terrain.name}</span>
        <span class="da-terrain__boxes" aria-hidden="true">
          {"■".repeat(terrain.boxes)}
        </span>
        {terrain.activatable && <span class="da-terrain__text">{activateText(terrain)}</span>}
        <span class="da-terrain__status">
          {terrain.tokens > 0 && <span class="da-tokens">◆ {terrain.tokens}</span>}
          {terrain.activated && <span>used</span>}
        </span>
      </button>
      {open.value && <TerrainSheet terrain={terrain} onClose={() => (open.value = false)} />}
    </>
  );
}
