// The lobby's HTTP calls (docs/protocol.md "HTTP").

import type { ApiError, CreatedGame, SetupPreset, SystemInfo, Viewer } from "../protocol/messages";
import { isObject } from "../protocol/read";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
    this.name = "ApiRequestError";
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error: ApiError =
      isObject(body) && typeof body["message"] === "string"
        ? { code: String(body["code"] ?? "http/error"), message: body["message"] }
        : { code: "http/error", message: `${response.status} ${response.statusText}` };
    throw new ApiRequestError(response.status, error);
  }
  return body as T;
}

export const listSystems = (): Promise<SystemInfo[]> => call("/api/systems");

export const listSetups = (system: string): Promise<SetupPreset[]> =>
  call(`/api/setups?system=${encodeURIComponent(system)}`);

export interface CreateGameRequest {
  system: string;
  setup?: Record<string, unknown>;
  seats?: number;
  /** A custom content pack (death-angel). */
  pack?: Record<string, unknown>;
}

export const createGame = (request: CreateGameRequest): Promise<CreatedGame> =>
  call("/api/games", { method: "POST", body: JSON.stringify(request) });

/** `GET /api/games/{id}`: this viewer's view now (`state` unchecked: each system decodes it). */
export interface GameViewAnswer {
  v: number;
  viewer: Viewer;
  system: string;
  state: unknown;
}

const gamePath = (gameId: string, token: string, tail = ""): string =>
  `/api/games/${encodeURIComponent(gameId)}${tail}?token=${encodeURIComponent(token)}`;

export const getGame = (gameId: string, token: string): Promise<GameViewAnswer> =>
  call(gamePath(gameId, token));

/** `GET /api/games/{id}/export`: the log so far, as this viewer may see it. */
export interface GameExport {
  version: number;
  events: { v: number; e?: unknown }[];
  /** The create-game request (a table system's has the table as set up: `setup.models`). */
  setup?: unknown;
}

/** Each model's height as a table system's game was set up (from its export's `setup`), to
 * follow heights through the history; none for a game without such a table. */
export function setupHeights(setup: unknown): Map<string, number> | undefined {
  const table = isRecord(setup) ? setup["setup"] : undefined;
  const models = isRecord(table) ? table["models"] : undefined;
  if (!Array.isArray(models)) return undefined;
  const out = new Map<string, number>();
  for (const m of models) {
    if (isRecord(m) && typeof m["id"] === "string") out.set(m["id"], typeof m["z"] === "number" ? m["z"] : 0);
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const exportGame = (gameId: string, token: string): Promise<GameExport> =>
  call(gamePath(gameId, token, "/export"));
