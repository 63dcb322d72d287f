// The Shooting phase: choose a unit, ask the server which targets each weapon may shoot, pick
// a target per weapon, shoot. The dice come back in the log for both players.

import { useSignal } from "@preact/signals";
import type { ModelInfo, UnitId } from "../protocol/messages";
import { defaultRangedTargets, rangedAttacks } from "./attack-choice";
import { readTargets } from "./targets-query";
import { UnitPicker } from "./unit-picker";
import type { W40Control } from "./w40-control";
import { WeaponTargets } from "./weapon-targets";

export function ShootingActions({ control, units }: { control: W40Control; units: UnitId[] }) {
  const unit = useSignal<UnitId | null>(null);
  const options = useSignal<Record<string, string[]> | null>(null);
  const choice = useSignal<Record<string, string | null>>({});
  const state = control.store.state.value;
  if (!state) return null;
  const names = control.names.value;
  const busy = !control.store.idle.value;
  const chosen = unit.value && units.includes(unit.value) ? unit.value : null;
  const status = chosen ? state.game.units[chosen] : undefined;

  const pick = (u: UnitId) => {
    unit.value = u;
    options.value = null;
    control.selectUnit(u);
    control.query({ kind: "targets", unit: u }).then(
      (a) => {
        const answer = readTargets(a);
        const s = control.store.state.peek()?.game.units[u];
        options.value = answer;
        choice.value = s ? defaultRangedTargets(answer, s) : {};
        control.setHighlight({ targets: new Set(Object.values(choice.value).filter((t): t is string => !!t)) });
      },
      () => (options.value = {}),
    );
  };

  const modelsOf = (u: UnitId): ModelInfo[] => state.models.filter((m) => m.unit === u);
  const rows = status ? rangedAttacks(status, modelsOf(chosen ?? ""), choice.value, modelsOf) : null;
  const weapons = status?.sheet.weapons.filter((w) => w.kind === "ranged" && options.value?.[w.name]) ?? [];

  return (
    <div class="w40-step" data-testid="w40-shooting">
      <UnitPicker units={units} names={names} label="Shoot with" disabled={busy} onPick={pick} />
      {chosen && options.value === null && <p class="muted">Asking which targets are eligible…</p>}
      {chosen && options.value !== null && weapons.length === 0 && (
        <p class="muted">{names.unit(chosen)} has no eligible target (range, sight or Engagement Range).</p>
      )}
      {chosen && weapons.length > 0 && rows && (
        <>
          <WeaponTargets
            weapons={weapons}
            options={options.value ?? {}}
            value={choice.value}
            onChange={(w, t) => {
              choice.value = { ...choice.value, [w]: t };
              control.setHighlight({ targets: new Set(Object.values(choice.value).filter((x): x is string => !!x)) });
            }}
            names={names}
          />
          <p class="muted" data-testid="w40-attack-count">
            {rows.attacks.length} attacks declared
            {rows.outOfRange.length > 0 && ` · ${rows.outOfRange.length} out of range (left out)`}
          </p>
          <button
            type="button"
            class="button button--primary"
            data-testid="w40-shoot"
            disabled={busy || rows.attacks.length === 0}
            onClick={() => {
              control.send({ type: "shoot", unit: chosen, attacks: rows.attacks });
              unit.value = null;
              control.setHighlight(null);
            }}
          >
            Shoot
          </button>
        </>
      )}
    </div>
  );
}
