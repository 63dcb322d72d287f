// What a drag is checked against, by system: whether the server's unit check (coherency and
// engagement) applies, and the engagement range drawn round each dragged base (inches from the
// edge). Deathmatch's engagement is a control zone, not a distance: it is checked, not drawn.
// The sandbox has neither rule, so its drags are not checked.

export interface DragRules {
  engagementRange: number | null;
}

const RULES: Readonly<Record<string, DragRules>> = {
  "wh40k-10e": { engagementRange: 1 },
  "wh40k-9e": { engagementRange: 1 },
  "wh40k-8e": { engagementRange: 1 },
  deathmatch: { engagementRange: null },
};

export const dragRules = (system: string | null): DragRules | null =>
  (system === null ? undefined : RULES[system]) ?? null;
