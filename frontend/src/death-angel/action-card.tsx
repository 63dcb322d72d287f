// An action card face: initiative, name, kind and ability text, in its team's colour. A card in
// the player's hand is `readable`: its text is cut short (or, outside the choice of cards, left
// out), so a tap opens it whole in a sheet. On a touch screen a card that is a choice opens the
// sheet first, with a Choose button; a mouse click or a key press chooses it at once. The
// round's cards in the squad panel are readable too, without a choice: a tap, a click, Enter or
// Space opens them read-only. A hand card that cannot be chosen now is dimmed and still takes
// focus (to be read): it says so with aria-disabled, and why with its note as the description.

import { useSignal } from "@preact/signals";
import { useId } from "preact/hooks";
import { CardSheet, type SheetAction, tapOpensSheet, usePointerType } from "./card-sheet";
import type { ActionCard } from "./wire";

const KIND: Record<string, string> = {
  support: "Support",
  attack: "Attack",
  move_activate: "Move + Activate",
};

/** "Initiative 3 · Move + Activate · Blue team" */
export function actionCardLine(card: ActionCard, team?: string): string {
  return [`Initiative ${card.initiative}`, KIND[card.kind] ?? card.kind, team]
    .filter(Boolean)
    .join(" · ");
}

/** A readable card's accessible name: "Reposition, Initiative 14 · Move + Activate · Blue"
 *  (the face's bare initiative number would be read without its meaning). */
export function actionCardLabel(card: ActionCard, team?: string): string {
  return `${card.name}, ${actionCardLine(card, team)}`;
}

/** The sheet's button besides Close: Choose for a card that is a choice and not already the
 *  team's pick; none otherwise. */
export function sheetChoice(isChoice: boolean, chosen: boolean): string | null {
  return isChoice && !chosen ? "Choose" : null;
}

export interface ActionCardProps {
  card: ActionCard;
  colour: string;
  /** Clickable (a choice); otherwise shown only. */
  onClick?: () => void;
  chosen?: boolean;
  disabled?: boolean;
  note?: string;
  compact?: boolean;
  /** A tap opens the card whole (the hand's cards); its team's name for the sheet. */
  readable?: boolean;
  team?: string;
  /** data-testid; `da-hand-<card>` by default for a button, `da-card-<card>` otherwise. */
  testId?: string;
}

function ActionSheet({
  card,
  colour,
  team,
  note,
  action,
  onClose,
}: {
  card: ActionCard;
  colour: string;
  team?: string;
  note?: string;
  action: SheetAction | null;
  onClose(): void;
}) {
  return (
    <CardSheet
      titleId={`da-sheet-${card.id}`}
      title={card.name}
      class="da-sheet--action"
      style={{ "--tc": colour }}
      testId="da-action-sheet"
      action={action}
      onClose={onClose}
    >
      <p class="da-sheet__kind">{actionCardLine(card, team)}</p>
      {card.text ? (
        <p class="da-sheet__text">{card.text}</p>
      ) : (
        <p class="da-sheet__text da-caption">No text on this card.</p>
      )}
      {note && <p class="da-sheet__status">{note}</p>}
    </CardSheet>
  );
}

export function ActionCardView({
  card,
  colour,
  onClick,
  chosen,
  disabled,
  note,
  compact,
  readable,
  team,
  testId,
}: ActionCardProps) {
  const open = useSignal(false);
  const pointer = usePointerType();
  const uid = useId();
  const noteId = `${uid}-note`;
  const textId = `${uid}-text`;
  const isChoice = !!onClick && !disabled;
  const showText = !compact && !!card.text;
  const cls = [
    "da-card",
    "da-action",
    `da-action--${card.kind}`,
    chosen ? "da-action--chosen" : "",
    compact ? "da-action--compact" : "",
    isChoice ? "da-hl" : "",
    readable && onClick && disabled ? "da-action--off" : "",
  ].join(" ");
  const body = (
    <>
      <span class="da-action__head">
        <span class="da-action__init" title="initiative">
          {card.initiative}
        </span>
        <span class="da-action__name">{card.name}</span>
      </span>
      <span class="da-action__kind">{KIND[card.kind] ?? card.kind}</span>
      {/* A hand holds a card of each of the player's teams: its team in words, not only the
          stripe's colour (newcomer audit s16 #16). */}
      {readable && team && (
        <span class="da-action__team" data-team-name={team}>
          {team}
        </span>
      )}
      {showText && (
        <span class="da-action__text" id={textId} title={card.text}>
          {card.text}
        </span>
      )}
      {note && (
        <span class="da-action__note" id={noteId}>
          {note}
        </span>
      )}
    </>
  );
  const style = { "--team": colour };
  if (readable) {
    const choice = sheetChoice(isChoice, !!chosen);
    // Named by card, initiative, kind and team; described by its note (why it is dimmed, or
    // "resolving") and its text when the face shows it.
    const described = [note ? noteId : "", showText ? textId : ""].filter(Boolean).join(" ");
    return (
      <>
        <button
          type="button"
          class={cls}
          style={style}
          aria-label={actionCardLabel(card, team)}
          aria-describedby={described || undefined}
          aria-disabled={onClick && disabled ? "true" : undefined}
          aria-haspopup={isChoice ? undefined : "dialog"}
          aria-pressed={onClick ? (chosen ? "true" : "false") : undefined}
          title={compact ? card.text || undefined : undefined}
          {...pointer.handlers}
          onClick={(e) => {
            if (tapOpensSheet(isChoice, pointer.of(e))) open.value = true;
            else onClick?.();
          }}
          data-testid={testId ?? `da-hand-${card.id}`}
        >
          {body}
        </button>
        {open.value && (
          <ActionSheet
            card={card}
            colour={colour}
            team={team}
            note={note}
            // Offered only while the card is a choice: the prompt may move on meanwhile.
            action={choice && onClick ? { label: choice, run: onClick } : null}
            onClose={() => (open.value = false)}
          />
        )}
      </>
    );
  }
  if (!onClick) {
    return (
      <div class={cls} style={style} data-testid={testId ?? `da-card-${card.id}`}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      class={cls}
      style={style}
      onClick={onClick}
      disabled={disabled}
      aria-pressed={chosen ? "true" : "false"}
      data-testid={testId ?? `da-hand-${card.id}`}
    >
      {body}
    </button>
  );
}
