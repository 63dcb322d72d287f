// The end-of-game summary: per side, what was scored, kept and lost. Pure.

import type { Logged } from "./w40-store";
import type { W40State } from "./wire";

export interface SideSummary {
  player: string;
  vp: number;
  cp: number;
  unitsLeft: number;
  units: number;
  modelsLost: number;
  /** Damage dealt by this side's attacks (sum of `weapon_resolved` damage). */
  damageDealt: number;
  stratagems: number;
}

export function summarize(state: W40State, events: readonly Logged[]): SideSummary[] {
  const g = state.game;
  return state.players.map((p) => {
    const units = Object.values(g.units).filter((s) => s.sheet.player === p.id);
    const ownUnit = (id: unknown): boolean => typeof id === "string" && g.units[id]?.sheet.player === p.id;
    let damageDealt = 0;
    let stratagems = 0;
    for (const { e } of events) {
      if (e.type === "weapon_resolved" && ownUnit(e["unit"])) damageDealt += Number(e["damage"]) || 0;
      if (e.type === "stratagem_used" && e["player"] === p.id) stratagems += 1;
    }
    return {
      player: p.id,
      vp: g.result?.vp[p.id] ?? g.sides[p.id]?.vp ?? 0,
      cp: g.sides[p.id]?.cp ?? 0,
      units: units.length,
      unitsLeft: units.filter((s) => s.location !== "destroyed").length,
      modelsLost: units.reduce((n, s) => n + s.destroyed_models, 0),
      damageDealt,
      stratagems,
    };
  });
}

const REASONS: Readonly<Record<string, string>> = {
  rounds_complete: "all battle rounds played",
  concede: "a player conceded",
  destroyed: "an army was destroyed",
};

export const reasonWords = (reason: string): string => REASONS[reason] ?? reason.replaceAll("_", " ");
