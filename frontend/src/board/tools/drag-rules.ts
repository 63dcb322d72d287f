// What a drag is checked against, by system: whether the server's unit check applies (coherency,
// engagement, overlapping bases), and the engagement range drawn round each dragged base (inches
// from the edge). Deathmatch's engagement is a control zone, not a distance: it is checked, not
// drawn. The sandbox has neither rule: its drags are checked for overlapping bases only.

export interface DragRules {
  engagementRange: number | null;
  /** The system has unit coherency (Deathmatch fighters act alone). */
  coherency: boolean;
  /** How the system names being in reach of an enemy: a range, a melee control zone, or none. */
  engagement: "range" | "control zone" | null;
}

const WARHAMMER: DragRules = { engagementRange: 1, coherency: true, engagement: "range" };

const RULES: Readonly<Record<string, DragRules>> = {
  "wh40k-10e": WARHAMMER,
  "wh40k-9e": WARHAMMER,
  "wh40k-8e": WARHAMMER,
  deathmatch: { engagementRange: null, coherency: false, engagement: "control zone" },
  sandbox: { engagementRange: null, coherency: false, engagement: null },
};

export const dragRules = (system: string | null): DragRules | null =>
  (system === null ? undefined : RULES[system]) ?? null;
