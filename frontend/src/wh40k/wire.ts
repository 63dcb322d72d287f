// Warhammer 40,000 10th edition on the wire (docs/wh40k10e.md): the projected state (the table
// plus `game`), the pending decision, and the commands a seat sends. The client never folds the
// rules: it shows what the server projected and offers the commands the pending decision allows.

import type { ModelId, PlayerId, TableState, UnitId } from "../protocol/messages";
import type * as Wire from "../protocol/generated/wh40k-10e";
import type { ShellCommand } from "../protocol/generated/shell";

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
  /** Whether the game asks this player about stratagems in the opponent's turn. */
  reaction_offers?: boolean;
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
  /** The roster's keywords for it that the referee does not read (players apply them; R39). */
  unrefereed?: string[];
}

/** One datasheet ability as printed, and whether the referee applies it (R39). */
export interface AbilityNote {
  name: string;
  text: string;
  /** false: the referee does not apply it; the players must. */
  refereed: boolean;
  /** It came with an Enhancement the player chose (absent from older servers). */
  enhancement?: boolean;
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
  /** Every ability of the datasheet (an attached unit: both parts'), marked refereed or not. */
  datasheet?: AbilityNote[];
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
  /** Disembarked from a transport that had made a Normal move: no charge this turn (§3.7). */
  cannot_charge: boolean;
  charge_declared: boolean;
  shot: boolean;
  fought: boolean;
  battle_shocked: boolean;
  failed_shock_now: boolean;
  disembarked_now: boolean;
  /** Embarked when this phase started: only such a unit may disembark (§3.7). */
  started_embarked: boolean;
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
  /** Its CHARACTER models, each by the sheet it was mustered with (Epic Challenge names one). */
  character_models: ModelId[];
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
  /** The rules revision the game is decided by (rules decision R38): a rule a later revision
   * added is mirrored here only when the game has it. */
  rules_revision: number;
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
  /** The players whose last entropy waits for the next roll (the live view and welcome only). */
  entropy_pending?: string[];
}

// ---- Commands ------------------------------------------------------------------------------
// The shapes come from the server's own schemas (`../protocol/generated/wh40k-10e.ts`, written by
// `scripts/gen_wire_types.py`): a command the server would not parse does not type-check.

export type Place = Wire.Place;
export type PathIn = Wire.PathIn;
export type AttackIn = Wire.AttackIn;
/** FIRING DECK: one embarked model lending the transport one ranged weapon (§3.7). */
export type DeckIn = Wire.DeckIn;
export type MoveKind = Wire.Move["kind"];

/** The core stratagems the server knows (it takes any string and rejects the others). */
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
  | Exclude<Wire.Command, Wire.UseStratagem>
  | (Wire.UseStratagem & { name: StratagemName })
  | ShellCommand;

/** Commands that skip the `expected_v` check (they commute with everything). */
export const isVersionFree = (cmd: W40Command): boolean => cmd.type === "contribute_entropy";
