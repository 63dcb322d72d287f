// Death Angel's wire shapes (docs/death-angel.md): the state one viewer sees (`project`), its
// pending prompt, and the commands a seat sends. Hidden things are simply absent: the client
// never learns a hand, a deck order, a blip card or an unrevealed choice it may not see.

import type * as Wire from "../protocol/generated/death-angel";

export type Side = "L" | "R";
export type Arrow = "up" | "down";
export type Phase = "setup" | "select" | "resolve" | "attack" | "event" | "over";
export type ActionKind = "support" | "attack" | "move_activate";

export interface ActionCard {
  id: string;
  name: string;
  team: string;
  initiative: number;
  kind: ActionKind | string;
  text: string;
}

export interface PlayerSeat {
  id: string;
  teams: string[];
  hand_size: number;
}

export interface Team {
  id: string;
  name: string;
  colour: string;
  player: string;
  marines: string[];
  alive: boolean;
  has_chosen: boolean;
  /** Own choice, or everyone's after the reveal. */
  chosen: ActionCard | null;
  last_card: ActionCard | null;
}

export interface Marine {
  id: string;
  name: string;
  team: string;
  player: string;
  range: number;
  facing: Side;
  tokens: number;
  /** The swarm-movement arrows on the card's left and right edges. */
  arrows: { left: Arrow; right: Arrow };
}

export interface Terrain {
  id: string;
  name: string;
  colour: string;
  boxes: number;
  side: Side;
  tokens: number;
  activated: boolean;
  activatable: boolean;
  text: string;
}

export interface SwarmCard {
  id: string;
  types: string[];
  broodlord: boolean;
  name: string;
}

export interface SwarmGroup {
  side: Side;
  cards: SwarmCard[];
  attacked: boolean;
  moved: boolean;
}

export interface Row {
  position: number;
  marine: Marine;
  terrain: Terrain[];
  swarms: SwarmGroup[];
}

export interface Place {
  id: string;
  name: string;
  label: string;
  blips: number[];
  ability: string;
  victory: string;
  progress: number;
}

export type EventBox =
  { kind: "spawn"; colour: string; size: string } | { kind: "move" | "flank"; genestealer: string };

export interface EventCard {
  id: string;
  name: string;
  instinct: boolean;
  text: string;
  boxes: EventBox[];
}

export interface EventStep {
  drawn: boolean;
  drawn_by: string | null;
  revealed: boolean;
  box: number | null;
  choice: string | null;
  card: EventCard | null;
}

export interface Roll {
  purpose: string;
  marine: string;
  position: number;
  side: Side;
  value: number;
  skull: boolean;
}

export interface Pending {
  kind: string;
  players: string[];
  commands: string[];
  info: Record<string, unknown>;
  /** Only the chooser's own view carries them. */
  options: Record<string, unknown> | null;
}

export interface DaState {
  system: "death-angel";
  pack: { id: string; title: string };
  viewer: string | null;
  round: number;
  phase: Phase | string;
  outcome: "won" | "lost" | null;
  outcome_reason: string | null;
  first_player: string | null;
  active_player: string | null;
  players: PlayerSeat[];
  teams: Team[];
  hand: ActionCard[];
  formation: Row[];
  stray: SwarmCard[];
  dead_marines: string[];
  location: Place | null;
  location_deck: { count: number; labels: string[] };
  spawn: { major: number; minor: number } | null;
  blips: { L: number; R: number };
  genestealer_deck: number;
  genestealer_discard: SwarmCard[];
  event_deck: number;
  event_discard: string[];
  support_pool: number;
  broodlords: { reserve: string[]; slain: string[] };
  resolution: { order: ActionCard[]; queue: string[]; current: string | null };
  event: EventStep | null;
  roll: Roll | null;
  pending: Pending | null;
}

// ---- Commands ------------------------------------------------------------------------------
// The union comes from the server's own schema (`../protocol/generated/death-angel.ts`, written
// by `scripts/gen_wire_types.py`): a command the server would not parse does not type-check.

export type DaCommand = Wire.Command;

/** select_actions names its round and commutes with everything else: sent version-free. */
export const isVersionFree = (cmd: DaCommand): boolean => cmd.type === "select_actions";
