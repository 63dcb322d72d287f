// FIRING DECK x (wh40k-10th §3.7) and ONE SHOT (rules decision R19) for the shooting panel.
// Up to x models embarked in a TRANSPORT each lend it one ranged weapon they carry; the
// transport's first model fires it as "<weapon> [deck <model>]" (R21). Pure: the server referees.

import type { ModelId, ModelInfo, UnitId } from "../protocol/messages";
import { inRange } from "./attack-choice";
import { isSpent } from "./one-shot";
import type { AttackIn, DeckIn, UnitStatus, W40State, WeaponSheet } from "./wire";

/** The name the transport fires a lent weapon under (backend firing_deck.deck_name). */
export const deckName = (model: ModelId, weapon: string): string => `${weapon} [deck ${model}]`;

export interface DeckModel {
  model: ModelId;
  unit: UnitId;
  /** The ranged weapons this model may lend (not spent). */
  weapons: WeaponSheet[];
}

/** The transport's FIRING DECK value (0 when it has none). */
export const deckSize = (status: UnitStatus | undefined): number => status?.sheet.firing_deck ?? 0;

/**
 * Embarked models that could lend the transport a ranged weapon, in army order. The projection
 * does not say which models of an embarked unit are still alive, so a unit that lost models
 * lists only its first `models_left` (the server refuses a dead one with `rule/firing_deck_model`).
 */
export function deckModels(state: W40State, transport: UnitId): DeckModel[] {
  if (deckSize(state.game.units[transport]) <= 0) return [];
  const out: DeckModel[] = [];
  for (const [uid, s] of Object.entries(state.game.units)) {
    if (s.location !== "embarked" || s.transport !== transport) continue;
    const profiles = new Map(s.sheet.weapons.map((w) => [w.name, w]));
    for (const [mid, p] of s.sheet.models.slice(0, s.models_left)) {
      const weapons = p.weapons
        .map((name) => profiles.get(name))
        .filter((w): w is WeaponSheet => w?.kind === "ranged" && !isSpent(s, mid, w.name));
      if (weapons.length > 0) out.push({ model: mid, unit: uid, weapons });
    }
  }
  return out;
}

/** Embarked model → the weapon it lends (absent: it lends none). */
export type DeckChoice = Readonly<Record<ModelId, string>>;

/** Enemy units on the table with a model in this weapon's range of the firing model. */
export function deckTargets(state: W40State, carrier: ModelInfo | undefined, weapon: WeaponSheet, player: string): UnitId[] {
  if (!carrier) return [];
  return Object.entries(state.game.units)
    .filter(([, s]) => s.sheet.player !== player && s.location === "table")
    .map(([id]) => id)
    .filter((id) => inRange(carrier, weapon, state.models.filter((m) => m.unit === id)));
}

export interface DeckRows {
  firing_deck: DeckIn[];
  attacks: AttackIn[];
}

/** The command's `firing_deck` and the transport's attacks with the lent weapons. */
export function deckRows(
  carrier: ModelId | undefined,
  choice: DeckChoice,
  targets: Readonly<Record<ModelId, UnitId | null>>,
): DeckRows {
  const out: DeckRows = { firing_deck: [], attacks: [] };
  if (!carrier) return out;
  for (const [model, weapon] of Object.entries(choice)) {
    const target = targets[model];
    if (!weapon || !target) continue;
    out.firing_deck.push({ model, weapon });
    out.attacks.push({ model: carrier, weapon: deckName(model, weapon), target });
  }
  return out;
}
