// A weapon's characteristics in one line, as the unit card and the firing-deck form show them.
// A random value is spaced from its letter ("A D6", "D D3"), so it does not read as "AD6".

import type { WeaponSheet } from "./wire";

/** A characteristic and its value: "A4", "D2", but "A D6", "D D3+1". */
export const stat = (label: string, value: string | number): string =>
  /^[A-Za-z]/.test(String(value)) ? `${label} ${value}` : `${label}${value}`;

/** Attacks, strength, AP and damage: "A D6 S6 AP-1 D D3". */
export const profileStats = (w: WeaponSheet): string =>
  `${stat("A", w.attacks)} S${w.strength} AP${w.ap} ${stat("D", w.damage)}`;
