// Names for the log and the panels: players, units, models, stratagems, phases.

import type { W40State } from "./wire";

export interface Namer {
  player(id: string | null | undefined): string;
  unit(id: string | null | undefined): string;
  /** "Ashguard Line #3" (the model's number within its unit), a one-model unit's by the unit's
   * name alone; an attached Leader's model by its own unit: "Cinderwright Exarch" or "Name #2". */
  model(id: string | null | undefined): string;
  /** The model is an attached Leader's (named by its own unit, not the Bodyguard's). */
  isLeaderModel(id: string | null | undefined): boolean;
  /** A server message with the unit, model and terrain ids it names put in words. */
  words(message: string): string;
}

/** Ids are letters, digits, `-` and `_`; the server quotes some (`'p1-a'`). */
const ID_TOKEN = /'?([A-Za-z0-9][A-Za-z0-9_-]*)'?/g;

const modelNumber = (id: string): string => /-(\d+)$/.exec(id)?.[1] ?? id;

export function namer(state: W40State | null): Namer {
  const players = new Map(state?.players.map((p) => [p.id, p.name]) ?? []);
  const units = new Map(state?.units.map((u) => [u.id, u.name]) ?? []);
  for (const [id, status] of Object.entries(state?.game.units ?? {})) {
    if (!units.has(id)) units.set(id, status.sheet.name || id);
  }
  const unitOfModel = (id: string): string | undefined =>
    state?.models.find((m) => m.id === id)?.unit ??
    [...units.keys()].filter((u) => id.startsWith(`${u}-`)).sort((a, b) => b.length - a.length)[0];
  const models = new Set(state?.models.map((m) => m.id) ?? []);
  const terrain = new Map(state?.terrain.map((t) => [t.id, t.name || t.kind]) ?? []);
  // An attached Leader's models stand in the Bodyguard unit but keep their own unit's name
  // (its own sheet, location "attached"): "Cinderwright Exarch", not "Ashguard Line #1" (h4 s15 #6).
  const leaderOf = new Map<string, { unit: string; count: number }>();
  for (const [id, status] of Object.entries(state?.game.units ?? {})) {
    if (status.location !== "attached") continue;
    for (const [m] of status.sheet.models) leaderOf.set(m, { unit: id, count: status.sheet.models.length });
  }
  // A unit of one model (by its sheet: a unit down to its last model keeps its numbers) names
  // its model by the unit alone: "Cinderwright Exarch", not "Cinderwright Exarch #1".
  const sheetSize = new Map(
    Object.entries(state?.game.units ?? {}).map(([id, status]) => [id, status.sheet.models.length]),
  );
  const model = (id: string | null | undefined): string => {
    if (!id) return "—";
    const leader = leaderOf.get(id);
    if (leader) {
      const name = units.get(leader.unit) ?? leader.unit;
      return leader.count > 1 ? `${name} #${modelNumber(id)}` : name;
    }
    const unit = unitOfModel(id);
    if (!unit) return id;
    const name = units.get(unit) ?? unit;
    return sheetSize.get(unit) === 1 ? name : `${name} #${modelNumber(id)}`;
  };
  const word = (id: string): string | undefined =>
    units.get(id) ?? (models.has(id) ? model(id) : undefined) ?? terrain.get(id);
  return {
    player: (id) => (id ? (players.get(id) ?? id) : "nobody"),
    unit: (id) => (id ? (units.get(id) ?? id) : "—"),
    model,
    isLeaderModel: (id) => (id ? leaderOf.has(id) : false),
    words: (message) => message.replace(ID_TOKEN, (whole, id: string) => word(id) ?? whole),
  };
}

const MOVE_WORDS: Readonly<Record<string, string>> = {
  "normal move": "Normal move",
  "advance move": "Advance",
  "fall_back move": "Fall Back",
  "stationary move": "Remain Stationary",
};

/** An undo checkpoint's label ("p1-ac-hounds: normal move", the server's words) with the unit
 * named and the move in the rules' words: "Soot Hounds: Normal move". */
export function undoLabel(label: string, names: Namer): string {
  const m = /^(.*?): (\w+ move)$/.exec(label);
  if (m) return `${names.words(m[1] ?? "")}: ${MOVE_WORDS[m[2] ?? ""] ?? m[2]}`;
  return names.words(label);
}

export const PHASE_TITLE: Readonly<Record<string, string>> = {
  setup: "Set-up",
  command: "Command",
  movement: "Movement",
  shooting: "Shooting",
  charge: "Charge",
  fight: "Fight",
  over: "Game over",
};

export const STEP_TITLE: Readonly<Record<string, string>> = {
  objectives: "Place objectives",
  attacker: "Attacker and Defender",
  formations: "Declare battle formations",
  deploy: "Deploy armies",
  scouts: "Scouts moves",
};

export const STRATAGEM_TITLE: Readonly<Record<string, string>> = {
  command_reroll: "Command Re-roll",
  counter_offensive: "Counter-offensive",
  epic_challenge: "Epic Challenge",
  insane_bravery: "Insane Bravery",
  grenade: "Grenade",
  tank_shock: "Tank Shock",
  fire_overwatch: "Fire Overwatch",
  rapid_ingress: "Rapid Ingress",
  go_to_ground: "Go to Ground",
  smokescreen: "Smokescreen",
  heroic_intervention: "Heroic Intervention",
};

export const STRATAGEM_CP: Readonly<Record<string, number>> = {
  command_reroll: 1,
  counter_offensive: 2,
  epic_challenge: 1,
  insane_bravery: 1,
  grenade: 1,
  tank_shock: 1,
  fire_overwatch: 1,
  rapid_ingress: 1,
  go_to_ground: 1,
  smokescreen: 1,
  heroic_intervention: 2,
};

export const title = (table: Readonly<Record<string, string>>, key: string): string =>
  table[key] ?? key.replaceAll("_", " ");
