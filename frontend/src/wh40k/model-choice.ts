// The label of a model a player chooses for a wound (allocation, mortal wounds, Hazardous): the
// choice is asked only when the models differ (R6, R30), so the label says how.

import type { ModelId } from "../protocol/messages";
import type { Namer } from "./names";
import type { W40State } from "./wire";

/** "Seedling Brood #5 (Seedling Elder, 3W)": the profile's name only when the unit has several. Pure. */
export function modelChoiceLabel(state: W40State | null, names: Namer, model: ModelId): string {
  const shown = state?.models.find((m) => m.id === model);
  const profiles = (shown && state?.game.units[shown.unit]?.sheet.models) || [];
  const profile = profiles.find(([id]) => id === model)?.[1];
  const several = new Set(profiles.map(([, p]) => p.name)).size > 1;
  const named = names.model(model);
  // An attached Leader's model is already named by its own unit ("Cinderwright Exarch").
  // (decided by the namer, not by the name: "Trooper Squad #2" keeps "Trooper", h4 s15 r3 #5).
  const what = several && profile && !names.isLeaderModel(model) ? `${profile.name}, ` : "";
  return `${named} (${what}${shown?.wounds ?? "?"}W)`;
}

/** A Precision choice, named by its profile as docs/wh40k10e.md "Browser" promises:
 * "Cinderwright Exarch (4++, 5W)" (a Leader's model keeps its own sheet's invulnerable save). Pure. */
export function precisionLabel(state: W40State | null, names: Namer, model: ModelId): string {
  const shown = state?.models.find((m) => m.id === model);
  const sheets = Object.values(state?.game.units ?? {}).filter((s) => s.sheet.models.some(([id]) => id === model));
  // The Leader's own sheet (location "attached") before the Bodyguard unit's combined one.
  const own = sheets.find((s) => s.location === "attached") ?? sheets[0];
  const profile = own?.sheet.models.find(([id]) => id === model)?.[1];
  if (!profile) return modelChoiceLabel(state, names, model);
  const inv = own?.sheet.invulnerable ? `${own.sheet.invulnerable}++, ` : "";
  return `${profile.name} (${inv}${shown?.wounds ?? profile.wounds}W)`;
}
