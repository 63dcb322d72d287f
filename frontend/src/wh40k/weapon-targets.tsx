// One target per weapon: a select for each weapon the unit may use now ("—" holds it back).

import type { Namer } from "./names";
import type { WeaponSheet } from "./wire";

interface Props {
  weapons: readonly WeaponSheet[];
  /** Weapon name → the units it may target. */
  options: Readonly<Record<string, readonly string[]>>;
  value: Readonly<Record<string, string | null>>;
  onChange(weapon: string, target: string | null): void;
  names: Namer;
}

/** What the count under the selects means: weapons given a target (one declaration may roll many
 *  attacks, so "1 attack declared" for a weapon with A5 misled). */
export function weaponsAimed(count: number): string {
  return `${count} ${count === 1 ? "weapon" : "weapons"} given a target`;
}

export function WeaponTargets({ weapons, options, value, onChange, names }: Props) {
  return (
    <table class="w40-weapons" data-testid="w40-weapons">
      <tbody>
        {weapons.map((w) => (
          <tr key={w.name}>
            <td>
              {w.name}
              <span class="muted">
                {" "}
                {w.kind === "melee" ? "Melee" : `${w.range}"`} A{w.attacks} S{w.strength} AP{w.ap} D{w.damage}
              </span>
            </td>
            <td>
              <select
                data-weapon={w.name}
                value={value[w.name] ?? ""}
                onChange={(e) => onChange(w.name, e.currentTarget.value || null)}
              >
                <option value="">—</option>
                {(options[w.name] ?? []).map((t) => (
                  <option key={t} value={t}>
                    {names.unit(t)}
                  </option>
                ))}
              </select>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
