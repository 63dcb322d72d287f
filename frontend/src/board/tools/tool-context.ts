// What a table tool may use: the server's answers, the models where they are shown, and a way to
// say that what it draws (or reports) changed.

import type { ModelId, TerrainPiece } from "../../protocol/messages";
import type { TableQueries } from "../../protocol/table-queries";
import type { Clock } from "./latest-only";
import type { Placed } from "./outline";

export interface ToolContext {
  /** Null when the board has no server to ask (the tools then say so). */
  readonly queries: TableQueries | null;
  readonly clock: Clock;
  /** A model where it is drawn now (mid-drag included), or null when it is not on the table. */
  place(id: ModelId): Placed | null;
  terrain(id: string): TerrainPiece | undefined;
  /** The drawing changed; `report` when the readout changed too. */
  changed(report: boolean): void;
}

/** Words for a failed query. */
export const failure = (error: unknown): string =>
  error instanceof Error ? error.message : "The server could not answer.";

export const NO_SERVER = "Not connected to the server.";
