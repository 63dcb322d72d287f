// Choosing a unit's attacks: one target per weapon (or none), turned into the command's
// `attacks` rows, one per model and weapon it carries. The client only estimates ranges from
// base edges; line of sight and the rest are the server's to check (and to explain).

import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { baseGap as footprintGap } from "./base-contact";
import { isSpent } from "./one-shot";
import type { AttackIn, UnitStatus, WeaponSheet } from "./wire";

/** Weapon name → the target unit it fires at (null: it does not fire). */
export type WeaponTargets = Readonly<Record<string, UnitId | null>>;

const BIG = ["MONSTER", "VEHICLE"];
const isBig = (s: UnitStatus): boolean => s.sheet.keywords.some((k) => BIG.includes(k));
const isPistol = (w: WeaponSheet | undefined): boolean => w?.abilities.includes("PISTOL") ?? false;
const isExtra = (w: WeaponSheet | undefined): boolean => w?.abilities.includes("EXTRA ATTACKS") ?? false;

/** The horizontal gap between two bases' edges, in inches: their real footprints (an oval at
 * its facing), as the server's `geo.h_gap` measures, so the client offers what it accepts. */
export const baseGap = (a: ModelInfo, b: ModelInfo): number => footprintGap(a, a, b);

/** The vertical extent measured from: a based model's base plane, a hull's whole height (the
 * server's `prisms.measured_extent`). */
const extent = (m: ModelInfo): [number, number] => [m.z, m.base.shape === "hull" ? m.z + m.height : m.z];

/** The vertical gap between two models' measured extents (0 when they overlap). */
export function heightGap(a: ModelInfo, b: ModelInfo): number {
  const [a0, a1] = extent(a);
  const [b0, b1] = extent(b);
  return Math.max(0, a0 - b1, b0 - a1);
}

/** Within Engagement Range: 1" across and 5" up (§4.2, the server's `geo.engaged`). */
export const engaged = (a: ModelInfo, b: ModelInfo): boolean => heightGap(a, b) <= 5 + 1e-6 && baseGap(a, b) <= 1.0 + 1e-6;

/**
 * First choices for shooting from the server's `targets` answer (weapon → eligible units):
 * every weapon at the first unit it may target, Pistols held back when the unit has other guns.
 */
export function defaultRangedTargets(
  answer: Readonly<Record<string, readonly string[]>>,
  status: UnitStatus,
): Record<string, UnitId | null> {
  const out: Record<string, UnitId | null> = {};
  const weapons = status.sheet.weapons.filter((w) => w.kind === "ranged" && (answer[w.name]?.length ?? 0) > 0);
  const others = weapons.some((w) => !isPistol(w));
  for (const w of weapons) {
    out[w.name] = isPistol(w) && others && !isBig(status) ? null : (answer[w.name]?.[0] ?? null);
  }
  return out;
}

/** Whether some model of `target` is within the weapon's range of `model` (base to base). */
export function inRange(model: ModelInfo, weapon: WeaponSheet, targetModels: readonly ModelInfo[]): boolean {
  const range = weapon.range ?? 0;
  return targetModels.some((t) => baseGap(model, t) <= range + 1e-6);
}

export interface AttackRows {
  attacks: AttackIn[];
  /** Model and weapon pairs left out because no target model is in range. */
  outOfRange: { model: ModelId; weapon: string }[];
}

/**
 * The `attacks` of a shooting: each model fires each weapon it carries that has a target,
 * when in range; a model that is not a MONSTER or VEHICLE fires its Pistols or its other
 * weapons, not both (§8.1: the others win). A ONE SHOT weapon a model has fired is left out (R19).
 */
export function rangedAttacks(
  status: UnitStatus,
  models: readonly ModelInfo[],
  choice: WeaponTargets,
  modelsOf: (unit: UnitId) => readonly ModelInfo[],
): AttackRows {
  const weapons = new Map(status.sheet.weapons.map((w) => [w.name, w]));
  const profiles = new Map(status.sheet.models);
  const attacks: AttackIn[] = [];
  const outOfRange: { model: ModelId; weapon: string }[] = [];
  for (const m of models) {
    const carried = (profiles.get(m.id)?.weapons ?? []).filter((name) => {
      const w = weapons.get(name);
      return w?.kind === "ranged" && choice[name] && !isSpent(status, m.id, name);
    });
    const nonPistols = carried.filter((name) => !isPistol(weapons.get(name)));
    const firing = isBig(status) || nonPistols.length === 0 ? carried : nonPistols;
    for (const name of firing) {
      const w = weapons.get(name);
      const target = choice[name];
      if (!w || !target) continue;
      if (inRange(m, w, modelsOf(target))) attacks.push({ model: m.id, weapon: name, target });
      else outOfRange.push({ model: m.id, weapon: name });
    }
  }
  return { attacks, outOfRange };
}

/** Enemy units with a model within Engagement Range (1" base to base) of any of these models. */
export function engagedUnits(models: readonly ModelInfo[], enemies: readonly ModelInfo[]): UnitId[] {
  const out = new Set<UnitId>();
  for (const e of enemies) if (!out.has(e.unit) && models.some((m) => engaged(m, e))) out.add(e.unit);
  return [...out];
}

/**
 * The `attacks` of a fight: each model in reach of the chosen target swings one melee weapon
 * (the first chosen it carries) plus every Extra Attacks weapon it carries.
 */
export function meleeAttacks(
  status: UnitStatus,
  models: readonly ModelInfo[],
  choice: WeaponTargets,
  reachable: (model: ModelInfo, target: UnitId) => boolean,
): AttackIn[] {
  const weapons = new Map(status.sheet.weapons.map((w) => [w.name, w]));
  const profiles = new Map(status.sheet.models);
  const rows: AttackIn[] = [];
  for (const m of models) {
    const melee = (profiles.get(m.id)?.weapons ?? []).filter(
      (n) => weapons.get(n)?.kind === "melee" && choice[n] && !isSpent(status, m.id, n),
    );
    const main = melee.filter((n) => !isExtra(weapons.get(n))).slice(0, 1);
    const extra = melee.filter((n) => isExtra(weapons.get(n)));
    for (const name of [...main, ...extra]) {
      const target = choice[name];
      if (target && reachable(m, target)) rows.push({ model: m.id, weapon: name, target });
    }
  }
  return rows;
}
