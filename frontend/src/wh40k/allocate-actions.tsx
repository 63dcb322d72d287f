// The defender allocates the next attack: one of the models the rules allow (highlighted); or
// the attacker's PRECISION choice of a visible CHARACTER in an attached unit (§8.4).

import { useSignalEffect } from "@preact/signals";
import type { ModelId, UnitId } from "../protocol/messages";
import { modelChoiceLabel, precisionLabel } from "./model-choice";
import { comingAttack } from "./weapon-stats";
import type { W40Control } from "./w40-control";

export function AllocateActions({ control, unit, models }: { control: W40Control; unit: UnitId; models: ModelId[] }) {
  useSignalEffect(() => {
    control.setHighlight({ models: new Set(models) });
    return () => control.setHighlight(null);
  });
  const state = control.store.state.value;
  const names = control.names.value;
  const attack = state?.game.attack;
  const coming = comingAttack(state?.game.pending?.detail ?? {});
  return (
    <div class="w40-step" data-testid="w40-allocate">
      <p>
        {attack ? `${names.unit(attack.unit)} attacks ${names.unit(unit)}` : names.unit(unit)}: choose the model that takes the
        next attack.
      </p>
      {coming && <p data-testid="w40-allocate-coming">{coming}.</p>}
      <div class="w40-row">
        {models.map((m) => (
          <button
            type="button"
            class="button"
            key={m}
            data-allocate={m}
            disabled={!control.store.idle.value}
            onClick={() => control.send({ type: "allocate", model: m })}
          >
            {modelChoiceLabel(state ?? null, names, m)}
          </button>
        ))}
      </div>
    </div>
  );
}

export function PrecisionActions({ control, unit, models }: { control: W40Control; unit: UnitId; models: ModelId[] }) {
  useSignalEffect(() => {
    control.setHighlight({ models: new Set(models) });
    return () => control.setHighlight(null);
  });
  const names = control.names.value;
  const idle = control.store.idle.value;
  const coming = comingAttack(control.store.state.value?.game.pending?.detail ?? {});
  return (
    <div class="w40-step" data-testid="w40-precision">
      <p>
        Precision: your attack wounded {names.unit(unit)}. Allocate this weapon's wounding attacks to a visible CHARACTER, or let
        the defender allocate as normal.
      </p>
      {coming && <p data-testid="w40-precision-coming">{coming}.</p>}
      <div class="w40-row">
        {models.map((m) => (
          <button
            type="button"
            class="button button--primary"
            key={m}
            data-precision={m}
            disabled={!idle}
            title={names.model(m)}
            onClick={() => control.send({ type: "allocate", model: m })}
          >
            {precisionLabel(control.store.state.value, names, m)}
          </button>
        ))}
        <button
          type="button"
          class="button"
          data-precision="none"
          disabled={!idle}
          onClick={() => control.send({ type: "allocate", model: "none" })}
        >
          Allocate as normal
        </button>
      </div>
    </div>
  );
}
