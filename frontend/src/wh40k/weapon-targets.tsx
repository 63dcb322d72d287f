// One target per weapon: a select for each weapon the unit may use now ("—" holds it back), and
// the models left out of a shooting, each with its weapons and why.

import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { engagedUnits, inRange } from "./attack-choice";
import type { Namer } from "./names";
import { isSpent } from "./one-shot";
import type { UnitStatus, WeaponSheet } from "./wire";

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

/** A model of the shooting unit that fires none of its ranged weapons, or not all of them. */
export interface LeftOut {
  model: ModelId;
  /** It fires nothing at all. */
  idle: boolean;
  /** Each weapon it does not fire, and why: "no visible enemy within 24"". */
  weapons: { weapon: string; why: string }[];
}

const has = (w: WeaponSheet, ability: string): boolean => w.abilities.includes(ability);

/**
 * Which models of a shooting unit are left without a target, as far as the page knows (audit
 * s16 C #7: "2 weapons given a target" for three models said nothing of the third). The server's
 * `targets` answer lists a weapon only when some carrier may target some enemy unit with it, so a
 * weapon it leaves out has no target for any model: the unit Advanced (not Assault) or is in
 * Engagement Range (not a Pistol, not a MONSTER or VEHICLE), else no enemy model is within range
 * of this model, else none in range is visible to it (or may be shot: one in Engagement Range of
 * your units). A weapon whose chosen target is beyond this model's range is out of range
 * (`outOfRange` of `rangedAttacks`). A weapon held back ("—") is named only for a model that
 * fires nothing; a Pistol not fired beside the model's other guns (§8.1) is not named. Pure.
 */
export function leftOutModels(args: {
  status: UnitStatus;
  models: readonly ModelInfo[];
  answer: Readonly<Record<string, readonly string[]>>;
  choice: Readonly<Record<string, UnitId | null>>;
  fired: ReadonlySet<string>;
  outOfRange: readonly { model: ModelId; weapon: string }[];
  enemies: readonly ModelInfo[];
  names: Namer;
}): LeftOut[] {
  const { status, models, answer, choice, fired, outOfRange, enemies, names } = args;
  const weapons = new Map(status.sheet.weapons.map((w) => [w.name, w]));
  const profiles = new Map(status.sheet.models);
  const big = status.sheet.keywords.some((k) => k === "MONSTER" || k === "VEHICLE");
  // Engagement Range of any enemy, AIRCRAFT too, allows Pistols only (§8.1; the AIRCRAFT
  // exemption of §4.9 is for moving), as the server's `shooting_weapons` counts it.
  const engaged = engagedUnits(models, enemies).length > 0;
  const far = new Set(outOfRange.map((r) => `${r.model}|${r.weapon}`));
  const out: LeftOut[] = [];
  for (const m of models) {
    const carried = (profiles.get(m.id)?.weapons ?? []).flatMap((n) => {
      const w = weapons.get(n);
      return w?.kind === "ranged" ? [w] : [];
    });
    if (carried.length === 0) continue;
    const idle = !carried.some((w) => fired.has(`${m.id}|${w.name}`));
    const missed: { weapon: string; why: string }[] = [];
    for (const w of carried) {
      if (fired.has(`${m.id}|${w.name}`)) continue;
      const range = `${w.range ?? 0}"`;
      const target = choice[w.name];
      let why: string | null = null;
      if (isSpent(status, m.id, w.name)) why = "ONE SHOT, already fired";
      else if ((answer[w.name]?.length ?? 0) === 0) {
        if (status.move === "advance" && !has(w, "ASSAULT")) why = "the unit Advanced and it is not an Assault weapon";
        else if (engaged && !big && !has(w, "PISTOL")) why = "the unit is within Engagement Range: Pistols only";
        else if (!enemies.some((e) => inRange(m, w, [e]))) why = `no enemy within ${range}`;
        // not visible, or only enemies it may not shoot (AIRCRAFT without FLY, locked in combat)
        else why = `no enemy it may target within ${range}`;
      } else if (target && far.has(`${m.id}|${w.name}`)) why = `${names.unit(target)} is not within ${range}`;
      else if (!target && idle) why = "no target chosen";
      if (why) missed.push({ weapon: w.name, why });
    }
    if (missed.length > 0) out.push({ model: m.id, idle, weapons: missed });
  }
  return out;
}

/** A left-out model in words: "Sapline Launchers #3 does not shoot: Acid lobber (no enemy it
 * may target within 24")", or "Alpha #2 does not fire Missile (Bravo is not within 24")" when it
 * fires its other guns. */
export function leftOutText(left: LeftOut, names: Namer): string {
  const parts = left.weapons.map(({ weapon, why }) => `${weapon} (${why})`).join(", ");
  return `${names.model(left.model)} ${left.idle ? "does not shoot:" : "does not fire"} ${parts}`;
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
                aria-label={`${w.name} target`}
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
