// The wire protocol (docs/protocol.md), as TypeScript types.
// Positions and distances are inches from the table's corner; base sizes are millimetres;
// facing is degrees (0 = +x, 90 = +y). Hand-written; the command and event shapes are checked
// against the ones generated from the server's schemas (./generated) in ./wire-checks.ts.

export type PlayerId = string;
export type UnitId = string;
export type ModelId = string;

export interface Point {
  x: number;
  y: number;
}

// ---- State (snapshot `state`) ------------------------------------------------------------

export interface CircleBase {
  shape: "circle";
  diameter_mm: number;
}

export interface OvalBase {
  shape: "oval";
  length_mm: number;
  width_mm: number;
}

export interface HullBase {
  shape: "hull";
  /** Footprint polygon in inches, relative to the model's position, at facing 0. */
  points: [number, number][];
}

export type Base = CircleBase | OvalBase | HullBase;

export interface PlayerInfo {
  id: PlayerId;
  name: string;
  color: string;
}

export interface UnitInfo {
  id: UnitId;
  player: PlayerId;
  name: string;
  keywords: string[];
}

export interface ModelInfo {
  id: ModelId;
  unit: UnitId;
  name: string;
  base: Base;
  x: number;
  y: number;
  z: number;
  height: number;
  facing: number;
  wounds: number;
}

export interface TerrainPiece {
  id: string;
  kind: string;
  polygon: [number, number][];
  height: number;
  traits: string[];
  /** Heights of upper floors a model can stand on (ruins), in inches above the ground. */
  floors?: number[];
  name?: string;
}

export interface Objective {
  id: string;
  x: number;
  y: number;
  diameter_mm: number;
}

export interface TableState {
  table: { width: number; depth: number };
  players: PlayerInfo[];
  units: UnitInfo[];
  models: ModelInfo[];
  terrain: TerrainPiece[];
  objectives: Objective[];
}

export type Role = "player" | "spectator";

export interface Viewer {
  player: PlayerId | null;
  role: Role;
}

// ---- Events (`e`) -------------------------------------------------------------------------

export interface ModelMoved {
  model: ModelId;
  x: number;
  y: number;
  z: number;
  facing: number;
  /** How far the model's centre moved, in inches. */
  distance: number;
}

export interface ModelsMovedEvent {
  type: "models_moved";
  player: PlayerId;
  moves: ModelMoved[];
}

/** An event of a kind this client does not draw yet: it still advances the version. */
export interface OtherEvent {
  type: string;
  [key: string]: unknown;
}

export type GameEvent = ModelsMovedEvent | OtherEvent;

// ---- Server to client ---------------------------------------------------------------------

export interface WelcomeMessage {
  type: "welcome";
  game: string;
  system: string;
  viewer: Viewer;
  v: number;
}

/** `S` is the system's projected state: the table for table systems (the default). */
export interface SnapshotMessage<S = TableState> {
  type: "snapshot";
  v: number;
  state: S;
}

export interface EventMessage {
  type: "event";
  v: number;
  /** Absent for a stub: an event this viewer may not see. */
  e?: GameEvent;
}

export interface AckMessage {
  type: "ack";
  intent_id: string;
  v: number;
}

export interface RejectedMessage {
  type: "rejected";
  intent_id?: string;
  req_id?: number;
  code: string;
  message: string;
  detail?: Record<string, unknown>;
}

export interface AnswerMessage {
  type: "answer";
  req_id: number;
  a: unknown;
}

export interface PongMessage {
  type: "pong";
  v: number;
}

export type ServerMessage<S = TableState> =
  | WelcomeMessage
  | SnapshotMessage<S>
  | EventMessage
  | AckMessage
  | RejectedMessage
  | AnswerMessage
  | PongMessage;

// ---- Client to server ---------------------------------------------------------------------

export interface ModelMoveTarget {
  model: ModelId;
  to: { x: number; y: number; z?: number; facing?: number };
}

export interface MoveModelsCommand {
  type: "move_models";
  moves: ModelMoveTarget[];
}

export type Command = MoveModelsCommand;

/** A command of another game system (e.g. death-angel's, typed in its own folder). */
export interface SystemCommand {
  type: string;
}

export interface IntentMessage<C extends SystemCommand = Command> {
  type: "intent";
  intent_id: string;
  /** The version the command was decided on; null for a version-free command. */
  expected_v: number | null;
  cmd: C;
}

export interface PingMessage {
  type: "ping";
}

export interface QueryMessage {
  type: "query";
  req_id: number;
  q: Record<string, unknown>;
}

export type ClientMessage =
  IntentMessage | IntentMessage<SystemCommand> | PingMessage | QueryMessage;

// ---- HTTP ---------------------------------------------------------------------------------

export interface SystemInfo {
  name: string;
  title: string;
  seats?: { min: number; max: number; default?: number };
  /** False for a system played without a miniatures table (e.g. a card game). */
  table?: boolean;
}

export interface SetupPreset {
  id: string;
  title: string;
  setup: Record<string, unknown>;
}

export interface SeatLink {
  player: PlayerId;
  token: string;
  url: string;
}

export interface CreatedGame {
  id: string;
  system: string;
  seats: SeatLink[];
  spectator: { token: string; url: string };
}

export interface ApiError {
  code: string;
  message: string;
  detail?: Record<string, unknown>;
}
