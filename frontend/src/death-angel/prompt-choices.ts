// The pending prompt as choices (pure): what this viewer may do now, each choice a labelled
// command anchored to the table things it is about (a marine, a swarm, a terrain or swarm card),
// so the table can highlight them and the prompt bar can list them. Nothing is offered that the
// server's `options` do not list; a viewer who is not asked gets no choices at all.

import { andList, playerName, sideName } from "./event-text";
import type { Namer } from "./pack-names";
import type { DaCommand, DaState, Pending, Side } from "./wire";

export type Anchor =
  | { kind: "marine"; id: string }
  | { kind: "swarm"; position: number; side: Side }
  | { kind: "terrain"; id: string }
  | { kind: "card"; id: string };

export interface Choice {
  label: string;
  cmd: DaCommand;
  anchors: Anchor[];
}

export interface SelectTeam {
  team: string;
  cards: string[];
  chosen: string | null;
}

export interface SpawnTarget {
  position: number;
  terrain: string;
  max: number;
}

/** What the prompt asks of this viewer; `choices` are one-click commands. */
export type Ask =
  | { kind: "wait"; text: string }
  | { kind: "select_actions"; text: string; round: number; teams: SelectTeam[] }
  | { kind: "allocate_spawn"; text: string; side: Side; available: number; targets: SpawnTarget[] }
  | { kind: "choices"; text: string; choices: Choice[]; tapAnswers: boolean };

type Opts = Record<string, unknown>;

const list = (o: Opts, key: string): unknown[] => (Array.isArray(o[key]) ? o[key] : []);
const recs = (o: Opts, key: string): Opts[] =>
  list(o, key).filter((x): x is Opts => typeof x === "object" && x !== null && !Array.isArray(x));
const strs = (o: Opts, key: string): string[] =>
  list(o, key).filter((x): x is string => typeof x === "string");
const s = (o: Opts, key: string): string => (typeof o[key] === "string" ? o[key] : "");
const n = (o: Opts, key: string): number => (typeof o[key] === "number" ? o[key] : 0);
const side = (x: unknown): Side => (x === "R" ? "R" : "L");

export const anchorKey = (a: Anchor): string =>
  a.kind === "swarm" ? `swarm:${a.position}:${a.side}` : `${a.kind}:${a.id}`;

const marine = (id: string): Anchor => ({ kind: "marine", id });

/** The options of a prompt addressed to this viewer, or null (not asked, or a spectator).
 * Action cards are chosen in secret and a choice may be changed until the last player has chosen
 * (rules-decisions E2): the server drops a player from `players` once he has chosen but still
 * sends him his options, so a select_actions prompt is his while it carries options. */
export function myOptions(state: DaState, me: string | null): Opts | null {
  const p = state.pending;
  if (!p || me === null || p.options === null) return null;
  if (p.kind !== "select_actions" && !p.players.includes(me)) return null;
  return p.options;
}

const KIND_TEXT: Record<string, string> = {
  select_actions: "choose action cards",
  give_support: "give a support token",
  move_activate: "move and activate",
  attack: "attack",
  reroll: "keep or re-roll the die",
  choose_kill: "choose which genestealer dies",
  choose_instinct: "make an instinct choice",
  allocate_spawn: "share out a short spawn",
  choose_blip_side: "choose a blip pile",
};

/** "Waiting for Player 2 to attack." (a spectator's or an idle player's line). */
export function waitingText(p: Pending): string {
  const who =
    p.kind === "select_actions" && Array.isArray(p.info["waiting"])
      ? (p.info["waiting"] as unknown[]).map(String)
      : p.players;
  const names = andList(who.map(playerName)) || "the server";
  return `Waiting for ${names} to ${KIND_TEXT[p.kind] ?? p.kind.replaceAll("_", " ")}.`;
}

/** The support pool is empty (`info.pool` 0): the choice places nothing. Only games of rules
 * revision 1 still ask it (rules-decisions E15, E16); later ones log `support_pool_empty`. */
const poolEmpty = (p: Pending): boolean => p.info["pool"] === 0;

function supportChoices(p: Pending, o: Opts, names: Namer): Choice[] {
  const marines = strs(o, "marines");
  if (poolEmpty(p)) {
    // the rules still ask for a marine; any one will do, as nothing is placed
    const first = marines[0];
    return first === undefined ? [] : [{ label: "Go on", cmd: { type: "give_support", marine: first }, anchors: [] }];
  }
  return marines.map((m) => ({
    label: `Token to ${names.marine(m)}`,
    cmd: { type: "give_support", marine: m },
    anchors: [marine(m)],
  }));
}

function moveChoices(o: Opts, names: Namer): Choice[] {
  const out: Choice[] = [];
  for (const mv of recs(o, "moves")) {
    const [a, b] = [s(mv, "marine"), s(mv, "other")];
    out.push({
      label: `Swap ${names.marine(a)} with ${names.marine(b)}`,
      cmd: { type: "move_marine", marine: a, other: b },
      anchors: [marine(a), marine(b)],
    });
  }
  for (const m of strs(o, "flips")) {
    out.push({
      label: `Turn ${names.marine(m)} around`,
      cmd: { type: "flip_marine", marine: m },
      anchors: [marine(m)],
    });
  }
  for (const act of recs(o, "activations")) {
    const [m, t] = [s(act, "marine"), s(act, "terrain")];
    out.push({
      label: `${names.marine(m)} activates ${names.terrain(t)}`,
      cmd: { type: "activate_terrain", marine: m, terrain: t },
      anchors: [marine(m), { kind: "terrain", id: t }],
    });
  }
  return out;
}

function attackChoices(o: Opts, names: Namer): Choice[] {
  return recs(o, "attacks").map((a) => {
    const [m, position, sd] = [s(a, "marine"), n(a, "position"), side(a["side"])];
    return {
      label: `${names.marine(m)} attacks position ${position} ${sideName(sd)}`,
      cmd: { type: "attack", marine: m, position, side: sd },
      anchors: [marine(m), { kind: "swarm", position, side: sd }],
    };
  });
}

/** Names made distinct where they repeat: ["Talon", "Talon", "Spine"] → "Talon #1", "Talon #2",
 * "Spine" (the numbers follow the cards' order in the swarm). */
export function numberedNames(names: readonly string[]): string[] {
  const total = new Map<string, number>();
  for (const name of names) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((name) => {
    if (total.get(name) === 1) return name;
    const nth = (seen.get(name) ?? 0) + 1;
    seen.set(name, nth);
    return `${name} #${nth}`;
  });
}

function killChoices(cards: readonly string[], names: Namer): Choice[] {
  const labels = numberedNames(cards.map((c) => names.genestealer(c)));
  return cards.map((c, i) => ({
    label: `Slay ${labels[i] ?? names.genestealer(c)}`,
    cmd: { type: "choose_kill", card: c },
    anchors: [{ kind: "card", id: c }],
  }));
}

const END: Choice = { label: "End this action", cmd: { type: "end_action" }, anchors: [] };

function choicesOf(p: Pending, o: Opts, names: Namer): Choice[] {
  switch (p.kind) {
    case "give_support":
      return supportChoices(p, o, names);
    case "move_activate":
      return [...moveChoices(o, names), END];
    case "attack":
      return [...attackChoices(o, names), END];
    case "reroll": {
      const have = n(o, "tokens");
      return [
        {
          label: `Re-roll (spend 1 of ${have} token${have === 1 ? "" : "s"})`,
          cmd: { type: "reroll" },
          anchors: [],
        },
        { label: "Keep the roll", cmd: { type: "keep_roll" }, anchors: [] },
      ];
    }
    case "choose_kill":
      return killChoices(strs(o, "cards"), names);
    case "choose_instinct":
      return strs(o, "marines").map((m) => ({
        label: `Choose ${names.marine(m)}`,
        cmd: { type: "choose_instinct", marine: m },
        anchors: [marine(m)],
      }));
    case "choose_blip_side":
      return strs(o, "sides").map((sd) => ({
        label: `The ${sideName(sd)} blip pile`,
        cmd: { type: "choose_blip_side", side: side(sd) },
        anchors: [],
      }));
    default:
      return [];
  }
}

function askText(
  state: DaState,
  p: Pending,
  o: Opts,
  names: Namer,
  defence: DefenceTerms | null,
): string {
  const card = typeof p.info["card"] === "string" ? names.action(p.info["card"]) : "";
  switch (p.kind) {
    case "give_support":
      return poolEmpty(p)
        ? `${card}: the support pool is empty, so there is no token to place.`
        : `${card}: put a support token on any marine.`;
    case "move_activate": {
      // Leapfrog and Shoulder Charge reach further than a neighbour (`info.reach`).
      const reach = typeof p.info["reach"] === "number" ? p.info["reach"] : 1;
      const swap =
        reach > 1
          ? `swap your marines with one up to ${reach} positions away`
          : "swap your marines with a neighbour";
      return (
        `${card}: ${swap}, turn them, or activate terrain in front ` +
        `of them (${String(p.info["stage"] ?? "move")} step).`
      );
    }
    case "attack":
      return `${card}: attack a swarm in front of one of your marines, or end the action.`;
    case "reroll": {
      const i = p.info;
      const who = names.marine(String(i["marine"] ?? ""));
      const rolled = `${who} rolled ${String(i["value"] ?? "?")}`;
      if (i["purpose"] !== "defence") return `${rolled} on attack: spend a support token to re-roll?`;
      const terms = promptDefenceTerms(p) ?? defence ?? stateDefenceTerms(state, p);
      if (!terms) return `${rolled} on defence: spend a support token to re-roll?`;
      return `${rolled} on defence ${defenceStake(terms)} Spend a support token to re-roll?`;
    }
    case "choose_kill": {
      const where = `${String(p.info["position"] ?? "?")} ${sideName(p.info["side"])}`;
      return `Choose the genestealer to slay at position ${where}.`;
    }
    case "choose_instinct":
      return `Instinct (${names.event(s(o, "card"))}): choose one of the marines offered.`;
    case "choose_blip_side":
      return "Too few genestealers to fill both blip piles evenly: which pile gets the odd card?";
    default:
      return `Your turn: ${KIND_TEXT[p.kind] ?? p.kind}.`;
  }
}

/** What a defence roll is measured by (the server's `combat.defence_terms`): the team card's
 * bonus and −1 per broodlord as modifiers, and the size of the swarm (rules digest §5.3, §6.11:
 * he survives only if roll + bonus − broodlords > swarm size). */
export interface DefenceTerms {
  modifiers: { label: string; value: number }[];
  against: number;
  /** False when read off the table: a card's bonus is not in the state, only in the log. */
  complete: boolean;
}

/** The terms the server wrote on the marine's latest defence roll (`die_rolled` carries
 * `modifiers` and `against`, from the state right after the roll), or null. */
export function loggedDefenceTerms(
  events: readonly { e: Record<string, unknown> }[],
  marine: string,
): DefenceTerms | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]?.e;
    if (!e || e["type"] !== "die_rolled" || e["purpose"] !== "defence") continue;
    if (e["marine"] !== marine || typeof e["against"] !== "number") return null;
    const modifiers = recs(e, "modifiers").map((m) => ({
      label: s(m, "label"),
      value: n(m, "value"),
    }));
    return { modifiers, against: e["against"], complete: true };
  }
  return null;
}

/** The terms the server puts on a defence re-roll prompt (`info.defence`, as it logs them with
 * the roll), or null for a server that does not yet send them. */
export function promptDefenceTerms(p: Pending): DefenceTerms | null {
  const d = p.info["defence"];
  if (typeof d !== "object" || d === null || typeof (d as Record<string, unknown>)["against"] !== "number") return null;
  const rec = d as Record<string, unknown>;
  const modifiers = recs(rec, "modifiers").map((m) => ({ label: s(m, "label"), value: n(m, "value") }));
  return { modifiers, against: rec["against"] as number, complete: true };
}

/** The same terms read off the table (the swarm still attacking at the prompt's position and
 * side, its broodlords), for when the log does not have them; no card bonus is known here. */
function stateDefenceTerms(state: DaState, p: Pending): DefenceTerms | null {
  const row = state.formation.find((r) => r.position === p.info["position"]);
  const group = row?.swarms.find((g) => g.side === p.info["side"] && !g.attacked);
  if (!group) return null;
  const modifiers = group.cards
    .filter((c) => c.broodlord)
    .map((c) => ({ label: c.name || "a broodlord", value: -1 }));
  return { modifiers, against: group.cards.length, complete: false };
}

/** The lowest roll that saves him: roll + modifiers > swarm size. */
export const defenceNeeds = (t: DefenceTerms): number =>
  t.against + 1 - t.modifiers.reduce((sum, m) => sum + m.value, 0);

/** "against a swarm of 2 (+1 Hold the Line): he needs 2 or more to survive; kept, this roll
 * kills him." */
function defenceStake(t: DefenceTerms): string {
  const mods = t.modifiers.map(
    (m) => `${m.value < 0 ? "\u2212" : "+"}${Math.abs(m.value)} ${m.label}`,
  );
  const terms = mods.length ? ` (${mods.join(", ")})` : "";
  const bonus = t.complete ? "" : ", before any card bonus";
  return (
    `against a swarm of ${t.against}${terms}: he needs ${defenceNeeds(t)} or more to survive` +
    `${bonus}; kept, this roll kills him.`
  );
}

/** What the pending prompt asks of `me` (a player id, null for a spectator). */
export function askOf(
  state: DaState,
  me: string | null,
  names: Namer,
  defence: DefenceTerms | null = null,
): Ask {
  const p = state.pending;
  if (!p) {
    const text =
      state.outcome === "won"
        ? "The squad has won."
        : state.outcome === "lost"
          ? "The squad is lost."
          : "";
    return { kind: "wait", text };
  }
  const o = myOptions(state, me);
  if (o === null) return { kind: "wait", text: waitingText(p) };
  if (p.kind === "select_actions") {
    const teams = recs(o, "teams").map((t) => ({
      team: s(t, "team"),
      cards: strs(t, "cards"),
      chosen: typeof t["chosen"] === "string" ? t["chosen"] : null,
    }));
    const round = n(o, "round") || state.round;
    const text = p.players.includes(me ?? "")
      ? "Choose one action card for each of your teams, in secret."
      : `Your choice is sent; you may change it and confirm again until the others have ` +
        `chosen. ${waitingText(p)}`;
    return {
      kind: "select_actions",
      text,
      round,
      teams,
    };
  }
  if (p.kind === "allocate_spawn") {
    const targets = recs(o, "targets").map((t) => ({
      position: n(t, "position"),
      terrain: s(t, "terrain"),
      max: n(t, "max"),
    }));
    return {
      kind: "allocate_spawn",
      text:
        `The ${sideName(o["side"])} blip pile is short: ` +
        `share its ${n(o, "available")} cards between the spawn points.`,
      side: side(o["side"]),
      available: n(o, "available"),
      targets,
    };
  }
  return {
    kind: "choices",
    text: askText(state, p, o, names, defence),
    choices: choicesOf(p, o, names),
    tapAnswers: TAP_ANSWERS.has(p.kind),
  };
}

/** The choices that involve one table thing (what a click on it may mean). */
export function choicesAt(ask: Ask, key: string): Choice[] {
  if (ask.kind !== "choices") return [];
  return ask.choices.filter((c) => c.anchors.some((a) => anchorKey(a) === key));
}

/** Prompts that ask to pick one thing (the marine to get the token, the genestealer to slay,
 * the instinct's marine): a tap on a thing with one choice answers at once. A move or an attack
 * is not a pick: a tap shows the thing's choices as buttons to confirm, since a swap or an
 * attack cannot be taken back, and a tap "to see what he can do" must not make one
 * (QA s14 #3: a tap on another team's marine swapped him at once). */
const TAP_ANSWERS = new Set(["give_support", "choose_kill", "choose_instinct", "choose_blip_side"]);

/** What a tap on a table thing does: send its one choice (a pick), or focus it so that the
 * prompt lists its choices (a second tap on the focused thing, or a thing with none, unfocuses). */
export type Tap = { send: DaCommand } | { focus: string | null };

export function tapOn(ask: Ask, key: string, focus: string | null): Tap {
  const here = choicesAt(ask, key);
  const only = here.length === 1 ? here[0] : undefined;
  if (only && ask.kind === "choices" && ask.tapAnswers) return { send: only.cmd };
  return { focus: here.length > 0 && focus !== key ? key : null };
}

/** Every table thing a choice involves: the highlights. */
export function anchoredKeys(ask: Ask): ReadonlySet<string> {
  if (ask.kind !== "choices") return new Set();
  return new Set(ask.choices.flatMap((c) => c.anchors.map(anchorKey)));
}

/** A select_actions command from a draft (team → card), or null until every team has one. */
export function selectionCommand(
  round: number,
  teams: readonly SelectTeam[],
  draft: ReadonlyMap<string, string>,
): DaCommand | null {
  const cards: string[] = [];
  for (const t of teams) {
    const card = draft.get(t.team) ?? t.chosen;
    if (!card || !t.cards.includes(card)) return null;
    cards.push(card);
  }
  return cards.length ? { type: "select_actions", round, cards } : null;
}

/** The teams (ids) that have no card yet, picked or sent: why Confirm is not ready. */
export function teamsWithoutCard(
  teams: readonly SelectTeam[],
  draft: ReadonlyMap<string, string>,
): string[] {
  return teams
    .filter((t) => {
      const card = draft.get(t.team) ?? t.chosen;
      return !card || !t.cards.includes(card);
    })
    .map((t) => t.team);
}

/** Counts for allocate_spawn: each within its target's max, summing to what is available. */
export function validAllocation(
  targets: readonly SpawnTarget[],
  available: number,
  counts: readonly number[],
): boolean {
  if (counts.length !== targets.length) return false;
  const within = counts.every(
    (c, i) => Number.isInteger(c) && c >= 0 && c <= (targets[i]?.max ?? 0),
  );
  return within && counts.reduce((a, b) => a + b, 0) === available;
}

/** A first allocation to edit: fill the targets top to bottom. */
export function defaultAllocation(targets: readonly SpawnTarget[], available: number): number[] {
  let left = available;
  return targets.map((t) => {
    const c = Math.min(t.max, left);
    left -= c;
    return c;
  });
}
