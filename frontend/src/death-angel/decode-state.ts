// Check the projected Death Angel state (never trusting its shape): a bad field throws a
// DecodeError naming it, like the table's codec.

import {
  DecodeError,
  type Json,
  type JsonObject,
  integer,
  isObject,
  list,
  object,
  optional,
  string,
} from "../protocol/read";
import type {
  ActionCard,
  Arrow,
  DaState,
  EventBox,
  EventCard,
  EventStep,
  Marine,
  Pending,
  Place,
  PlayerSeat,
  Roll,
  Row,
  Side,
  SwarmCard,
  SwarmGroup,
  Team,
  Terrain,
} from "./wire";

type Read<T> = (value: Json, path: string) => T;

const bool: Read<boolean> = (value, path) => {
  if (typeof value !== "boolean") throw new DecodeError(path, "must be true or false");
  return value;
};
const int = (o: JsonObject, key: string, path: string, fallback = 0): number =>
  optional(o[key], `${path}.${key}`, integer, fallback);
const text = (o: JsonObject, key: string, path: string, fallback = ""): string =>
  optional(o[key], `${path}.${key}`, string, fallback);
const flag = (o: JsonObject, key: string, path: string): boolean =>
  optional(o[key], `${path}.${key}`, bool, false);
const nullable =
  <T>(read: Read<T>): Read<T | null> =>
  (v, p) =>
    optional(v, p, read, null);
const listOf =
  <T>(read: Read<T>): Read<T[]> =>
  (v, p) =>
    optional(v, p, (x, q) => list(x, q, read), []);

export const side: Read<Side> = (value, path) => {
  if (value !== "L" && value !== "R") throw new DecodeError(path, 'must be "L" or "R"');
  return value;
};

const arrow: Read<Arrow> = (value, path) => {
  if (value !== "up" && value !== "down") throw new DecodeError(path, 'must be "up" or "down"');
  return value;
};

export const actionCard: Read<ActionCard> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    name: text(o, "name", path),
    team: text(o, "team", path),
    initiative: int(o, "initiative", path),
    kind: text(o, "kind", path),
    text: text(o, "text", path),
  };
};

const player: Read<PlayerSeat> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    teams: listOf(string)(o["teams"], `${path}.teams`),
    hand_size: int(o, "hand_size", path),
  };
};

const team: Read<Team> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    name: text(o, "name", path),
    colour: text(o, "colour", path, "#888888"),
    player: text(o, "player", path),
    marines: listOf(string)(o["marines"], `${path}.marines`),
    alive: flag(o, "alive", path),
    has_chosen: flag(o, "has_chosen", path),
    chosen: nullable(actionCard)(o["chosen"], `${path}.chosen`),
    last_card: nullable(actionCard)(o["last_card"], `${path}.last_card`),
  };
};

const marine: Read<Marine> = (value, path) => {
  const o = object(value, path);
  const arrows = object(o["arrows"], `${path}.arrows`);
  return {
    id: string(o["id"], `${path}.id`),
    name: text(o, "name", path),
    team: text(o, "team", path),
    player: text(o, "player", path),
    range: int(o, "range", path),
    facing: side(o["facing"], `${path}.facing`),
    tokens: int(o, "tokens", path),
    arrows: {
      left: arrow(arrows["left"], `${path}.arrows.left`),
      right: arrow(arrows["right"], `${path}.arrows.right`),
    },
  };
};

const terrain: Read<Terrain> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    name: text(o, "name", path),
    colour: text(o, "colour", path),
    boxes: int(o, "boxes", path),
    side: side(o["side"], `${path}.side`),
    tokens: int(o, "tokens", path),
    activated: flag(o, "activated", path),
    activatable: flag(o, "activatable", path),
    text: text(o, "text", path),
  };
};

export const swarmCard: Read<SwarmCard> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    types: listOf(string)(o["types"], `${path}.types`),
    broodlord: flag(o, "broodlord", path),
    name: text(o, "name", path),
  };
};

const group: Read<SwarmGroup> = (value, path) => {
  const o = object(value, path);
  return {
    side: side(o["side"], `${path}.side`),
    cards: listOf(swarmCard)(o["cards"], `${path}.cards`),
    attacked: flag(o, "attacked", path),
    moved: flag(o, "moved", path),
  };
};

const row: Read<Row> = (value, path) => {
  const o = object(value, path);
  return {
    position: integer(o["position"], `${path}.position`),
    marine: marine(o["marine"], `${path}.marine`),
    terrain: listOf(terrain)(o["terrain"], `${path}.terrain`),
    swarms: listOf(group)(o["swarms"], `${path}.swarms`),
  };
};

const place: Read<Place> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    name: text(o, "name", path),
    label: text(o, "label", path),
    blips: listOf(integer)(o["blips"], `${path}.blips`),
    ability: text(o, "ability", path),
    victory: text(o, "victory", path),
    progress: int(o, "progress", path),
  };
};

const box: Read<EventBox> = (value, path) => {
  const o = object(value, path);
  const kind = string(o["kind"], `${path}.kind`);
  if (kind === "spawn") {
    return { kind, colour: text(o, "colour", path), size: text(o, "size", path) };
  }
  if (kind === "move" || kind === "flank")
    return { kind, genestealer: text(o, "genestealer", path) };
  throw new DecodeError(`${path}.kind`, `unknown box "${kind}"`);
};

const eventCard: Read<EventCard> = (value, path) => {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    name: text(o, "name", path),
    instinct: flag(o, "instinct", path),
    text: text(o, "text", path),
    boxes: listOf(box)(o["boxes"], `${path}.boxes`),
  };
};

const eventStep: Read<EventStep> = (value, path) => {
  const o = object(value, path);
  return {
    drawn: flag(o, "drawn", path),
    drawn_by: nullable(string)(o["drawn_by"], `${path}.drawn_by`),
    revealed: flag(o, "revealed", path),
    box: nullable(integer)(o["box"], `${path}.box`),
    choice: nullable(string)(o["choice"], `${path}.choice`),
    card: nullable(eventCard)(o["card"], `${path}.card`),
  };
};

const roll: Read<Roll> = (value, path) => {
  const o = object(value, path);
  return {
    purpose: text(o, "purpose", path),
    marine: text(o, "marine", path),
    position: int(o, "position", path),
    side: side(o["side"], `${path}.side`),
    value: int(o, "value", path),
    skull: flag(o, "skull", path),
  };
};

const record: Read<Record<string, unknown>> = (value, path) => object(value, path);

const pending: Read<Pending> = (value, path) => {
  const o = object(value, path);
  return {
    kind: string(o["kind"], `${path}.kind`),
    players: listOf(string)(o["players"], `${path}.players`),
    commands: listOf(string)(o["commands"], `${path}.commands`),
    info: optional(o["info"], `${path}.info`, record, {}),
    options: nullable(record)(o["options"], `${path}.options`),
  };
};

const outcome = (value: Json): "won" | "lost" | null =>
  value === "won" || value === "lost" ? value : null;

/** The `state` of a death-angel snapshot or `GET /api/games/{id}`. */
export function decodeDaState(value: Json, path = "state"): DaState {
  const o = object(value, path);
  if (o["system"] !== "death-angel") throw new DecodeError(`${path}.system`, "must be death-angel");
  const pack = object(o["pack"], `${path}.pack`);
  const blips = isObject(o["blips"]) ? o["blips"] : {};
  const deck = isObject(o["location_deck"]) ? o["location_deck"] : {};
  const spawn = isObject(o["spawn"]) ? o["spawn"] : null;
  const lords = isObject(o["broodlords"]) ? o["broodlords"] : {};
  const res = isObject(o["resolution"]) ? o["resolution"] : {};
  return {
    system: "death-angel",
    pack: { id: text(pack, "id", `${path}.pack`), title: text(pack, "title", `${path}.pack`) },
    viewer: nullable(string)(o["viewer"], `${path}.viewer`),
    round: int(o, "round", path),
    phase: text(o, "phase", path),
    outcome: outcome(o["outcome"]),
    outcome_reason: nullable(string)(o["outcome_reason"], `${path}.outcome_reason`),
    first_player: nullable(string)(o["first_player"], `${path}.first_player`),
    active_player: nullable(string)(o["active_player"], `${path}.active_player`),
    players: listOf(player)(o["players"], `${path}.players`),
    teams: listOf(team)(o["teams"], `${path}.teams`),
    hand: listOf(actionCard)(o["hand"], `${path}.hand`),
    formation: listOf(row)(o["formation"], `${path}.formation`),
    stray: listOf(swarmCard)(o["stray"], `${path}.stray`),
    dead_marines: listOf(string)(o["dead_marines"], `${path}.dead_marines`),
    location: nullable(place)(o["location"], `${path}.location`),
    location_deck: {
      count: int(deck, "count", `${path}.location_deck`),
      labels: listOf(string)(deck["labels"], `${path}.location_deck.labels`),
    },
    spawn: spawn && {
      major: int(spawn, "major", `${path}.spawn`),
      minor: int(spawn, "minor", `${path}.spawn`),
    },
    blips: { L: int(blips, "L", `${path}.blips`), R: int(blips, "R", `${path}.blips`) },
    genestealer_deck: int(o, "genestealer_deck", path),
    genestealer_discard: listOf(swarmCard)(o["genestealer_discard"], `${path}.genestealer_discard`),
    event_deck: int(o, "event_deck", path),
    event_discard: listOf(string)(o["event_discard"], `${path}.event_discard`),
    support_pool: int(o, "support_pool", path),
    broodlords: {
      reserve: listOf(string)(lords["reserve"], `${path}.broodlords.reserve`),
      slain: listOf(string)(lords["slain"], `${path}.broodlords.slain`),
    },
    resolution: {
      order: listOf(actionCard)(res["order"], `${path}.resolution.order`),
      queue: listOf(string)(res["queue"], `${path}.resolution.queue`),
      current: nullable(string)(res["current"], `${path}.resolution.current`),
    },
    event: nullable(eventStep)(o["event"], `${path}.event`),
    roll: nullable(roll)(o["roll"], `${path}.roll`),
    pending: nullable(pending)(o["pending"], `${path}.pending`),
  };
}
