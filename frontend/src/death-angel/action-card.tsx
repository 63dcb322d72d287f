// An action card face: initiative, name, kind and ability text, in its team's colour.

import type { ActionCard } from "./wire";

const KIND: Record<string, string> = {
  support: "Support",
  attack: "Attack",
  move_activate: "Move + Activate",
};

export interface ActionCardProps {
  card: ActionCard;
  colour: string;
  /** Clickable (a choice); otherwise shown only. */
  onClick?: () => void;
  chosen?: boolean;
  disabled?: boolean;
  note?: string;
  compact?: boolean;
}

export function ActionCardView({
  card,
  colour,
  onClick,
  chosen,
  disabled,
  note,
  compact,
}: ActionCardProps) {
  const cls = [
    "da-card",
    "da-action",
    `da-action--${card.kind}`,
    chosen ? "da-action--chosen" : "",
    compact ? "da-action--compact" : "",
    onClick && !disabled ? "da-hl" : "",
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
      {!compact && card.text && (
        <span class="da-action__text" title={card.text}>
          {card.text}
        </span>
      )}
      {note && <span class="da-action__note">{note}</span>}
    </>
  );
  const style = { "--team": colour };
  if (!onClick) {
    return (
      <div class={cls} style={style} data-testid={`da-card-${card.id}`}>
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
      data-testid={`da-hand-${card.id}`}
    >
      {body}
    </button>
  );
}
