// One Death Angel event as a line of the log (pure). A die roll also carries its face, drawn as a
// die beside the words. Redacted events (counts instead of cards) read the same as full ones.

import type { OtherEvent } from "../protocol/messages";
import type { Namer } from "./pack-names";

export interface DieShown {
  value: number;
  skull: boolean;
  purpose: string;
  reroll: boolean;
}

export type Tone = "minor" | "normal" | "major";

export interface LogLine {
  text: string;
  tone: Tone;
  die?: DieShown;
}

type Ev = OtherEvent;

const num = (e: Ev, key: string): number => (typeof e[key] === "number" ? e[key] : 0);
const str = (e: Ev, key: string): string => (typeof e[key] === "string" ? e[key] : "");
const arr = (e: Ev, key: string): unknown[] => (Array.isArray(e[key]) ? e[key] : []);
const ids = (e: Ev, key: string): string[] =>
  arr(e, key).filter((x): x is string => typeof x === "string");
/** A pile given as its cards (own view) or, redacted, as a count. */
const size = (e: Ev, key: string): number => (Array.isArray(e[key]) ? e[key].length : num(e, key));
const rec = (x: unknown): Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {};

export const sideName = (side: unknown): string => (side === "R" ? "right" : "left");

/** "p2" → "Player 2"; any other id as it is. */
export function playerName(id: string | null | undefined): string {
  if (!id) return "Someone";
  const m = /^p(\d+)$/.exec(id);
  return m ? `Player ${m[1]}` : id;
}

/** "A", "A and B", "A, B and C". */
export function andList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const at = (position: unknown, side: unknown): string =>
  `position ${String(position)} ${sideName(side)}`;

function placements(e: Ev, n: Namer): string {
  const parts = arr(e, "placements").map((x) => {
    const p = rec(x);
    const cards = Array.isArray(p["cards"]) ? (p["cards"] as unknown[]).map(String) : [];
    const what =
      e["from_blips"] === false
        ? cards.map((c) => n.genestealer(c)).join(", ")
        : plural(cards.length, "genestealer");
    return `${what} at ${at(p["position"], p["side"])}`;
  });
  if (parts.length > 0) return `Spawn: ${parts.join("; ")}.`;
  const side = e["box_side"];
  return side ? `No genestealers spawn on the ${sideName(side)}.` : "No genestealers spawn.";
}

/** "the swarm at position 1 left flanks to position 1 right"; swarms that make the same move
 * are counted once: "2 swarms at position 1 left flank to position 1 right". */
function swarmMoves(e: Ev): string {
  const counted = new Map<string, { from: string; flank: boolean; to: string; n: number }>();
  for (const x of arr(e, "moves")) {
    const m = rec(x);
    const from = at(m["position"], m["side"]);
    const to = at(m["to_position"], m["to_side"]);
    const flank = m["flank"] === true;
    const key = `${from}|${flank}|${to}`;
    const seen = counted.get(key);
    if (seen) seen.n += 1;
    else counted.set(key, { from, flank, to, n: 1 });
  }
  const moves = [...counted.values()].map(({ from, flank, to, n }) =>
    n === 1
      ? `the swarm at ${from} ${flank ? "flanks to" : "moves to"} ${to}`
      : `${n} swarms at ${from} ${flank ? "flank to" : "move to"} ${to}`,
  );
  return moves.length ? `Genestealers move: ${moves.join("; ")}.` : "No swarm moves.";
}

function tokens(e: Ev, n: Namer, verb: string): string {
  const count = num(e, "count");
  const where = str(e, "marine") ? n.marine(str(e, "marine")) : n.terrain(str(e, "terrain"));
  return `${plural(count, "support token")} ${verb} ${where}.`;
}

/** A defence roll's modifiers and the swarm it is measured against, when the server says them:
 * ", +1 Hold the Line, −1 The Pale Tyrant = 3 against a swarm of 2" (he lives on more). */
function measure(e: Ev, value: number): string {
  if (typeof e["against"] !== "number") return "";
  const mods = arr(e, "modifiers")
    .map(rec)
    .map((m) => ({ v: typeof m["value"] === "number" ? m["value"] : 0, label: String(m["label"]) }));
  const total = mods.reduce((sum, m) => sum + m.v, value);
  const terms = mods.map((m) => `${m.v < 0 ? "\u2212" : "+"}${Math.abs(m.v)} ${m.label}`);
  const sum = terms.length ? `, ${terms.join(", ")} = ${total}` : "";
  return `${sum} against a swarm of ${num(e, "against")}`;
}

function die(e: Ev, n: Namer): LogLine {
  const purpose = str(e, "purpose");
  const who = str(e, "marine") ? n.marine(str(e, "marine")) : playerName(str(e, "player"));
  const again = e["reroll"] === true ? "re-rolls" : "rolls";
  const what =
    purpose === "defence" ? "to defend" : purpose === "attack" ? "to attack" : "for an ability";
  const value = num(e, "value");
  const skull = e["skull"] === true;
  return {
    text: `${who} ${again} ${what}: ${value}${skull ? " and a skull" : ""}${measure(e, value)}.`,
    tone: "normal",
    die: { value, skull, purpose, reroll: e["reroll"] === true },
  };
}

const line = (text: string, tone: Tone = "normal"): LogLine => ({ text, tone });

/** The log line of one event as this viewer received it. */
export function describeDaEvent(e: Ev, n: Namer): LogLine {
  switch (e.type) {
    case "setup_dealt":
      return line(
        `The cards are dealt: ${plural(ids(e, "formation").length, "marine")} in the formation; ` +
          `${playerName(str(e, "first_player"))} was drawn first player: the combat teams were dealt clockwise from them.`,
        "major",
      );
    case "location_entered":
      return line(`The squad enters ${n.location(str(e, "location"))}.`, "major");
    case "terrain_placed": {
      const placed = arr(e, "placements").map((x) => {
        const p = rec(x);
        return `${n.terrain(String(p["terrain"]))} at ${at(p["position"], p["side"])}`;
      });
      return line(placed.length ? `Terrain: ${placed.join("; ")}.` : "No terrain is placed.");
    }
    case "blips_discarded":
      return line("The blip piles are discarded.");
    case "deck_shuffled":
      return line(
        `The ${str(e, "deck")} discard pile is shuffled into a new deck ` +
          `(${plural(size(e, "order"), "card")}).`,
      );
    case "blip_side_chosen":
      return line(`The odd genestealer goes to the ${sideName(e["side"])} blip pile.`);
    case "blips_dealt":
      return line(`Blip piles dealt: ${size(e, "left")} left, ${size(e, "right")} right.`);
    case "travel_finished":
      return line("Travel is done.", "minor");
    case "round_started":
      return line(`Round ${num(e, "round")}: choose action cards.`, "major");
    case "phase_ended":
      return line(`The ${str(e, "phase")} phase ends.`, "minor");
    case "phase_started":
      return line(`The ${str(e, "phase")} phase begins.`, "minor");
    case "actions_selected": {
      const cards = ids(e, "cards");
      const chosen = cards.length ? `: ${cards.map((c) => n.action(c)).join(", ")}` : "";
      return line(`${playerName(str(e, "player"))} has chosen${chosen}.`);
    }
    case "actions_revealed":
      return line(
        `Revealed, in initiative order: ${ids(e, "order")
          .map((c) => n.action(c))
          .join(", ")}.`,
        "major",
      );
    case "action_started":
      return line(`${n.action(str(e, "card"))} resolves.`, "major");
    case "ability_used":
      return line(`${n.action(str(e, "card"))}: its ability takes effect.`);
    case "support_given":
      return line(
        e["placed"] === false
          ? `${n.action(str(e, "card"))}: the pool is empty, ` +
              `no token for ${n.marine(str(e, "marine"))}.`
          : `${n.marine(str(e, "marine"))} is given a support token.`,
      );
    case "support_pool_empty":
      // rules revision 2 (rules-decisions E15, E16): nobody is asked, the action just finishes
      return line(`${n.action(str(e, "card"))}: the support pool is empty, so no token can be placed.`);
    case "pool_ran_out": {
      const who = ids(e, "marines").map((m) => n.marine(m));
      const terrain = str(e, "terrain");
      if (terrain) who.push(n.terrain(terrain));
      const partly = ids(e, "partly").map((m) => n.marine(m));
      const parts = [
        ...(who.length ? [`${andList(who)} ${who.length === 1 ? "gets" : "get"} no token`] : []),
        ...(partly.length ? [`${andList(partly)} ${partly.length === 1 ? "gets" : "get"} fewer than the ability gives`] : []),
      ];
      return line(`The support pool is empty, so ${parts.length ? parts.join("; ") : "nobody gets a token"}.`);
    }
    case "location_ability_used":
      return line(`${n.location(str(e, "location"))}: its on-entering ability applies.`);
    case "marine_moved":
      return line(`${n.marine(str(e, "marine"))} swaps places with ${n.marine(str(e, "other"))}.`);
    case "marine_flipped":
      return line(`${n.marine(str(e, "marine"))} turns to face ${sideName(e["facing"])}.`);
    case "terrain_activated":
      return line(`${n.marine(str(e, "marine"))} activates ${n.terrain(str(e, "terrain"))}.`);
    case "attack_declared":
      return line(
        `${n.marine(str(e, "marine"))} attacks the swarm at ${at(e["position"], e["side"])}.`,
      );
    case "die_rolled":
      return die(e, n);
    case "token_spent":
      return line(`${n.marine(str(e, "marine"))} spends a support token to re-roll.`);
    case "roll_kept":
      return line("The roll stands.", "minor");
    case "attack_resolved":
      return line(`${n.marine(str(e, "marine"))} ${e["hit"] === true ? "hits" : "misses"}.`);
    case "kill_requested":
      return line(
        `${plural(num(e, "count"), "genestealer")} to slay at ${at(e["position"], e["side"])}.`,
        "minor",
      );
    case "genestealer_slain":
      // not asked for by an attack: a last stand (Oath of Vengeance), logged before the
      // marine's death it comes with (QA s14: it read as a kill before the failed defence)
      if (e["requested"] === false) {
        return line(`Last stand: as the defence fails, the falling marine slays ${n.genestealer(str(e, "card"))} at ${at(e["position"], e["side"])}.`);
      }
      return line(`${n.genestealer(str(e, "card"))} slain at ${at(e["position"], e["side"])}.`);
    case "kill_dropped":
      return line("No genestealer is left there to slay.", "minor");
    case "action_finished":
      return line(`${n.action(str(e, "card"))} is done.`, "minor");
    case "tokens_placed":
      return line(tokens(e, n, "placed on"));
    case "tokens_discarded":
      return line(tokens(e, n, "discarded from"));
    case "swarm_attack_started":
      return line(
        `The swarm at ${at(e["position"], e["side"])} (${plural(ids(e, "cards").length, "card")}) ` +
          `attacks ${n.marine(str(e, "marine"))}.`,
      );
    case "swarm_attack_finished":
      return line(e["survived"] === true ? "He survives." : "The defence fails.");
    case "marine_killed": {
      const shift = str(e, "shift");
      const moved = shift === "none" ? "" : ` The formation shifts ${shift}.`;
      return line(
        `${n.marine(str(e, "marine"))} is slain at position ${num(e, "position")}.${moved}`,
        "major",
      );
    }
    case "team_eliminated":
      return line(
        `${n.team(str(e, "team"))} is wiped out: its action cards leave the game.`,
        "major",
      );
    case "event_drawn": {
      const card = str(e, "card");
      return line(
        `${playerName(str(e, "player"))} draws the event card${card ? ` (${n.event(card)})` : ""}.`,
      );
    }
    case "instinct_chosen":
      return line(
        `${playerName(str(e, "player"))} chooses ${n.marine(str(e, "marine"))} (instinct).`,
      );
    case "event_revealed":
      return line(`Event: ${n.event(str(e, "card"))}.`, "major");
    case "event_ability_resolved":
      return line(`${n.event(str(e, "card"))}: its ability is resolved.`, "minor");
    case "genestealers_placed":
      return line(placements(e, n));
    case "spawn_sealed":
      return line(`${n.terrain(str(e, "terrain"))} is sealed: the spawn there is blocked.`);
    case "swarms_moved":
      return line(swarmMoves(e));
    case "box_resolved":
      return line(`Event box ${num(e, "box") + 1} is done.`, "minor");
    case "event_discarded":
      return line(`${n.event(str(e, "card"))} is discarded.`, "minor");
    case "progress_made":
      return line(`${n.location(str(e, "location"))}: objective progress ${num(e, "value")}.`);
    case "blip_discarded":
      return line(
        `The top ${sideName(e["side"])} blip card (${n.genestealer(str(e, "card"))}) is discarded.`,
      );
    case "game_won":
      return line(
        str(e, "reason") === "cleared"
          ? "Victory: the hulk is cleared!"
          : "Victory: the objective is complete!",
        "major",
      );
    case "game_lost":
      return line("Defeat: every marine is dead.", "major");
    default:
      return line(`${e.type.replaceAll("_", " ")}.`, "minor");
  }
}

/** Where in the game an event falls, for lines that depend on it. */
export interface LogContext {
  /** Still setting up: before the first round begins. */
  setup: boolean;
  /** An `actions_selected` by a player who had already chosen this round (a changed choice,
   * rules-decisions E2). */
  again?: boolean;
  /** For an `ability_used`: whether its card's resolution logged anything before it (the
   * server names the ability after its effects); null when the card's start is not in the log. */
  effects?: boolean | null;
  /** For an ability's die roll: the events right after it, when they have arrived. */
  next?: Ev | null;
}

/** The log line of one event, or null when it would say something that did not happen: the
 * setup's opening event card only spawns (§3.1 step 8; its ability is not resolved) and nobody
 * travels at the setup; a card without an ability has none to use or resolve. */
export function daLogLine(e: Ev, n: Namer, ctx: LogContext): LogLine | null {
  switch (e.type) {
    case "travel_finished":
      return ctx.setup ? null : describeDaEvent(e, n);
    case "event_ability_resolved":
      return ctx.setup || n.hasAbility(str(e, "card")) === false ? null : describeDaEvent(e, n);
    case "ability_used": {
      // The line follows the ability's effects: after none (a passive card, one that works
      // later in the action, or one with nothing to act on) it would say "takes effect" with
      // nothing to show for it (QA s14 #5).
      if (n.hasAbility(str(e, "card")) === false || ctx.effects === false) return null;
      if (ctx.effects === true) {
        return line(`${n.action(str(e, "card"))}: its ability is resolved.`, "minor");
      }
      return describeDaEvent(e, n);
    }
    case "die_rolled": {
      // Purge Volley's skull slays in front of him (a kill follows at once); a skull followed by
      // the next roll or the end of the ability found no swarm there.
      const said = describeDaEvent(e, n);
      const after = ctx.next?.type;
      const missed =
        e["purpose"] === "ability" &&
        e["skull"] === true &&
        (after === "die_rolled" || after === "ability_used");
      if (!missed) return said;
      return { ...said, text: `${said.text.slice(0, -1)}, but no swarm is in front of him.` };
    }
    case "box_resolved":
      // the setup resolves only the opening card's spawn boxes, which say what they spawn; the
      // move and flank boxes are skipped (§3.1 step 8), so "done" would suggest they did something
      return ctx.setup ? null : describeDaEvent(e, n);
    case "actions_selected": {
      const said = describeDaEvent(e, n);
      return ctx.again ? { ...said, text: said.text.replace(" has chosen", " changed the choice") } : said;
    }
    default:
      return describeDaEvent(e, n);
  }
}

/** The log of a run of events (oldest first): a run that starts with the deal starts in setup,
 * which lasts until the first round begins. */
export function daLog<T extends { e: Ev }>(entries: readonly T[], n: Namer): [T, LogLine][] {
  let setup = entries[0]?.e.type === "setup_dealt";
  const chose = new Set<string>();
  const out: [T, LogLine][] = [];
  /** Lines logged since the last action card started to resolve (null: none started yet). */
  let sinceAction: number | null = null;
  entries.forEach((entry, i) => {
    const type = entry.e.type;
    if (type === "round_started") {
      setup = false;
      chose.clear();
    }
    const player = type === "actions_selected" ? str(entry.e, "player") : null;
    const again = player !== null && chose.has(player);
    if (player !== null) chose.add(player);
    const effects = sinceAction === null ? null : sinceAction > 0;
    const next = entries[i + 1]?.e ?? null;
    const line = daLogLine(entry.e, n, { setup, again, effects, next });
    if (type === "action_started") sinceAction = 0;
    else if (line && sinceAction !== null) sinceAction += 1;
    if (type === "action_finished") sinceAction = null;
    if (line) out.push([entry, line]);
  });
  return out;
}
