// The formation: one row per position, head at the top. Each row lays out, left to right, the
// swarm engaged on his left, the terrain on his left, the marine, then his right side's terrain
// and swarm.

import { useEffect, useRef } from "preact/hooks";
import type { Anchor } from "./prompt-choices";
import { anchorKey } from "./prompt-choices";
import { MarineCard } from "./marine-card";
import type { Namer } from "./pack-names";
import { SwarmStack } from "./swarm-stack";
import { TerrainCard } from "./terrain-card";
import type { AskControl } from "./use-ask";
import type { DaState, Row, Side } from "./wire";

interface FormationProps {
  state: DaState;
  me: string | null;
  names: Namer;
  control: AskControl;
}

function Terrains({ row, side, control }: { row: Row; side: Side; control: AskControl }) {
  const targets = control.targets.value;
  return (
    <div class={`da-terrains da-terrains--${side}`}>
      {row.terrain
        .filter((t) => t.side === side)
        .map((t) => {
          const key = anchorKey({ kind: "terrain", id: t.id });
          return (
            <TerrainCard
              key={t.id}
              terrain={t}
              highlighted={targets.has(key)}
              focused={control.focus.value === key}
              onClick={() => control.click(key)}
              onActivate={() => control.confirm(key)}
            />
          );
        })}
    </div>
  );
}

function Swarm({
  row,
  side,
  names,
  control,
}: {
  row: Row;
  side: Side;
  names: Namer;
  control: AskControl;
}) {
  const anchor: Anchor = { kind: "swarm", position: row.position, side };
  const key = anchorKey(anchor);
  const targets = control.targets.value;
  const cardTargets = new Set(
    row.swarms.flatMap((g) => g.cards.map((c) => c.id)).filter((id) => targets.has(`card:${id}`)),
  );
  return (
    <SwarmStack
      position={row.position}
      side={side}
      groups={row.swarms.filter((g) => g.side === side)}
      names={names}
      highlighted={targets.has(key)}
      focused={control.focus.value === key}
      cardTargets={cardTargets}
      onClick={() => control.click(key)}
      onCard={(id) => control.click(anchorKey({ kind: "card", id }))}
    />
  );
}

export function FormationView({ state, me, names, control }: FormationProps) {
  const teams = new Map(state.teams.map((t) => [t.id, t]));
  const targets = control.targets.value;
  const rolling = state.roll?.marine ?? null;
  const section = useRef<HTMLElement>(null);
  // When new choices appear, bring the first one into view (a long formation scrolls).
  const targetKey = [...targets].sort().join(" ");
  useEffect(() => {
    if (targetKey) section.current?.querySelector(".da-hl")?.scrollIntoView({ block: "nearest" });
  }, [targetKey]);
  return (
    <section
      class="da-formation"
      ref={section}
      aria-label="The formation, head at the top"
      data-testid="da-formation"
    >
      {state.formation.map((row) => {
        const key = anchorKey({ kind: "marine", id: row.marine.id });
        return (
          <div class="da-row" key={row.marine.id} data-position={row.position}>
            <span class="da-row__pos" aria-label={`position ${row.position}`}>
              {row.position}
            </span>
            <Swarm row={row} side="L" names={names} control={control} />
            <Terrains row={row} side="L" control={control} />
            <MarineCard
              marine={row.marine}
              team={teams.get(row.marine.team)}
              mine={me !== null && row.marine.player === me}
              highlighted={targets.has(key)}
              focused={control.focus.value === key}
              rolling={rolling === row.marine.id}
              onClick={() => control.click(key)}
            />
            <Terrains row={row} side="R" control={control} />
            <Swarm row={row} side="R" names={names} control={control} />
          </div>
        );
      })}
      {state.formation.length === 0 && <p class="muted">No marine is left standing.</p>}
    </section>
  );
}
