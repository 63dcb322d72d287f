// Check the projected 10th-edition state (never trusting its shape): the table through the
// table codec, then `game`. A missing optional field gets its default; a wrong kind throws a
// DecodeError naming the field.

import { decodeBase, decodeTableState } from "../protocol/codec";
import {
  DecodeError,
  type Json,
  type JsonObject,
  isObject,
  list,
  number,
  object,
  optional,
  pair,
  string,
} from "../protocol/read";
import type {
  AbilityNote,
  AttackPlan,
  Fairness,
  Game,
  ModelSheet,
  Pending,
  Phase,
  Result,
  SideState,
  UndoOffer,
  UnitSheet,
  UnitStatus,
  W40State,
  WeaponSheet,
} from "./wire";

type Read<T> = (value: Json, path: string) => T;

const bool: Read<boolean> = (value, path) => {
  if (typeof value !== "boolean") throw new DecodeError(path, "must be true or false");
  return value;
};
const num = (o: JsonObject, key: string, path: string, fallback = 0): number =>
  optional(o[key], `${path}.${key}`, number, fallback);
const text = (o: JsonObject, key: string, path: string, fallback = ""): string =>
  optional(o[key], `${path}.${key}`, string, fallback);
const flag = (o: JsonObject, key: string, path: string): boolean =>
  optional(o[key], `${path}.${key}`, bool, false);
const maybe = <T>(o: JsonObject, key: string, path: string, read: Read<T>): T | null =>
  optional<T | null>(o[key], `${path}.${key}`, read, null);
const strings = (o: JsonObject, key: string, path: string): string[] =>
  optional(o[key], `${path}.${key}`, (v, p) => list(v, p, string), []);
const record = <T>(o: JsonObject, key: string, path: string, read: Read<T>): Record<string, T> => {
  const value = o[key];
  if (value === undefined || value === null) return {};
  const obj = object(value, `${path}.${key}`);
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = read(v, `${path}.${key}.${k}`);
  return out;
};
const nullableString: Read<string | null> = (v, p) => optional<string | null>(v, p, string, null);

const PHASES: readonly Phase[] = ["setup", "command", "movement", "shooting", "charge", "fight", "over"];

function phase(value: Json, path: string): Phase {
  const s = string(value, path);
  const found = PHASES.find((p) => p === s);
  if (!found) throw new DecodeError(path, `unknown phase "${s}"`);
  return found;
}

export const decodePending: Read<Pending> = (value, path) => {
  const o = object(value, path);
  return {
    player: string(o["player"], `${path}.player`),
    kind: string(o["kind"], `${path}.kind`),
    unit: maybe(o, "unit", path, string),
    options: strings(o, "options", path),
    detail: isObject(o["detail"]) ? o["detail"] : {},
  };
};

const side: Read<SideState> = (value, path) => {
  const o = object(value, path);
  return {
    cp: num(o, "cp", path),
    vp: num(o, "vp", path),
    declared: flag(o, "declared", path),
    stratagems_this_phase: strings(o, "stratagems_this_phase", path),
    overwatch_used: flag(o, "overwatch_used", path),
    // the player's settings: on unless the server says off
    reroll_offers: optional(o["reroll_offers"], `${path}.reroll_offers`, bool, true),
    reaction_offers: optional(o["reaction_offers"], `${path}.reaction_offers`, bool, true),
  };
};

const weapon: Read<WeaponSheet> = (value, path) => {
  const o = object(value, path);
  return {
    name: string(o["name"], `${path}.name`),
    kind: o["kind"] === "melee" ? "melee" : "ranged",
    range: maybe(o, "range", path, number),
    attacks: text(o, "attacks", path, "1"),
    skill: maybe(o, "skill", path, number),
    strength: num(o, "strength", path, 1),
    ap: num(o, "ap", path),
    damage: text(o, "damage", path, "1"),
    abilities: strings(o, "abilities", path),
    unrefereed: strings(o, "unrefereed", path),
  };
};

// A server without R39 sends no mark: such an ability is taken as not refereed (say too little
// rather than claim the referee applies it).
const abilityNote: Read<AbilityNote> = (value, path) => {
  const o = object(value, path);
  return {
    name: string(o["name"], `${path}.name`),
    text: text(o, "text", path),
    refereed: flag(o, "refereed", path),
    ...(flag(o, "enhancement", path) ? { enhancement: true } : {}),
  };
};

const modelSheet: Read<ModelSheet> = (value, path) => {
  const o = object(value, path);
  return {
    name: text(o, "name", path),
    move: num(o, "move", path),
    toughness: num(o, "toughness", path),
    save: num(o, "save", path),
    wounds: num(o, "wounds", path, 1),
    leadership: num(o, "leadership", path),
    oc: num(o, "oc", path),
    base: decodeBase(o["base"], `${path}.base`),
    weapons: strings(o, "weapons", path),
  };
};

const sheetModel: Read<[string, ModelSheet]> = (value, path) => {
  const items = list(value, path, (v) => v);
  if (items.length !== 2) throw new DecodeError(path, "must be a pair [id, profile]");
  return [string(items[0], `${path}[0]`), modelSheet(items[1], `${path}[1]`)];
};

const sheet: Read<UnitSheet> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    player: string(o["player"], `${path}.player`),
    name: text(o, "name", path),
    keywords: strings(o, "keywords", path),
    abilities: strings(o, "abilities", path),
    points: num(o, "points", path),
    invulnerable: maybe(o, "invulnerable", path, number),
    feel_no_pain: maybe(o, "feel_no_pain", path, number),
    scouts: num(o, "scouts", path),
    capacity: num(o, "capacity", path),
    firing_deck: num(o, "firing_deck", path),
    weapons: optional(o["weapons"], `${path}.weapons`, (v, p) => list(v, p, weapon), []),
    models: optional(o["models"], `${path}.models`, (v, p) => list(v, p, sheetModel), []),
    leads: strings(o, "leads", path),
    datasheet: optional(o["datasheet"], `${path}.datasheet`, (v, p) => list(v, p, abilityNote), []),
  };
};

const LOCATIONS = ["undeployed", "table", "reserves", "embarked", "destroyed", "attached"] as const;
const MOVES = ["none", "stationary", "normal", "advance", "fall_back"] as const;

function oneOf<T extends string>(choices: readonly T[], fallback: T): Read<T> {
  return (value, path) => {
    const s = optional(value, path, string, fallback);
    const found = choices.find((c) => c === s);
    if (!found) throw new DecodeError(path, `unknown value "${s}"`);
    return found;
  };
}

const status: Read<UnitStatus> = (value, path) => {
  const o = object(value, path);
  const reserve = maybe(o, "reserve", path, string);
  return {
    location: oneOf(LOCATIONS, "undeployed")(o["location"], `${path}.location`),
    reserve: reserve === "deep_strike" || reserve === "strategic" ? reserve : null,
    transport: maybe(o, "transport", path, string),
    move: oneOf(MOVES, "none")(o["move"], `${path}.move`),
    moved_this_phase: flag(o, "moved_this_phase", path),
    advance_roll: maybe(o, "advance_roll", path, number),
    charged: flag(o, "charged", path),
    cannot_charge: flag(o, "cannot_charge", path),
    charge_declared: flag(o, "charge_declared", path),
    shot: flag(o, "shot", path),
    fought: flag(o, "fought", path),
    battle_shocked: flag(o, "battle_shocked", path),
    failed_shock_now: flag(o, "failed_shock_now", path),
    disembarked_now: flag(o, "disembarked_now", path),
    started_embarked: flag(o, "started_embarked", path),
    effects: strings(o, "effects", path),
    leader: maybe(o, "leader", path, string),
    attached_to: maybe(o, "attached_to", path, string),
    spent: strings(o, "spent", path),
    models_left: num(o, "models_left", path),
    below_half: flag(o, "below_half", path),
    destroyed_models: num(o, "destroyed_models", path),
    character_models: strings(o, "character_models", path),
    sheet: sheet(o["sheet"], `${path}.sheet`),
  };
};

const attack: Read<AttackPlan> = (value, path) => {
  const o = object(value, path);
  return {
    unit: string(o["unit"], `${path}.unit`),
    player: string(o["player"], `${path}.player`),
    melee: flag(o, "melee", path),
    overwatch: flag(o, "overwatch", path),
    assignments: optional(
      o["assignments"],
      `${path}.assignments`,
      (v, p) =>
        list(v, p, (a, q) => {
          const r = object(a, q);
          return {
            model: string(r["model"], `${q}.model`),
            weapon: string(r["weapon"], `${q}.weapon`),
            target: string(r["target"], `${q}.target`),
          };
        }),
      [],
    ),
  };
};

const result: Read<Result> = (value, path) => {
  const o = object(value, path);
  return {
    winner: maybe(o, "winner", path, string),
    reason: text(o, "reason", path),
    vp: record(o, "vp", path, number),
  };
};

const undo: Read<UndoOffer> = (value, path) => {
  const o = object(value, path);
  return {
    player: string(o["player"], `${path}.player`),
    label: text(o, "label", path),
    requested: flag(o, "requested", path),
  };
};

export const decodeGame: Read<Game> = (value, path) => {
  const o = object(value, path);
  return {
    round: num(o, "round", path),
    rounds: num(o, "rounds", path, 5),
    phase: phase(o["phase"], `${path}.phase`),
    step: text(o, "step", path),
    active: maybe(o, "active", path, string),
    first: maybe(o, "first", path, string),
    attacker: maybe(o, "attacker", path, string),
    strict: optional(o["strict"], `${path}.strict`, bool, true),
    rules_revision: num(o, "rules_revision", path, 1),
    battle_size: text(o, "battle_size", path, "incursion"),
    pending: maybe(o, "pending", path, decodePending),
    sides: record(o, "sides", path, side),
    zones: record(o, "zones", path, (v, p) => list(v, p, pair)),
    control: record(o, "control", path, nullableString),
    units: record(o, "units", path, status),
    charge_roll: maybe(o, "charge_roll", path, number),
    attack: maybe(o, "attack", path, attack),
    undo: maybe(o, "undo", path, undo),
    result: maybe(o, "result", path, result),
  };
};

export function decodeW40State(value: Json, path = "state"): W40State {
  const table = decodeTableState(value, path);
  const o = object(value, path);
  return { ...table, game: decodeGame(o["game"], `${path}.game`) };
}

/** `dice` of the welcome or the game view; null when absent or malformed. */
export function readFairness(value: Json): Fairness | null {
  if (!isObject(value) || typeof value["commitment"] !== "string") return null;
  return {
    commitment: value["commitment"],
    rolls: typeof value["rolls"] === "number" ? value["rolls"] : 0,
    seed: typeof value["seed"] === "string" ? value["seed"] : null,
    ...(Array.isArray(value["entropy_pending"])
      ? { entropy_pending: value["entropy_pending"].filter((p): p is string => typeof p === "string") }
      : {}),
  };
}
