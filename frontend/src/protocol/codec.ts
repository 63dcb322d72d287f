// Parse what the server sends (never trusting its shape) and encode what the client sends.

import type {
  Base,
  ClientMessage,
  GameEvent,
  ModelInfo,
  ModelMoved,
  Objective,
  PlayerInfo,
  ServerMessage,
  TableState,
  TerrainPiece,
  UnitInfo,
  Viewer,
} from "./messages";
import {
  DecodeError,
  type Json,
  integer,
  isObject,
  list,
  number,
  object,
  optional,
  pair,
  string,
} from "./read";

export { DecodeError } from "./read";

const strings = (value: Json, path: string): string[] => list(value, path, string);

export function decodeBase(value: Json, path: string): Base {
  const o = object(value, path);
  const shape = string(o["shape"], `${path}.shape`);
  switch (shape) {
    case "circle":
      return { shape, diameter_mm: number(o["diameter_mm"], `${path}.diameter_mm`) };
    case "oval":
      return {
        shape,
        length_mm: number(o["length_mm"], `${path}.length_mm`),
        width_mm: number(o["width_mm"], `${path}.width_mm`),
      };
    case "hull":
      return { shape, points: list(o["points"], `${path}.points`, pair) };
    default:
      throw new DecodeError(`${path}.shape`, `unknown base shape "${shape}"`);
  }
}

function decodePlayer(value: Json, path: string): PlayerInfo {
  // Scenario-format set-ups name players by bare id; the state gives objects.
  if (typeof value === "string") return { id: value, name: value, color: "#888888" };
  const o = object(value, path);
  const id = string(o["id"], `${path}.id`);
  return {
    id,
    name: optional(o["name"], `${path}.name`, string, id),
    color: optional(o["color"], `${path}.color`, string, "#888888"),
  };
}

function decodeUnit(value: Json, path: string): UnitInfo {
  const o = object(value, path);
  const id = string(o["id"], `${path}.id`);
  return {
    id,
    player: string(o["player"], `${path}.player`),
    name: optional(o["name"], `${path}.name`, string, "") || id,
    keywords: optional(o["keywords"], `${path}.keywords`, strings, []),
  };
}

function decodeModel(value: Json, path: string): ModelInfo {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    unit: string(o["unit"], `${path}.unit`),
    name: optional(o["name"], `${path}.name`, string, ""),
    base: decodeBase(o["base"], `${path}.base`),
    x: number(o["x"], `${path}.x`),
    y: number(o["y"], `${path}.y`),
    z: optional(o["z"], `${path}.z`, number, 0),
    height: optional(o["height"], `${path}.height`, number, 0),
    facing: optional(o["facing"], `${path}.facing`, number, 0),
    wounds: optional(o["wounds"], `${path}.wounds`, number, 1),
  };
}

function decodeTerrain(value: Json, path: string): TerrainPiece {
  const o = object(value, path);
  const piece: TerrainPiece = {
    id: string(o["id"], `${path}.id`),
    kind: string(o["kind"], `${path}.kind`),
    polygon: list(o["polygon"], `${path}.polygon`, pair),
    height: optional(o["height"], `${path}.height`, number, 0),
    traits: optional(o["traits"], `${path}.traits`, strings, []),
  };
  const name = optional(o["name"], `${path}.name`, string, "");
  if (name) piece.name = name;
  const floors = optional(o["floors"], `${path}.floors`, (v: Json, p: string) => list(v, p, number), []);
  if (floors.length > 0) piece.floors = floors;
  return piece;
}

function decodeObjective(value: Json, path: string): Objective {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    x: number(o["x"], `${path}.x`),
    y: number(o["y"], `${path}.y`),
    diameter_mm: optional(o["diameter_mm"], `${path}.diameter_mm`, number, 40),
  };
}

export function decodeTableState(value: Json, path = "state"): TableState {
  const o = object(value, path);
  const table = object(o["table"], `${path}.table`);
  return {
    table: {
      width: number(table["width"], `${path}.table.width`),
      depth: number(table["depth"], `${path}.table.depth`),
    },
    players: optional(o["players"], `${path}.players`, (v, p) => list(v, p, decodePlayer), []),
    units: optional(o["units"], `${path}.units`, (v, p) => list(v, p, decodeUnit), []),
    models: optional(o["models"], `${path}.models`, (v, p) => list(v, p, decodeModel), []),
    terrain: optional(o["terrain"], `${path}.terrain`, (v, p) => list(v, p, decodeTerrain), []),
    objectives: optional(
      o["objectives"],
      `${path}.objectives`,
      (v, p) => list(v, p, decodeObjective),
      [],
    ),
  };
}

function decodeViewer(value: Json, path: string): Viewer {
  const o = object(value, path);
  const role = string(o["role"], `${path}.role`);
  if (role !== "player" && role !== "spectator") {
    throw new DecodeError(`${path}.role`, `unknown role "${role}"`);
  }
  return { role, player: optional(o["player"], `${path}.player`, string, null) };
}

function decodeModelMoved(value: Json, path: string): ModelMoved {
  const o = object(value, path);
  return {
    model: string(o["model"], `${path}.model`),
    x: number(o["x"], `${path}.x`),
    y: number(o["y"], `${path}.y`),
    z: optional(o["z"], `${path}.z`, number, 0),
    facing: optional(o["facing"], `${path}.facing`, number, 0),
    distance: optional(o["distance"], `${path}.distance`, number, 0),
  };
}

export function decodeEvent(value: Json, path = "e"): GameEvent {
  const o = object(value, path);
  const type = string(o["type"], `${path}.type`);
  if (type === "models_moved") {
    return {
      type,
      player: string(o["player"], `${path}.player`),
      moves: list(o["moves"], `${path}.moves`, decodeModelMoved),
    };
  }
  return { ...o, type };
}

function decodeDetail(value: Json): Record<string, unknown> | undefined {
  return isObject(value) ? value : undefined;
}

/** One server message from its JSON text; throws `DecodeError` naming the bad field. */
export function decodeServerMessage(text: string): ServerMessage {
  return decodeServerMessageWith(text, decodeTableState);
}

/** The same for a system whose snapshot `state` is not a table: `decodeState` checks it. */
export function decodeServerMessageWith<S>(
  text: string,
  decodeState: (value: Json, path: string) => S,
): ServerMessage<S> {
  let parsed: Json;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DecodeError("$", "not JSON");
  }
  const o = object(parsed, "$");
  const type = string(o["type"], "type");
  switch (type) {
    case "welcome":
      return {
        type,
        game: string(o["game"], "game"),
        system: string(o["system"], "system"),
        viewer: decodeViewer(o["viewer"], "viewer"),
        v: integer(o["v"], "v"),
      };
    case "snapshot":
      return { type, v: integer(o["v"], "v"), state: decodeState(o["state"], "state") };
    case "event": {
      const v = integer(o["v"], "v");
      return o["e"] === undefined || o["e"] === null
        ? { type, v }
        : { type, v, e: decodeEvent(o["e"]) };
    }
    case "ack":
      return { type, intent_id: string(o["intent_id"], "intent_id"), v: integer(o["v"], "v") };
    case "rejected": {
      const code = string(o["code"], "code");
      const message: ServerMessage<S> = {
        type,
        code,
        message: optional(o["message"], "message", string, code),
      };
      if (typeof o["intent_id"] === "string") message.intent_id = o["intent_id"];
      if (typeof o["req_id"] === "number") message.req_id = o["req_id"];
      const detail = decodeDetail(o["detail"]);
      if (detail) message.detail = detail;
      return message;
    }
    case "answer":
      return { type, req_id: integer(o["req_id"], "req_id"), a: o["a"] };
    case "pong":
      return { type, v: integer(o["v"], "v") };
    default:
      throw new DecodeError("type", `unknown message type "${type}"`);
  }
}

export function encodeClientMessage(message: ClientMessage): string {
  return JSON.stringify(message);
}
