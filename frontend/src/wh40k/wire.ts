// Warhammer 40,000 10th edition on the wire (docs/wh40k10e.md): the projected state (the table
// plus `game`), the pending decision, and the commands a seat sends. The client never folds the
// rules: it shows what the server projected and offers the commands the pending decision allows.

import type { ModelId, PlayerId, TableState, UnitId } from "../protocol/messages";

export type Phase = "setup" | "command" | "movement" | "shooting" | "charge" | "fight" | "over";

export interface Pending {
  player: PlayerId;
  /** `act` when the active player is free to act; otherwise the decision awaited. */
  kind: string;
  unit: UnitId | null;
  options: string[];
  detail: Record<string, unknown>;
}

export interface SideState {
  cp: number;
  vp: number;
  declared: boolean;
  stratagems_this_phase: string[];
  overwatch_used: boolean;
  /** Whether the game offers this player Command Re-roll after a failed roll. */
  reroll_offers?: boolean;
}

export interface WeaponSheet {
  name: string;
  kind: "ranged" | "melee";
  range: number | null;
  attacks: string;
  skill: number | null;
  strength: number;
  ap: number;
  damage: string;
  abilities: string[];
}

export interface ModelSheet {
  name: string;
  move: number;
  toughness: number;
  save: number;
  wounds: number;
  leadership: number;
  oc: number;
  base: TableState["models"][number]["base"];
  weapons: string[];
}

export interface UnitSheet {
  id: UnitId;
  player: PlayerId;
  name: string;
  keywords: string[];
  abilities: string[];
  points: number;
  invulnerable: number | null;
  feel_no_pain: number | null;
  scouts: number;
  capacity: number;
  /** FIRING DECK x: how many embarked models may lend it a ranged weapon (0: none). */
  firing_deck?: number;
  weapons: WeaponSheet[];
  models: [ModelId, ModelSheet][];
  /** A Leader: the army's units its Leader ability names. */
  leads?: UnitId[];
}

export type Location = "undeployed" | "table" | "reserves" | "embarked" | "destroyed" | "attached";

export interface UnitStatus {
  location: Location;
  reserve: "deep_strike" | "strategic" | null;
  transport: UnitId | null;
  move: "none" | "stationary" | "normal" | "advance" | "fall_back";
  moved_this_phase: boolean;
  advance_roll: number | null;
  charged: boolean;
  charge_declared: boolean;
  shot: boolean;
  fought: boolean;
  battle_shocked: boolean;
  failed_shock_now: boolean;
  disembarked_now: boolean;
  effects: string[];
  /** On a Bodyguard unit: the Leader unit attached to it (§3.6). */
  leader?: UnitId | null;
  /** On a Leader unit: the Bodyguard unit it joined. */
  attached_to?: UnitId | null;
  /** ONE SHOT weapons fired this battle, as "model|weapon" (R19). */
  spent?: string[];
  models_left: number;
  below_half: boolean;
  destroyed_models: number;
  sheet: UnitSheet;
}

export interface Assignment {
  model: ModelId;
  weapon: string;
  target: UnitId;
}

export interface AttackPlan {
  unit: UnitId;
  player: PlayerId;
  melee: boolean;
  assignments: Assignment[];
  overwatch: boolean;
}

export interface Result {
  winner: PlayerId | null;
  reason: string;
  vp: Record<PlayerId, number>;
}

export interface UndoOffer {
  player: PlayerId;
  label: string;
  requested: boolean;
}

export interface Game {
  round: number;
  rounds: number;
  phase: Phase;
  step: string;
  active: PlayerId | null;
  first: PlayerId | null;
  attacker: PlayerId | null;
  strict: boolean;
  battle_size: string;
  pending: Pending | null;
  sides: Record<PlayerId, SideState>;
  zones: Record<PlayerId, [number, number][]>;
  control: Record<string, PlayerId | null>;
  units: Record<UnitId, UnitStatus>;
  charge_roll: number | null;
  attack: AttackPlan | null;
  undo: UndoOffer | null;
  result: Result | null;
}

export interface W40State extends TableState {
  game: Game;
}

/** What every viewer may know of the dice (`dice` in the welcome and the game view). */
export interface Fairness {
  commitment: string;
  rolls: number;
  /** Revealed (hex) once the game is over. */
  seed: string | null;
}

// ---- Commands ------------------------------------------------------------------------------

export interface Place {
  model: ModelId;
  x: number;
  y: number;
  facing?: number;
}

export interface PathIn {
  model: ModelId;
  /** Waypoints after the model's current position; the last is where it ends. */
  path: [number, number][];
  /** The height the model ends at (a floor; 0 the ground); omitted: where it stands now. */
  z?: number;
}

export interface AttackIn {
  model: ModelId;
  weapon: string;
  target: UnitId;
}

/** FIRING DECK: one embarked model lending the transport one ranged weapon (§3.7). */
export interface DeckIn {
  model: ModelId;
  weapon: string;
}

export type MoveKind = "normal" | "advance" | "fall_back" | "stationary" | "scouts";

export type StratagemName =
  | "command_reroll"
  | "counter_offensive"
  | "epic_challenge"
  | "insane_bravery"
  | "grenade"
  | "tank_shock"
  | "fire_overwatch"
  | "rapid_ingress"
  | "go_to_ground"
  | "smokescreen"
  | "heroic_intervention";

export type W40Command =
  | { type: "place_objective"; x: number; y: number }
  | {
      type: "declare_formations";
      reserves: UnitId[];
      strategic_reserves: UnitId[];
      embark: Record<UnitId, UnitId>;
      /** Leader unit → the Bodyguard unit it joins (§3.6). */
      attach?: Record<UnitId, UnitId>;
      /** AIRCRAFT with Hover declared in Hover mode (§4.9). */
      hover?: UnitId[];
    }
  | { type: "deploy"; unit: UnitId; models: Place[] }
  | { type: "move"; unit: UnitId; kind: MoveKind; paths: PathIn[]; embark?: UnitId }
  | { type: "roll_advance"; unit: UnitId }
  | { type: "arrive" | "disembark"; unit: UnitId; models: Place[] }
  | { type: "shoot"; unit: UnitId; attacks: AttackIn[]; firing_deck?: DeckIn[] }
  | { type: "allocate"; model: ModelId }
  | { type: "declare_charge"; unit: UnitId; targets: UnitId[] }
  | { type: "charge_move"; unit: UnitId; paths: PathIn[] }
  | { type: "fight"; unit: UnitId; pile_in: PathIn[]; attacks: AttackIn[] }
  | { type: "consolidate"; unit: UnitId; paths: PathIn[] }
  | {
      type: "stratagem";
      name: StratagemName;
      unit: UnitId;
      target?: UnitId;
      model?: ModelId;
      weapon?: string;
      models?: Place[];
    }
  | { type: "reroll"; roll: number }
  | { type: "reroll_offers"; offer: boolean }
  | { type: "remove_models"; unit: UnitId; models: ModelId[] }
  | { type: "pass" }
  | { type: "end_phase" }
  | { type: "undo" }
  | { type: "answer_undo"; accept: boolean }
  | { type: "concede" }
  | { type: "contribute_entropy"; entropy: string };

/** Commands that skip the `expected_v` check (they commute with everything). */
export const isVersionFree = (cmd: W40Command): boolean => cmd.type === "contribute_entropy";
