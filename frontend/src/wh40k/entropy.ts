// A player's own randomness for the dice: 32 bytes from the browser's CSPRNG, as hex; and when the
// page may send it. The live server takes one string per player between two rolls and refuses
// another (`dice/entropy_pending`, `shell_commands.admit`): the page reads from the log whether
// this seat's last string is still waiting for a roll, and neither sends one on its own nor offers
// the button then.

export function freshEntropy(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

type Entry = { v: number; e: { type: string; [k: string]: unknown } };

/** Whether this player has contributed already, by the log or by an earlier visit. */
export function contributed(events: readonly Entry[], player: string): boolean {
  return events.some(({ e }) => isMine(e, player));
}

export const entropyKey = (gameId: string, player: string): string => `vantage:entropy:${gameId}:${player}`;

const isMine = (e: Entry["e"], player: string): boolean => e.type === "entropy_contributed" && e["player"] === player;

/** Keys under which a 10e event keeps dice it rolled (`rules/wh40k10e/events.py`: every event
 * says every die it rolled): `dice` (a list, or lists by kind or by player; a re-roll offer's
 * `pending.detail.dice`; queued mortal wounds' `jobs[].dice`) and `feel_no_pain`. */
const DICE_KEYS = new Set(["dice", "feel_no_pain"]);

const someDie = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.length > 0
    : typeof value === "object" && value !== null && Object.values(value).some(someDie);

function holdsDice(value: unknown, depth: number): boolean {
  if (depth > 6 || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((x) => holdsDice(x, depth + 1));
  return Object.entries(value).some(([k, x]) => (DICE_KEYS.has(k) ? someDie(x) : holdsDice(x, depth + 1)));
}

/** Whether the event shows dice rolled (a Command Re-roll's are its `new` dice). */
export function rolledDice(e: Entry["e"]): boolean {
  if (e.type === "entropy_contributed") return false;
  if (e.type === "rerolled") return Array.isArray(e["new"]) && e["new"].length > 0;
  return holdsDice(e, 0);
}

/** This player's last entropy is in the log and no dice were rolled after it: the server would
 * refuse another now. False when the log holds none of theirs (never sent, or not loaded). */
export function entropyPending(events: readonly Entry[], player: string): boolean {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i]!.e;
    if (isMine(e, player)) return true;
    if (rolledDice(e)) return false;
  }
  return false;
}

export interface AutoEntropyInput {
  /** The seat's player (null: a spectator). */
  player: string | null;
  /** The socket is online and a state is shown. */
  ready: boolean;
  over: boolean;
  /** The earlier events (the export) are in the log: without them the log cannot tell. */
  historyLoaded: boolean;
  events: readonly Entry[];
  /** This browser sent one for this seat before (local storage), or this page already did. */
  sentBefore: boolean;
  /** The server's own word, as for the button (`EntropyButtonInput.serverPending`). */
  serverPending?: readonly string[] | undefined;
}

/** Whether the page mixes in this browser's randomness on its own: once per player and game,
 * only once the whole log is read, and never while their last string waits for a roll (a
 * second browser opening the seat sends nothing). */
export function autoEntropy(s: AutoEntropyInput): boolean {
  if (s.player === null || !s.ready || s.over || !s.historyLoaded || s.sentBefore) return false;
  if (s.serverPending?.includes(s.player)) return false;
  return !contributed(s.events, s.player) && !entropyPending(s.events, s.player);
}

export interface EntropyButtonInput {
  events: readonly Entry[];
  player: string;
  /** A string this page sent is not answered yet, or its event is not in the log yet. */
  sending: boolean;
  /** The server's own word (`dice.entropy_pending` of the view, `app/export.live_dice`): the
   * players whose last string waits for a roll; absent from older servers. */
  serverPending?: readonly string[] | undefined;
}

/** The "Add my entropy" button: null when it may be pressed, else why not (it is disabled).
 * Pending when the server says so, or when the log does (the view may lag an event behind): the
 * log alone took a resumed attack's dice, rolled before it paused, for a new roll (review s16). */
export function entropyButtonReason(s: EntropyButtonInput): string | null {
  if (s.sending) return "Sending…";
  const pending = (s.serverPending?.includes(s.player) ?? false) || entropyPending(s.events, s.player);
  if (pending) return "Yours is in and waits for the next roll; add more after it.";
  return null;
}
