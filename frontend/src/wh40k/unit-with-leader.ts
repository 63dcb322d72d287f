// An attached unit by both its parts, "Ashguard Line + Cinderwright Exarch" (the unit list's
// name for it, the server's combined sheet), where the player picks or deploys it: the Namer
// names the Bodyguard alone, so a newcomer took the Leader for a unit still to deploy (audit
// s16 C #9). Pure.

import type { UnitId } from "../protocol/messages";
import type { Namer } from "./names";
import type { W40State } from "./wire";

/** The unit's name, with its attached Leader's after a "+" while one is attached. */
export function unitWithLeader(state: W40State | null, names: Namer, unit: UnitId): string {
  const leader = state?.game.units[unit]?.leader;
  const attached = leader ? state?.game.units[leader]?.location === "attached" : false;
  return leader && attached ? `${names.unit(unit)} + ${names.unit(leader)}` : names.unit(unit);
}
