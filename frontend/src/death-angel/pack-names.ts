// The public card data of a game (the answer to {"kind": "pack"}), kept as names for the log and
// the table: who a marine is after he died, what a genestealer type or an event is called.

import { type Json, isObject } from "../protocol/read";
import type { DaState } from "./wire";

export interface DieFace {
  value: number;
  skull: boolean;
}

export interface PackNames {
  die: DieFace[];
  marines: ReadonlyMap<string, string>;
  actions: ReadonlyMap<string, string>;
  teams: ReadonlyMap<string, { name: string; colour: string }>;
  genestealers: ReadonlyMap<string, string>;
  broodlords: ReadonlyMap<string, string>;
  terrain: ReadonlyMap<string, string>;
  locations: ReadonlyMap<string, string>;
  events: ReadonlyMap<string, string>;
  /** Action and event cards that have an ability (ids); null until a pack has been read. */
  abilities: ReadonlySet<string> | null;
}

const items = (value: Json): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isObject) : [];
const str = (o: Record<string, unknown>, key: string): string =>
  typeof o[key] === "string" ? o[key] : "";

function names(value: Json): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of items(value))
    if (str(o, "id")) out.set(str(o, "id"), str(o, "name") || str(o, "id"));
  return out;
}

export const EMPTY_NAMES: PackNames = {
  die: [],
  marines: new Map(),
  actions: new Map(),
  teams: new Map(),
  genestealers: new Map(),
  broodlords: new Map(),
  terrain: new Map(),
  locations: new Map(),
  events: new Map(),
  abilities: null,
};

/** Read what the UI needs from a pack, leniently: anything missing just has no name. */
export function readPack(value: Json): PackNames {
  if (!isObject(value)) return EMPTY_NAMES;
  const teams = items(value["teams"]);
  const marines = new Map<string, string>();
  const actions = new Map<string, string>();
  const teamInfo = new Map<string, { name: string; colour: string }>();
  for (const t of teams) {
    teamInfo.set(str(t, "id"), { name: str(t, "name"), colour: str(t, "colour") || "#888888" });
    for (const [id, name] of names(t["marines"])) marines.set(id, name);
    for (const [id, name] of names(t["actions"])) actions.set(id, name);
  }
  const abilities = new Set<string>();
  for (const card of [...teams.flatMap((t) => items(t["actions"])), ...items(value["events"])]) {
    if (isObject(card["ability"] ?? null) && str(card, "id")) abilities.add(str(card, "id"));
  }
  const genestealers = new Map<string, string>();
  for (const g of items(value["genestealers"])) {
    genestealers.set(str(g, "type"), str(g, "name") || str(g, "type"));
  }
  const die = items(value["die"]).map((f) => ({
    value: typeof f["value"] === "number" ? f["value"] : 0,
    skull: f["skull"] === true,
  }));
  return {
    die,
    marines,
    actions,
    teams: teamInfo,
    genestealers,
    broodlords: names(value["broodlords"]),
    terrain: names(value["terrain"]),
    locations: names([...items(value["locations"]), ...items(value["setups"])]),
    events: names(value["events"]),
    abilities,
  };
}

interface Named {
  id: string;
  name: string;
}

/** Every named thing a projected state shows, by kind (the pack may not have come yet). */
function namesInState(state: DaState | null): Record<NameKind, Map<string, string>> {
  const rows = state?.formation ?? [];
  const swarmCards = [
    ...rows.flatMap((r) => r.swarms.flatMap((g) => g.cards)),
    ...(state?.stray ?? []),
    ...(state?.genestealer_discard ?? []),
  ];
  const teams = state?.teams ?? [];
  const actions = [
    ...(state?.hand ?? []),
    ...(state?.resolution.order ?? []),
    ...teams.flatMap((t) => [t.chosen, t.last_card]),
  ];
  const event = state?.event?.card;
  return {
    marine: byId(rows.map((r) => r.marine)),
    action: byId(actions),
    team: byId(teams),
    terrain: byId(rows.flatMap((r) => r.terrain)),
    location: byId(state?.location ? [state.location] : []),
    event: byId(event ? [event] : []),
    swarm: byId(swarmCards),
  };
}

type NameKind = "marine" | "action" | "team" | "terrain" | "location" | "event" | "swarm";

/** Names by id; unnamed things (an older server's plain genestealers) are left out. */
function byId(items: readonly (Named | null | undefined)[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of items) if (item?.name) out.set(item.id, item.name);
  return out;
}

/** Names for ids, from the pack and, failing that, the state (the pack may not have come yet). */
export class Namer {
  private readonly seen: Record<NameKind, Map<string, string>>;

  constructor(
    readonly pack: PackNames,
    state: DaState | null,
  ) {
    this.seen = namesInState(state);
  }

  marine(id: string | null | undefined): string {
    if (!id) return "a marine";
    return this.pack.marines.get(id) ?? this.seen.marine.get(id) ?? id;
  }

  action(id: string): string {
    return this.pack.actions.get(id) ?? this.seen.action.get(id) ?? id;
  }

  team(id: string): string {
    return this.pack.teams.get(id)?.name ?? this.seen.team.get(id) ?? id;
  }

  event(id: string): string {
    return this.pack.events.get(id) ?? this.seen.event.get(id) ?? id;
  }

  terrain(id: string): string {
    return this.pack.terrain.get(id) ?? this.seen.terrain.get(id) ?? id;
  }

  location(id: string): string {
    return this.pack.locations.get(id) ?? this.seen.location.get(id) ?? id;
  }

  /** A genestealer card id (`talon-3`) or a broodlord id, as its type's or lord's name. */
  genestealer(card: string): string {
    const lord = this.pack.broodlords.get(card);
    if (lord) return lord;
    const type = card.replace(/-\d+$/, "");
    return this.pack.genestealers.get(type) ?? this.seen.swarm.get(card) ?? type;
  }

  /** Whether an action or event card has an ability; null while the pack is unknown. */
  hasAbility(card: string): boolean | null {
    return this.pack.abilities === null ? null : this.pack.abilities.has(card);
  }

  genestealerType(type: string): string {
    return this.pack.genestealers.get(type) ?? type;
  }
}
