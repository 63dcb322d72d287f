// Why a model cannot be moved, said before anything is sent: a drag, a turn key (Q, E, [ ])
// or a level key (PageUp / PageDown) on a model that is not the viewer's, or by a spectator.
// The codes are the server's for the same refusal (`move/not_your_model`, `intent/spectator`);
// the words name the owner, as the tool panel names models (`modelLabel`).

import type { ModelId } from "../protocol/messages";
import type { TableIndex } from "../state/game-store";
import { modelLabel } from "./model-label";

export interface Refusal {
  code: string;
  message: string;
  detail: Record<string, unknown>;
}

/**
 * The words for trying to move `models`, or null when the viewer may move them all (the press
 * was the viewer's own models: nothing to say). `player`: the viewer's seat, null for a
 * spectator.
 */
export function cannotMoveRefusal(
  index: TableIndex,
  player: string | null,
  models: readonly ModelId[],
): Refusal | null {
  if (models.length === 0) return null;
  if (player === null) {
    return {
      code: "intent/spectator",
      message: "Spectators cannot move models: you can select them and use the tools.",
      detail: {},
    };
  }
  const other = models.find((id) => {
    const unit = index.models.get(id)?.unit;
    const owner = unit === undefined ? undefined : index.units.get(unit)?.player;
    return owner !== undefined && owner !== player;
  });
  if (other === undefined) return null;
  const unit = index.models.get(other)?.unit;
  const owner = unit === undefined ? undefined : index.units.get(unit)?.player;
  const ownerName = owner === undefined ? "another player" : (index.players.get(owner)?.name ?? owner);
  return {
    code: "move/not_your_model",
    message: `${modelLabel(index, other)} is ${ownerName}'s model: you can measure it, not move it.`,
    detail: { model: other },
  };
}

/** A refusal as the toast list keeps it: `seq` tells a new refusal from the same one re-worded. */
export interface ToastRefusal {
  code: string;
  message: string;
  seq: number;
}

/** Where a toast came from: the server's refusals and the page's own count `seq` apart. */
export type ToastSource = "server" | "page";

export interface ShownToast<R extends ToastRefusal> {
  r: R;
  key: number;
  source: ToastSource;
  /** How many times this refusal came (the same code and words): shown once, "(×2)". */
  times: number;
  /** When it was shown (ms, the page's clock): a situation change spares a fresh one. */
  at: number;
}

export interface ToastList<R extends ToastRefusal> {
  shown: readonly ShownToast<R>[];
  /** The last `seq` taken from each source, shown or since timed out. */
  last: Readonly<Partial<Record<ToastSource, number>>>;
}

export const MAX_TOASTS = 3;

/**
 * The toast list after a refusal arrives (h4 s15 #14: toasts stayed, stacked and repeated). The
 * one already taken (same source and `seq`: the page re-words it when its names change) only
 * updates its words, and is not shown again once gone; the same refusal again (code and words)
 * replaces the one shown, counted; at most MAX_TOASTS. `key` numbers the new toast; `removed`
 * are the keys taken off (their timers can go). Pure.
 */
export function addToast<R extends ToastRefusal>(
  list: ToastList<R>,
  source: ToastSource,
  r: R,
  key: number,
  at = 0,
): { list: ToastList<R>; added: ShownToast<R> | null; removed: number[] } {
  if (list.last[source] === r.seq) {
    const shown = list.shown.map((s) => (s.source === source && s.r.seq === r.seq ? { ...s, r } : s));
    return { list: { ...list, shown }, added: null, removed: [] };
  }
  const last = { ...list.last, [source]: r.seq };
  const same = list.shown.filter((s) => s.r.code === r.code && s.r.message === r.message);
  const times = same.reduce((n, s) => n + s.times, 0) + 1;
  const added: ShownToast<R> = { r, key, source, times, at };
  const kept = [...list.shown.filter((s) => !same.includes(s)), added];
  const cut = kept.slice(0, Math.max(0, kept.length - MAX_TOASTS));
  return {
    list: { shown: kept.slice(-MAX_TOASTS), last },
    added,
    removed: [...same, ...cut].map((s) => s.key),
  };
}

/** Milliseconds: a toast shown this recently stays when the situation changes (r3 review #4). */
export const CLEAR_GRACE_MS = 1500;

/**
 * The keys of the toasts whose situation has passed when the phase or step changes at `now`: all
 * but those shown in the last `graceMs`. A refusal that came just before the change is most
 * likely caused by it (the opponent's step ended first: `intent/stale_version`), and the state
 * showing the change arrives an HTTP fetch after the refusal; clearing it would hide why the
 * player's Confirm did nothing. Pure.
 */
export const passedToasts = <R extends ToastRefusal>(
  list: ToastList<R>,
  now: number,
  graceMs = CLEAR_GRACE_MS,
): number[] => list.shown.filter((s) => now - s.at > graceMs).map((s) => s.key);

/** The list with the toasts of `keys` gone (timed out, or the situation changed). Pure. */
export const dropToasts = <R extends ToastRefusal>(list: ToastList<R>, keys: readonly number[]): ToastList<R> => ({
  ...list,
  shown: list.shown.filter((s) => !keys.includes(s.key)),
});
