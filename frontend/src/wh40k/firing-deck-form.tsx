// The FIRING DECK part of a TRANSPORT's shoot panel (wh40k-10th §3.7): up to x embarked models,
// each lending one ranged weapon, each with a target. The transport's first model fires them.

import type { ModelId, UnitId } from "../protocol/messages";
import type { DeckChoice, DeckModel } from "./firing-deck";
import type { Namer } from "./names";
import type { WeaponSheet } from "./wire";
import { profileStats } from "./weapon-stats";

interface Props {
  size: number;
  models: readonly DeckModel[];
  choice: DeckChoice;
  targets: Readonly<Record<ModelId, UnitId | null>>;
  /** The units a lent weapon may target (range from the transport's firing model). */
  targetsFor(weapon: WeaponSheet): UnitId[];
  onWeapon(model: ModelId, weapon: string | null): void;
  onTarget(model: ModelId, target: UnitId | null): void;
  names: Namer;
  disabled: boolean;
}

const long = (w: WeaponSheet): string => `${w.name} (${w.range ?? "?"}" ${profileStats(w)})`;

export function FiringDeckForm({ size, models, choice, targets, targetsFor, onWeapon, onTarget, names, disabled }: Props) {
  const used = Object.values(choice).filter(Boolean).length;
  const full = used >= size;
  return (
    <fieldset class="w40-deck" data-testid="w40-firing-deck" data-size={size}>
      <p class="muted">Embarked models may each lend one ranged weapon; the transport fires it.</p>
      <legend>
        Firing Deck {size} · {used}/{size} lent
      </legend>
      {models.map((m) => {
        const weapon = choice[m.model] ?? "";
        const profile = m.weapons.find((w) => w.name === weapon);
        const options = profile ? targetsFor(profile) : [];
        return (
          <div class="w40-deck__row" key={m.model}>
            <span class="w40-deck__who">{names.model(m.model)}</span>
            <div class="w40-row">
              <select
                data-deck-model={m.model}
                aria-label={`${names.model(m.model)} lends`}
                value={weapon}
                disabled={disabled || (full && !weapon)}
                onChange={(e) => onWeapon(m.model, e.currentTarget.value || null)}
              >
                <option value="">(lends nothing)</option>
                {m.weapons.map((w) => (
                  <option key={w.name} value={w.name} title={long(w)}>
                    {w.name} {w.range ?? "?"}"
                  </option>
                ))}
              </select>
              {profile && <span aria-hidden="true">→</span>}
              {profile && (
                <select
                  data-deck-target={m.model}
                  aria-label={`${names.model(m.model)} target`}
                  value={targets[m.model] ?? ""}
                  disabled={disabled}
                  onChange={(e) => onTarget(m.model, e.currentTarget.value || null)}
                >
                  <option value="">—</option>
                  {options.map((t) => (
                    <option key={t} value={t}>
                      {names.unit(t)}
                    </option>
                  ))}
                </select>
              )}
              {profile && options.length === 0 && <span class="muted">no enemy in range</span>}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
