// The lobby's options for a 10th-edition game: each side's army, the table layout, battle size
// and strict or casual refereeing. Writes the create request's extra fields, or null until both
// armies are ready.

import { type Signal, useSignal, useSignalEffect } from "@preact/signals";
import { type ArmyChoice, ArmyPicker } from "./army-picker";
import { demoArmies } from "./roster-api";
import "./wh40k.css";

export interface W40GameOptions {
  armies: { p1: ArmyChoice; p2: ArmyChoice };
  layout: string;
  strict: boolean;
  battle_size: string;
}

/** The layouts the server offers (rules/wh40k10e/layouts.py; the `layouts` query in a game). */
export const LAYOUTS: readonly { id: string; title: string }[] = [
  { id: "ruined-city", title: "Ruined city: ruins, woods, craters, barricades" },
  { id: "open-field", title: "Open field: woods and hills" },
  { id: "empty", title: "Empty table" },
];

const SIZES = [
  { id: "incursion", title: "Incursion (1000 pts, 60×44\")" },
  { id: "strike_force", title: "Strike Force (2000 pts, 60×44\")" },
  { id: "onslaught", title: "Onslaught (3000 pts, 90×44\")" },
];

export function NewGameOptions({ value }: { value: Signal<W40GameOptions | null> }) {
  const demos = useSignal<unknown[] | null>(null);
  const p1 = useSignal<ArmyChoice | null>({ demo: 0 });
  const p2 = useSignal<ArmyChoice | null>({ demo: 1 });
  const layout = useSignal("ruined-city");
  const size = useSignal("incursion");
  const strict = useSignal(true);
  const error = useSignal<string | null>(null);

  useSignalEffect(() => {
    demoArmies()
      .then((list) => (demos.value = list))
      .catch(() => (error.value = "Could not load the demo armies."));
  });
  useSignalEffect(() => {
    const a = p1.value;
    const b = p2.value;
    value.value = a && b ? { armies: { p1: a, p2: b }, layout: layout.value, strict: strict.value, battle_size: size.value } : null;
  });

  return (
    <div class="w40-new" data-testid="w40-new-game">
      {error.value && <p class="error">{error.value}</p>}
      {demos.value === null ? (
        <p class="muted">Loading the demo armies…</p>
      ) : (
        <div class="w40-new__armies">
          <ArmyPicker side="p1" label="Player 1" demos={demos.value} value={p1} />
          <ArmyPicker side="p2" label="Player 2" demos={demos.value} value={p2} />
        </div>
      )}
      <label class="field">
        <span>Table layout</span>
        <select name="layout" value={layout.value} onChange={(e) => (layout.value = e.currentTarget.value)}>
          {LAYOUTS.map((l) => (
            <option key={l.id} value={l.id}>
              {l.title}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>Battle size</span>
        <select name="battle_size" value={size.value} onChange={(e) => (size.value = e.currentTarget.value)}>
          {SIZES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      <fieldset class="field">
        <legend>Refereeing</legend>
        <label class="w40-check">
          <input type="radio" name="strict" checked={strict.value} onChange={() => (strict.value = true)} /> Strict: a broken rule
          is refused; undo needs the opponent's consent
        </label>
        <label class="w40-check">
          <input type="radio" name="strict" checked={!strict.value} onChange={() => (strict.value = false)} /> Casual: a broken
          rule is allowed and logged as a warning for both
        </label>
      </fieldset>
    </div>
  );
}
