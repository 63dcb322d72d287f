// Decisions the rules leave to a player outside their own actions: Command Re-roll just after a
// failed roll (which die, or let it stand), and which models leave a unit out of coherency at
// the end of the turn.

import { useSignal, useSignalEffect } from "@preact/signals";
import type { ModelId, UnitId } from "../protocol/messages";
import { diceValue } from "./die-value";
import { weaponName } from "./event-text";
import { modelChoiceLabel } from "./model-choice";
import type { W40Control } from "./w40-control";

const ROLL_WORDS: Readonly<Record<string, string>> = {
  attacks: "number of attacks",
  hit: "hit roll",
  wound: "wound roll",
  save: "saving throw",
  damage: "damage roll",
  hazardous: "Hazardous test",
  desperate_escape: "Desperate Escape test",
};

interface RerollProps {
  control: W40Control;
  unit: UnitId;
  roll: string;
  dice: string[];
  options: number[];
  failed: number[];
  weapon: string;
  target: UnitId;
}

/** A re-roll die button's name (audit s16 E #9): which die it re-rolls and what it shows,
 * "Re-roll number of attacks die 2 of 2: 3", ", failed" for a failed roll. Pure. */
export function rerollDieLabel(what: string, index: number, count: number, shown: string, failed: boolean): string {
  return `Re-roll ${what} die ${index + 1} of ${count}: ${shown}${failed ? ", failed" : ""}`;
}

export function RerollActions({ control, unit, roll, dice, options, failed, weapon, target }: RerollProps) {
  const names = control.names.value;
  const idle = control.store.idle.value;
  const what = ROLL_WORDS[roll] ?? roll.replaceAll("_", " ");
  const context = weapon ? ` (${weaponName(weapon, names)}${target ? ` → ${names.unit(target)}` : ""})` : "";
  const sheet = control.store.state.value?.game.units[unit]?.sheet;
  const profile = sheet?.weapons.find((w) => w.name === weapon);
  const expr = roll === "damage" ? profile?.damage : roll === "attacks" ? profile?.attacks : undefined;
  // A random number of attacks or Damage does not pass or fail: the server opens the window
  // when it is below its maximum, and the dice are offered without a verdict (R23).
  const graded = roll !== "damage" && roll !== "attacks";
  const isFailed = (i: number): boolean => graded && failed.includes(i);
  const shown = (d: string): string => {
    const value = diceValue(expr, d);
    return value === null ? d : `${d} → ${value}`;
  };
  return (
    <div class="w40-step" data-testid="w40-reroll" data-roll={roll}>
      <p>
        {names.unit(unit)}: {what}
        {context}.{" "}
        {graded
          ? "Command Re-roll (1 CP) re-rolls one roll: a failed one (outlined in red), or a success for a better result."
          : "Command Re-roll (1 CP) re-rolls one roll, hoping for a higher result (the new roll stands, even if lower)."}
      </p>
      <div class="w40-row">
        {dice.map((d, i) => (
          <button
            type="button"
            class={isFailed(i) ? "button w40-die-button w40-die-button--failed" : "button w40-die-button"}
            key={i}
            data-reroll={i}
            aria-label={rerollDieLabel(what, i, dice.length, shown(d), isFailed(i))}
            data-failed={isFailed(i) ? "" : undefined}
            disabled={!idle || !options.includes(i)}
            title={isFailed(i) ? `Re-roll this failed ${what}` : graded ? `Re-roll this ${what} (it succeeded)` : `Re-roll this ${what}`}
            onClick={() => control.send({ type: "reroll", roll: i })}
          >
            {shown(d)}
          </button>
        ))}
      </div>
      <div class="w40-row">
        <button type="button" class="button" data-testid="w40-pass" disabled={!idle} onClick={() => control.send({ type: "pass" })}>
          Keep the roll
        </button>
        <button
          type="button"
          class="button button--quiet"
          data-testid="w40-reroll-off"
          disabled={!idle}
          onClick={() => control.send({ type: "reroll_offers", offer: false })}
        >
          Keep it and stop offering re-rolls
        </button>
      </div>
    </div>
  );
}

interface MortalProps {
  control: W40Control;
  hazardous: boolean;
  unit: UnitId;
  models: ModelId[];
  source: string;
  wounds: number;
  dice: string[];
}

/** Pending `allocate_mortal` / `hazardous` (docs/protocol.md, R30-R32): answered with `allocate`. */
export function MortalActions({ control, hazardous, unit, models, source, wounds, dice }: MortalProps) {
  useSignalEffect(() => {
    control.setHighlight({ models: new Set(models) });
    return () => control.setHighlight(null);
  });
  const state = control.store.state.value;
  const names = control.names.value;
  const what = source.replaceAll("_", " ");
  return (
    <div class="w40-step" data-testid="w40-mortal" data-source={source}>
      <p>
        {hazardous
          ? `${names.unit(unit)} failed a Hazardous test: choose the model equipped with a Hazardous weapon that suffers it.`
          : `${names.unit(unit)} suffers ${wounds} mortal wound${wounds === 1 ? "" : "s"} (${what}): choose the model the next one goes to.`}
        {dice.length > 0 && <span class="muted"> Roll: {dice.join(", ")}</span>}
      </p>
      <div class="w40-row">
        {models.map((m) => (
          <button
            type="button"
            class="button"
            key={m}
            data-mortal={m}
            disabled={!control.store.idle.value}
            onClick={() => control.send({ type: "allocate", model: m })}
          >
            {modelChoiceLabel(state, names, m)}
          </button>
        ))}
      </div>
    </div>
  );
}

interface CoherencyProps {
  control: W40Control;
  unit: UnitId;
  models: ModelId[];
  suggested: ModelId[];
}

export function CoherencyActions({ control, unit, models, suggested }: CoherencyProps) {
  const chosen = useSignal<ModelId[]>(suggested);
  useSignalEffect(() => {
    control.setHighlight({ models: new Set(chosen.value) });
    return () => control.setHighlight(null);
  });
  const names = control.names.value;
  const toggle = (m: ModelId) =>
    (chosen.value = chosen.value.includes(m) ? chosen.value.filter((x) => x !== m) : [...chosen.value, m]);
  return (
    <div class="w40-step" data-testid="w40-coherency">
      <p>{names.unit(unit)} is out of unit coherency: choose the models to remove until one coherent group is left.</p>
      <div class="w40-row">
        {models.map((m) => (
          <button
            type="button"
            class={chosen.value.includes(m) ? "button button--danger" : "button"}
            key={m}
            data-remove={m}
            aria-pressed={chosen.value.includes(m)}
            onClick={() => toggle(m)}
          >
            {names.model(m)}
          </button>
        ))}
      </div>
      <button
        type="button"
        class="button button--primary"
        data-testid="w40-remove-models"
        disabled={!control.store.idle.value || chosen.value.length === 0}
        onClick={() => control.send({ type: "remove_models", unit, models: chosen.value })}
      >
        Remove {chosen.value.length} model{chosen.value.length === 1 ? "" : "s"}
      </button>
    </div>
  );
}
