// A terrain card beside a position: its colour and spawn boxes, tokens, and ACTIVATE text (cut
// short on the table). When the card is not a choice now, a tap opens it whole in a sheet: a
// modal dialog, full width at the bottom of a phone, a card-sized box on wider screens (touch
// screens have no tooltip, and the table's column is too narrow to read it in). When it is a
// choice, a touch tap opens the same sheet with an Activate button, so that a phone player reads
// it before using it; a mouse click or a key press activates it at once, as before.

import { useSignal } from "@preact/signals";
import { CardSheet, type SheetAction, tapOpensSheet, usePointerType } from "./card-sheet";
import type { Terrain } from "./wire";

export interface TerrainCardProps {
  terrain: Terrain;
  highlighted: boolean;
  focused: boolean;
  onClick(): void;
  /** The sheet's Activate button: an explicit confirmation, so it sends the card's choice
   * (a plain tap on the table only shows it, QA s14 #3). */
  onActivate(): void;
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

function TerrainSheet({
  terrain,
  action,
  onClose,
}: {
  terrain: Terrain;
  action: SheetAction | null;
  onClose(): void;
}) {
  const text = activateText(terrain);
  const status = terrainStatus(terrain);
  return (
    <CardSheet
      titleId={`da-sheet-${terrain.id}`}
      title={terrain.name}
      class={`da-terrain--${terrain.colour}`}
      testId="da-terrain-sheet"
      action={action}
      onClose={onClose}
    >
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
    </CardSheet>
  );
}

export function TerrainCard({
  terrain,
  highlighted,
  focused,
  onClick,
  onActivate,
}: TerrainCardProps) {
  const open = useSignal(false);
  const pointer = usePointerType();
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
        {...pointer.handlers}
        onClick={(e) => {
          if (tapOpensSheet(highlighted, pointer.of(e))) open.value = true;
          else onClick();
        }}
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
      {open.value && (
        <TerrainSheet
          terrain={terrain}
          // Offered only while the card is a choice: the prompt may move on while the sheet is open.
          action={highlighted ? { label: "Activate", run: onActivate } : null}
          onClose={() => (open.value = false)}
        />
      )}
    </>
  );
}
