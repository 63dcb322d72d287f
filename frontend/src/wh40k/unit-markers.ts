// The status markers a unit carries on the table and on its card (battle-shocked, advanced,
// fell back, charged...), read from the projected unit status. Pure.

import type { UnitStatus } from "./wire";

export interface Marker {
  code: string;
  label: string;
  tone: "bad" | "move" | "done" | "effect";
}

const EFFECTS: Readonly<Record<string, [string, string]>> = {
  go_to_ground: ["GtG", "Gone to Ground"],
  smokescreen: ["Smk", "Smokescreen"],
  overwatch: ["OW", "Fired Overwatch"],
  command_reroll: ["RR", "Command Re-roll used"],
  epic_challenge: ["EC", "Epic Challenge"],
};

export function unitMarkers(s: UnitStatus): Marker[] {
  const out: Marker[] = [];
  if (s.battle_shocked) out.push({ code: "BS", label: "Battle-shocked", tone: "bad" });
  if (s.below_half && s.location === "table") out.push({ code: "½", label: "Below Half-strength", tone: "bad" });
  if (s.move === "advance") out.push({ code: "Adv", label: `Advanced${s.advance_roll ? ` (+${s.advance_roll}")` : ""}`, tone: "move" });
  else if (s.advance_roll !== null) out.push({ code: `+${s.advance_roll}`, label: `Advance roll ${s.advance_roll}`, tone: "move" });
  if (s.move === "fall_back") out.push({ code: "FB", label: "Fell Back", tone: "move" });
  if (s.move === "stationary") out.push({ code: "St", label: "Remained Stationary", tone: "move" });
  if (s.move === "normal" && s.moved_this_phase) out.push({ code: "Mv", label: "Moved", tone: "move" });
  if (s.charged) out.push({ code: "Chg", label: "Charged", tone: "move" });
  if (s.shot) out.push({ code: "Sh", label: "Has shot", tone: "done" });
  if (s.fought) out.push({ code: "F", label: "Has fought", tone: "done" });
  if (s.location === "reserves") out.push({ code: "Res", label: s.reserve === "strategic" ? "In Strategic Reserves" : "In Reserves (Deep Strike)", tone: "effect" });
  if (s.location === "embarked") out.push({ code: "Emb", label: "Embarked", tone: "effect" });
  for (const effect of s.effects) {
    const known = EFFECTS[effect.split(":")[0] ?? effect];
    if (known) out.push({ code: known[0], label: known[1], tone: "effect" });
  }
  return out;
}
