// A Space Marine card in the formation: team colour, facing (which way he looks), the swarm-move
// arrows printed on his left and right edges, range, support tokens and who plays him.

import { playerName } from "./event-text";
import type { Marine, Team } from "./wire";

const ARROW = { up: "↑", down: "↓" } as const;

/** A marine card's accessible name (audit s16 E #5): who, his combat team (the colour band says
 * it only to the eye) and who plays him, then facing, range and tokens. Pure. */
export function marineLabel(marine: Marine, team: string | undefined, owner: string): string {
  const left = marine.facing === "L";
  return `${marine.name}, ${team ?? "no team"}, ${owner}, faces ${left ? "left" : "right"}, range ${marine.range}, ${marine.tokens} support tokens`;
}

export interface MarineCardProps {
  marine: Marine;
  team: Team | undefined;
  mine: boolean;
  highlighted: boolean;
  focused: boolean;
  rolling: boolean;
  onClick(): void;
}

export function MarineCard({
  marine,
  team,
  mine,
  highlighted,
  focused,
  rolling,
  onClick,
}: MarineCardProps) {
  const left = marine.facing === "L";
  const cls = [
    "da-card",
    "da-marine",
    left ? "da-marine--left" : "da-marine--right",
    mine ? "da-marine--mine" : "",
    highlighted ? "da-hl" : "",
    focused ? "da-focus" : "",
    rolling ? "da-rolling" : "",
  ].join(" ");
  return (
    <button
      type="button"
      class={cls}
      style={{ "--team": team?.colour ?? "#777" }}
      disabled={!highlighted}
      onClick={onClick}
      data-testid={`da-marine-${marine.id}`}
      data-facing={marine.facing}
      data-tokens={marine.tokens}
      aria-label={marineLabel(marine, team?.name, mine ? "yours" : `played by ${playerName(marine.player)}`)}
    >
      <span class="da-marine__band">
        <span class="da-marine__name">{marine.name}</span>
      </span>
      <span class="da-marine__body">
        <span class="da-marine__edge" title={`swarms on his left move ${marine.arrows.left}`}>
          {ARROW[marine.arrows.left]}
        </span>
        <span class="da-marine__facing">
          {left ? "◀" : ""}
          <span class="da-marine__facing-text">
            <span class="da-marine__facing-word">faces </span>
            {left ? "left" : "right"}
          </span>
          {left ? "" : "▶"}
        </span>
        <span class="da-marine__edge" title={`swarms on his right move ${marine.arrows.right}`}>
          {ARROW[marine.arrows.right]}
        </span>
      </span>
      <span class="da-marine__foot">
        <span>Range {marine.range}</span>
        <span class="da-marine__owner">{mine ? "You" : playerName(marine.player)}</span>
        <span class="da-tokens" data-count={marine.tokens} title="support tokens">
          {marine.tokens > 0 ? `◆ ${marine.tokens}` : "◇ 0"}
        </span>
      </span>
    </button>
  );
}
