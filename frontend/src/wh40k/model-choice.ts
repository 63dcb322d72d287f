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
  const what = several && profile ? `${profile.name}, ` : "";
  return `${names.model(model)} (${what}${shown?.wounds ?? "?"}W)`;
}
