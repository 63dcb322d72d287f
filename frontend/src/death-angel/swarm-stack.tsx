// The genestealers engaged on one side of a position: each group's face-up cards, as the view
// gives them (type names, broodlords marked). The whole side is an attack target; single cards
// are targets when the player chooses which one dies.

import type { Namer } from "./pack-names";
import type { Side, SwarmGroup } from "./wire";

export interface SwarmStackProps {
  position: number;
  side: Side;
  groups: SwarmGroup[];
  names: Namer;
  highlighted: boolean;
  focused: boolean;
  cardTargets: ReadonlySet<string>;
  onClick(): void;
  onCard(id: string): void;
}

export function SwarmStack(props: SwarmStackProps) {
  const { position, side, groups, names, highlighted, focused, cardTargets } = props;
  const count = groups.reduce((n, g) => n + g.cards.length, 0);
  if (count === 0) return <div class={`da-swarm da-swarm--empty da-swarm--${side}`} />;
  const cls = [
    "da-swarm",
    `da-swarm--${side}`,
    highlighted ? "da-hl" : "",
    focused ? "da-focus" : "",
  ].join(" ");
  return (
    <div class={cls} data-testid={`da-swarm-${position}-${side}`} data-count={count}>
      <button
        type="button"
        class="da-swarm__head"
        disabled={!highlighted}
        onClick={props.onClick}
        aria-label={`swarm of ${count} at position ${position} ${side === "L" ? "left" : "right"}`}
      >
        <span class="da-swarm__count">{count}</span>
        <span class="da-swarm__word"> genestealer{count === 1 ? "" : "s"}</span>
      </button>
      {groups.map((g, gi) => (
        <div class={`da-swarm__group${g.attacked ? " da-swarm__group--attacked" : ""}`} key={gi}>
          {g.cards.map((c) => {
            const target = cardTargets.has(c.id);
            return (
              <button
                type="button"
                key={c.id}
                class={`da-gs${c.broodlord ? " da-gs--lord" : ""}${target ? " da-hl" : ""}`}
                disabled={!target}
                onClick={() => props.onCard(c.id)}
                data-testid={`da-gs-${c.id}`}
              >
                {c.broodlord
                  ? c.name || names.genestealer(c.id)
                  : c.types.map((t) => names.genestealerType(t)).join("/")}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
