// Both armies' unit cards, yours first.

import type { ModelInfo } from "../protocol/messages";
import { UnitCard } from "./unit-card";
import type { W40Control } from "./w40-control";

export function UnitList({ control }: { control: W40Control }) {
  const state = control.store.state.value;
  if (state === null) return null;
  const me = control.store.me.value;
  const byUnit = new Map<string, ModelInfo[]>();
  for (const m of state.models) byUnit.set(m.unit, [...(byUnit.get(m.unit) ?? []), m]);
  const order = [...state.players].sort((a, b) => (a.id === me ? -1 : b.id === me ? 1 : 0));
  const focus = control.focus.value;
  return (
    <div class="w40-units" data-testid="w40-units">
      {order.map((p) => (
        <section key={p.id}>
          <h3>
            <span class="swatch" style={{ background: p.color }} />
            {control.names.value.player(p.id)}
          </h3>
          <ul>
            {Object.entries(state.game.units)
              .filter(([, s]) => s.sheet.player === p.id)
              .map(([id, s]) => (
                <UnitCard
                  key={id}
                  id={id}
                  status={s}
                  models={byUnit.get(id) ?? []}
                  color={p.color}
                  leader={s.leader ? state.game.units[s.leader] : undefined}
                  joined={s.attached_to && s.location === "attached" ? bodyguardName(state.game.units[s.attached_to]?.sheet.name, s.sheet.name) : undefined}
                  transport={s.location === "embarked" && s.transport ? state.game.units[s.transport]?.sheet.name : undefined}
                  focused={focus === id}
                  onSelect={() => control.selectUnit(id)}
                />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The attached unit is named "<bodyguard> + <leader>" (the server's leaders.attach); the
 * leader's own card says whom it leads without naming itself again. */
function bodyguardName(combined: string | undefined, leader: string): string | undefined {
  const suffix = ` + ${leader}`;
  return combined?.endsWith(suffix) ? combined.slice(0, -suffix.length) : combined;
}
