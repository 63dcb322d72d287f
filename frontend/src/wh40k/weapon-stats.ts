// A weapon's characteristics in one line, as the unit card and the firing-deck form show them.
// A random value is spaced from its letter ("A D6", "D D3"), so it does not read as "AD6".

import type { WeaponSheet } from "./wire";

/** A characteristic and its value: "A4", "D2", but "A D6", "D D3+1". */
export const stat = (label: string, value: string | number): string =>
  /^[A-Za-z]/.test(String(value)) ? `${label} ${value}` : `${label}${value}`;

/** Attacks, strength, AP and damage: "A D6 S6 AP-1 D D3". */
export const profileStats = (w: WeaponSheet): string =>
  `${stat("A", w.attacks)} S${w.strength} AP${w.ap} ${stat("D", w.damage)}`;

/** What a paused allocation is about, from the view's pending detail (`weapon`, `strength`,
 * `ap`, `damage`, `melta_damage`, `wounds_left`, `mortal`, `mortal_left`, `mortal_later`; backend views.py `_with_weapon`):
 * "Acid lobber (S8, AP-3, D D6, D D6+1 within half range): 3 wounding attacks to allocate".
 * Empty when the detail does not say. */
export function comingAttack(detail: Readonly<Record<string, unknown>>): string {
  const weapon = detail["weapon"];
  if (typeof weapon !== "string" || weapon === "") return "";
  const parts: string[] = [];
  if (typeof detail["strength"] === "number") parts.push(`S${detail["strength"]}`);
  if (typeof detail["ap"] === "number") parts.push(`AP${detail["ap"]}`);
  const damage = detail["damage"];
  if (typeof damage === "string" || typeof damage === "number") parts.push(stat("D", damage));
  // MELTA X within half range: "D D6+2 within half range", or "... for some" of the attackers.
  const melta = detail["melta_damage"];
  if (typeof melta === "string" && melta !== "") {
    const some = melta.endsWith(" for some");
    const raised = some ? melta.slice(0, -" for some".length) : melta;
    parts.push(`${stat("D", raised)} ${some ? "for those within half range" : "within half range"}`);
  }
  const named = parts.length > 0 ? `${weapon} (${parts.join(", ")})` : weapon;
  if (detail["mortal"]) {
    const n = detail["mortal_left"];
    const count = typeof n === "number" && n > 0 ? `${n} mortal wound${n === 1 ? "" : "s"}` : "mortal wounds";
    const later = detail["mortal_later"];
    const more =
      typeof later === "number" && later > 0
        ? `; ${later} more critical wound${later === 1 ? "'s" : "s'"} mortal wounds to come`
        : "";
    return `${named}: ${count} from Devastating Wounds to allocate${more}`;
  }
  const left = detail["wounds_left"];
  if (typeof left !== "number" || left <= 0) return named;
  return `${named}: ${left} wounding attack${left === 1 ? "" : "s"} to allocate`;
}
