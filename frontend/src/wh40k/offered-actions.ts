// The pending decision → what this viewer is offered now (docs/wh40k10e.md "Flow"). Pure: the
// server stays the referee; these lists only decide which buttons to show, and anything the
// client cannot judge (line of sight, exact ranges) is left for the server to refuse with a reason.

import type { ModelId, ModelInfo, PlayerId, UnitId } from "../protocol/messages";
import { engagedUnits } from "./attack-choice";
import { STRATAGEM_CP } from "./names";
import type { Game, Pending, StratagemName, UnitStatus, W40State } from "./wire";

export type MainOffer =
  | { kind: "watch"; waitingFor: PlayerId | null; what: string }
  | { kind: "place_objective" }
  | { kind: "declare_formations" }
  | { kind: "deploy"; units: UnitId[] }
  | { kind: "scouts"; units: UnitId[] }
  | { kind: "reaction"; window: string; unit: UnitId | null; stratagems: StratagemName[] }
  | { kind: "allocate"; unit: UnitId; models: ModelId[] }
  | { kind: "precision"; unit: UnitId; models: ModelId[] }
  | {
      kind: "charge_move";
      unit: UnitId;
      targets: UnitId[];
      roll: number;
      /** Targets the server says the roll cannot reach: then the charge can only fail. */
      outOfReach: UnitId[];
    }
  | { kind: "fight"; units: UnitId[] }
  | { kind: "consolidate"; unit: UnitId }
  | { kind: "confirm_undo"; label: string }
  | {
      kind: "reroll";
      unit: UnitId;
      roll: string;
      dice: string[];
      /** Every roll that may be re-rolled (a success too), and the failed ones that opened the window. */
      options: number[];
      failed: number[];
      weapon: string;
      target: UnitId;
    }
  | { kind: "coherency"; unit: UnitId; models: ModelId[]; suggested: ModelId[] }
  | { kind: "mortal"; hazardous: boolean; unit: UnitId; models: ModelId[]; source: string; wounds: number; dice: string[] }
  | { kind: "command" }
  | {
      kind: "movement";
      units: UnitId[];
      reserves: UnitId[];
      embarked: UnitId[];
      /** Of `units`: those within Engagement Range of an enemy (not AIRCRAFT), which may only
       * Fall Back or Remain Stationary (§4.4, as the server's `movement` checks). */
      engaged: UnitId[];
      /** Embarked units that may not disembark now, and why. */
      stuck: { unit: UnitId; why: string }[];
      /** Strategic Reserves in battle round 1: they may arrive only from round 2 (§4.5). A strict
       * game refuses the arrival, so they are left out of `reserves`; a casual game offers them
       * (the referee logs the broken rule) and the page says so. */
      reservesLater: { unit: UnitId; why: string }[];
    }
  | {
      kind: "shooting";
      units: UnitId[];
      /** Units left out of `units` although they have ranged weapons, and why (§5.5, §8.4). */
      unable: { unit: UnitId; why: string }[];
    }
  | {
      kind: "charge";
      units: UnitId[];
      /** Units on the table that may not declare a charge this phase, and why (§4.6, §3.7). */
      unable: { unit: UnitId; why: string }[];
    }
  | { kind: "fight_over" }
  | { kind: "over" };

export interface Offers {
  main: MainOffer;
  /** The active player may end the phase now. */
  endPhase: boolean;
  /** The label of this player's last action that may be taken back, or null. */
  undo: string | null;
  /** Stratagems this player may use on their own initiative now (reactions are in `main`). */
  stratagems: StratagemName[];
  /** A seated player may concede while the game runs. */
  concede: boolean;
}

const WAITING_WORDS: Readonly<Record<string, string>> = {
  act: "to play the turn",
  place_objective: "to place an objective marker",
  declare_formations: "to declare battle formations",
  deploy: "to deploy a unit",
  scouts: "to make Scouts moves",
  reaction: "to use a stratagem or pass",
  allocate: "to allocate an attack",
  precision: "to choose a Precision target",
  charge_move: "to make a charge move",
  fight: "to select a unit to fight",
  consolidate: "to consolidate",
  confirm_undo: "to answer an undo request",
  reroll: "to decide on a Command Re-roll",
  coherency: "to remove models out of coherency",
  allocate_mortal: "to allocate mortal wounds",
  hazardous: "to choose who suffers a failed Hazardous test",
};

/** Pending `act` (the active player is free to act, the server's internal name) by the phase:
 * what the turn's player does in it (audit s16 C #5: "Your decision: act" read as jargon). */
const ACT_WORDS: Readonly<Record<string, string>> = {
  command: "to finish the Command phase",
  movement: "to move units in the Movement phase",
  shooting: "to shoot in the Shooting phase",
  charge: "to declare charges in the Charge phase",
  fight: "to finish the Fight phase", // `act` comes once no unit is left to fight (review s16 F #1)
};

export const waitingWords = (kind: string, phase?: string): string =>
  (kind === "act" && phase !== undefined ? ACT_WORDS[phase] : undefined) ?? WAITING_WORDS[kind] ?? kind.replaceAll("_", " ");

/** What the pending decision is about, in words; a charge roll that cannot reach a target
 * (`detail.out_of_reach`) is a charge that fails (a casual game may still make the move);
 * `act` says what the turn's player does in the `phase`. */
export const pendingWords = (p: Pending, phase?: string): string =>
  p.kind === "charge_move" && detailList(p.detail["out_of_reach"]).length > 0
    ? "to resolve a charge roll that falls short"
    : waitingWords(p.kind, phase);

const STRATAGEMS: readonly StratagemName[] = [
  "command_reroll",
  "counter_offensive",
  "epic_challenge",
  "insane_bravery",
  "grenade",
  "tank_shock",
  "fire_overwatch",
  "rapid_ingress",
  "go_to_ground",
  "smokescreen",
  "heroic_intervention",
];

export const isStratagem = (name: string): name is StratagemName =>
  (STRATAGEMS as readonly string[]).includes(name);

/** Enough CP and not used this phase (Fire Overwatch: once per turn). */
export function affordable(game: Game, player: PlayerId, name: StratagemName): boolean {
  const side = game.sides[player];
  if (!side) return false;
  if (name === "fire_overwatch" && side.overwatch_used) return false;
  return side.cp >= (STRATAGEM_CP[name] ?? 99) && !side.stratagems_this_phase.includes(name);
}

/** This player's units with their status, in army order. */
export function unitsOf(game: Game, player: PlayerId): [UnitId, UnitStatus][] {
  return Object.entries(game.units).filter(([, s]) => s.sheet.player === player);
}

const has = (s: UnitStatus, word: string): boolean =>
  s.sheet.keywords.includes(word) || s.sheet.abilities.includes(word);

const hasWeapons = (s: UnitStatus, kind: "ranged" | "melee"): boolean =>
  s.sheet.weapons.some((w) => w.kind === kind);

/** A TRANSPORT with FIRING DECK and someone aboard may shoot with lent weapons (§3.7). */
const hasFiringDeck = (game: Game, id: UnitId, s: UnitStatus): boolean =>
  (s.sheet.firing_deck ?? 0) > 0 &&
  Object.values(game.units).some((o) => o.location === "embarked" && o.transport === id);

/** The enemy units within Engagement Range of `unit` (1" across, 5" up; the server's
 * `geo.engaged_enemies`, from the footprints the client has). */
export function engagedEnemies(game: Game, models: readonly ModelInfo[], unit: UnitId): UnitId[] {
  const owner = game.units[unit]?.sheet.player;
  const mine = models.filter((m) => m.unit === unit);
  const enemies = models.filter((m) => {
    const p = game.units[m.unit]?.sheet.player;
    return p !== undefined && p !== owner;
  });
  return engagedUnits(mine, enemies);
}

const isAircraft = (game: Game, unit: UnitId): boolean => game.units[unit]?.sheet.keywords.includes("AIRCRAFT") ?? false;

/** Why an embarked unit may not disembark now (the server's `movement.disembark`), or null. */
function disembarkBar(game: Game, s: UnitStatus): string | null {
  if (!s.started_embarked) return "it embarked this phase (§3.7)";
  const t = s.transport ? game.units[s.transport] : undefined;
  if (t?.move === "advance") return "its transport Advanced this turn (§3.7)";
  if (t?.move === "fall_back") return "its transport Fell Back this turn (§3.7)";
  return null;
}

/** Why a unit with ranged weapons may not shoot now (the server's `shooting.shooting_weapons`;
 * sight and range are left to the server's `targets` answer), or null. */
function shootingBar(game: Game, models: readonly ModelInfo[], id: UnitId, s: UnitStatus): string | null {
  if (s.shot) return "it has shot this phase";
  if (s.move === "fall_back") return "it Fell Back this turn (§5.5)";
  let ranged = s.sheet.weapons.filter((w) => w.kind === "ranged");
  if (s.move === "advance") {
    ranged = ranged.filter((w) => w.abilities.includes("ASSAULT"));
    if (ranged.length === 0) return "it Advanced and has no Assault weapons (§8.4)";
  }
  const big = s.sheet.keywords.some((k) => k === "MONSTER" || k === "VEHICLE");
  if (!big && engagedEnemies(game, models, id).length > 0 && !ranged.some((w) => w.abilities.includes("PISTOL"))) {
    return "it is within Engagement Range and has no Pistols (§8.1)";
  }
  return null;
}

/** Why a unit may not declare a charge (the server's `charge.can_charge`; the 12" range is left
 * to its `charge_targets` answer), or null. */
function chargeBar(game: Game, models: readonly ModelInfo[], id: UnitId, s: UnitStatus): string | null {
  if (s.move === "advance") return "it Advanced this turn (§4.6)";
  if (s.move === "fall_back") return "it Fell Back this turn (§4.6)";
  if (s.cannot_charge) return "it disembarked from a transport that had moved (§3.7)";
  if (isAircraft(game, id)) return "AIRCRAFT cannot charge (§4.6)";
  if (engagedEnemies(game, models, id).length > 0) return "it is already within Engagement Range of an enemy (§4.6)";
  return null;
}

export const STRATEGIC_ROUND = "Strategic Reserves arrive from battle round 2 (§4.5)";

/** A Strategic Reserves unit in battle round 1 (the server's `movement.arrive`:
 * `rule/reserves_round`). */
const tooEarly = (game: Game, s: UnitStatus): boolean => s.reserve === "strategic" && game.round < 2;

function phaseOffer(game: Game, models: readonly ModelInfo[], me: PlayerId): MainOffer {
  const mine = unitsOf(game, me);
  const onTable = mine.filter(([, s]) => s.location === "table");
  const ids = (list: [UnitId, UnitStatus][]): UnitId[] => list.map(([id]) => id);
  switch (game.phase) {
    case "command":
      return { kind: "command" };
    case "movement": {
      const units = ids(onTable.filter(([, s]) => !s.moved_this_phase && !(s.disembarked_now && s.move === "normal")));
      const aboard = mine.filter(([, s]) => s.location === "embarked");
      return {
        kind: "movement",
        units,
        reserves: ids(mine.filter(([, s]) => s.location === "reserves" && !(game.strict && tooEarly(game, s)))),
        reservesLater: ids(mine.filter(([, s]) => s.location === "reserves" && tooEarly(game, s))).map((unit) => ({
          unit,
          why: STRATEGIC_ROUND,
        })),
        embarked: ids(aboard.filter(([, s]) => disembarkBar(game, s) === null)),
        engaged: units.filter((u) => engagedEnemies(game, models, u).some((e) => !isAircraft(game, e))),
        stuck: aboard.flatMap(([unit, s]) => {
          const why = disembarkBar(game, s);
          return why ? [{ unit, why }] : [];
        }),
      };
    }
    case "shooting": {
      const armed = onTable.filter(([id, s]) => hasWeapons(s, "ranged") || hasFiringDeck(game, id, s));
      const unable = armed.flatMap(([id, s]) => {
        // A FIRING DECK transport's lent weapons are the server's to judge.
        const why = hasFiringDeck(game, id, s) || s.shot ? null : shootingBar(game, models, id, s);
        return why ? [{ unit: id, why }] : [];
      });
      return {
        kind: "shooting",
        units: ids(armed.filter(([id, s]) => !s.shot && s.move !== "fall_back" && !unable.some((u) => u.unit === id))),
        unable,
      };
    }
    case "charge": {
      const fresh = onTable.filter(([, s]) => !s.charged && !s.charge_declared);
      const unable = fresh.flatMap(([id, s]) => {
        const why = chargeBar(game, models, id, s);
        return why ? [{ unit: id, why }] : [];
      });
      return { kind: "charge", units: ids(fresh.filter(([id]) => !unable.some((u) => u.unit === id))), unable };
    }
    case "fight":
      return { kind: "fight_over" };
    default:
      return { kind: "watch", waitingFor: game.active, what: waitingWords("act", game.phase) };
  }
}

const detailText = (value: unknown): string => (typeof value === "string" ? value : "");
const detailList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

function mainOffer(game: Game, models: readonly ModelInfo[], me: PlayerId | null): MainOffer {
  if (game.result !== null || game.phase === "over") return { kind: "over" };
  const p = game.pending;
  if (p === null) return { kind: "watch", waitingFor: null, what: "" };
  if (p.kind === "declare_formations") {
    return me !== null && p.options.includes(me)
      ? { kind: "declare_formations" }
      : { kind: "watch", waitingFor: p.options[0] ?? p.player, what: pendingWords(p, game.phase) };
  }
  if (me === null || p.player !== me) {
    return { kind: "watch", waitingFor: p.player, what: pendingWords(p, game.phase) };
  }
  switch (p.kind) {
    case "act":
      return phaseOffer(game, models, me);
    case "place_objective":
      return { kind: "place_objective" };
    case "deploy":
      return { kind: "deploy", units: p.options };
    case "scouts":
      return { kind: "scouts", units: p.options };
    case "reaction":
      return {
        kind: "reaction",
        window: typeof p.detail["window"] === "string" ? p.detail["window"] : "",
        unit: p.unit,
        stratagems: p.options.filter(isStratagem),
      };
    case "allocate":
      return { kind: "allocate", unit: p.unit ?? "", models: p.options };
    case "precision":
      return { kind: "precision", unit: p.unit ?? "", models: p.options.filter((m) => m !== "none") };
    case "charge_move":
      return {
        kind: "charge_move",
        unit: p.unit ?? "",
        targets: p.options,
        roll: game.charge_roll ?? 0,
        outOfReach: detailList(p.detail["out_of_reach"]),
      };
    case "fight":
      return { kind: "fight", units: p.options };
    case "consolidate":
      return { kind: "consolidate", unit: p.unit ?? "" };
    case "confirm_undo":
      return { kind: "confirm_undo", label: typeof p.detail["label"] === "string" ? p.detail["label"] : "" };
    case "reroll":
      return {
        kind: "reroll",
        unit: p.unit ?? "",
        roll: detailText(p.detail["roll"]),
        dice: detailList(p.detail["dice"]),
        options: p.options.map(Number).filter((i) => Number.isInteger(i)),
        failed: detailList(p.detail["failed"]).map(Number).filter((i) => Number.isInteger(i)),
        weapon: detailText(p.detail["weapon"]),
        target: detailText(p.detail["target"]),
      };
    case "allocate_mortal":
    case "hazardous":
      return {
        kind: "mortal",
        hazardous: p.kind === "hazardous",
        unit: p.unit ?? "",
        models: p.options,
        source: detailText(p.detail["source"]),
        wounds: Number(p.detail["mortal_wounds"]) || 0,
        dice: detailList(p.detail["dice"]),
      };
    case "coherency":
      return { kind: "coherency", unit: p.unit ?? "", models: p.options, suggested: detailList(p.detail["suggested"]) };
    default:
      return { kind: "watch", waitingFor: p.player, what: pendingWords(p, game.phase) };
  }
}

/** Stratagems a player may start on their own now (reaction windows come as `reaction`). */
function ownStratagems(game: Game, models: readonly ModelInfo[], me: PlayerId): StratagemName[] {
  const p = game.pending;
  const mine = unitsOf(game, me).filter(([, s]) => s.location === "table" && !s.battle_shocked);
  const acting = p?.kind === "act" && p.player === me;
  const out: StratagemName[] = [];
  if (acting && game.phase === "command" && unitsOf(game, me).some(([, s]) => s.failed_shock_now)) {
    out.push("insane_bravery");
  }
  const rerollAdvance =
    acting && game.phase === "movement" && mine.some(([, s]) => s.advance_roll !== null && !s.moved_this_phase);
  // a Battle-shocked unit cannot be affected by its own side's stratagems (wh40k-10th §6.3)
  const rerollCharge = p?.kind === "charge_move" && p.player === me && !game.units[p.unit ?? ""]?.battle_shocked;
  if (rerollAdvance || rerollCharge) out.push("command_reroll");
  if (acting && game.phase === "shooting" && mine.some(([, s]) => has(s, "GRENADES") && !s.shot)) {
    out.push("grenade");
  }
  if (acting && game.phase === "charge" && mine.some(([, s]) => has(s, "VEHICLE") && s.charged)) {
    out.push("tank_shock");
  }
  // Epic Challenge: a unit with a CHARACTER model (`character_models`) in Engagement Range of an
  // enemy Attached unit (one with a Leader, §6.2 item 3, as the server's `stratagems._epic_challenge` checks).
  const attachedFoe = (u: UnitId): boolean => engagedEnemies(game, models, u).some((e) => !!game.units[e]?.leader);
  if (
    p?.kind === "fight" &&
    p.player === me &&
    p.options.some((u) => (game.units[u]?.character_models.length ?? 0) > 0 && attachedFoe(u))
  ) {
    out.push("epic_challenge");
  }
  return out.filter((name) => affordable(game, me, name));
}

export function offers(state: W40State, me: PlayerId | null): Offers {
  const game = state.game;
  const main = mainOffer(game, state.models, me);
  const running = game.result === null && game.phase !== "over";
  const acting = me !== null && game.pending?.kind === "act" && game.pending.player === me;
  const undo = game.undo;
  return {
    main,
    endPhase: acting && running && game.phase !== "setup",
    undo: me !== null && running && undo !== null && undo.player === me && !undo.requested ? undo.label : null,
    stratagems: me !== null && running ? ownStratagems(game, state.models, me) : [],
    concede: me !== null && running,
  };
}
