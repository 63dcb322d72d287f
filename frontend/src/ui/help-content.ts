// Which help a page shows (help-panel.tsx): a table system's (table-help.ts), or a refereed
// game's (game-help.ts: Warhammer 40,000 10th edition, Space Hulk: Death Angel). Pure.

import { type HelpContent, deathAngelHelp, wh40kHelp } from "./game-help";
import { type HelpFor, helpSections, refereeText } from "./table-help";

export type { HelpContent } from "./game-help";
export type { HelpFor } from "./table-help";

const TABLE_BUTTON = "Help: controls and what this table referees (?)";

export function helpFor({ system, spectator }: HelpFor): HelpContent {
  if (system === "wh40k-10e") return wh40kHelp(spectator);
  if (system === "death-angel") return deathAngelHelp(spectator);
  return {
    title: "Table help",
    button: TABLE_BUTTON,
    refereeTitle: "What this table referees",
    referee: refereeText(system),
    sections: helpSections({ system, spectator }),
  };
}

/** The "?" button's words for a system's page. */
export const helpButtonLabel = (system: string | null): string => helpFor({ system, spectator: true }).button;
