// The browser tab's title: which game this tab shows and, above all, whether this viewer must act
// now, so a player who switched to another tab sees "● Waiting for you …" there (also in the
// opponent's turn, when a reaction or a re-roll is this player's to decide).

import { useEffect } from "preact/hooks";

export const APP_TITLE = "Vantage";

/** Short names for the tab (the server's titles are sentences). */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  "wh40k-10e": "Warhammer 40,000 10th edition",
  "wh40k-9e": "Warhammer 40,000 9th edition",
  "wh40k-8e": "Warhammer 40,000 8th edition",
  deathmatch: "Deathmatch",
  sandbox: "Sandbox",
  "death-angel": "Death Angel",
};

/** The longest `what` kept whole; a longer one is cut with an ellipsis. */
const MAX_WHAT = 48;

export interface TitleParts {
  /** The game system's id ("wh40k-10e"), or null while it is not known. */
  system: string | null;
  /** This viewer must act now (their turn, or a decision only they can make). */
  mustAct: boolean;
  /** What they must do, continuing "Waiting for you …": "to deploy a unit". */
  what?: string | null;
}

export const systemShortName = (system: string): string => SHORT_NAMES[system] ?? system;

function shorten(text: string): string {
  const t = text.trim().replace(/\s+/g, " ").replace(/[.:]$/, "");
  return t.length <= MAX_WHAT ? t : `${t.slice(0, MAX_WHAT - 1).trimEnd()}…`;
}

/**
 * "● Waiting for you to deploy a unit — Warhammer 40,000 10th edition — Vantage" when the viewer must
 * act; "Warhammer 40,000 10th edition — Vantage" otherwise (the same for spectators and for a
 * player who waits); "Vantage" before the system is known.
 */
export function documentTitle({ system, mustAct, what }: TitleParts): string {
  const parts: string[] = [];
  if (mustAct) parts.push(what && what.trim() ? `● Waiting for you ${shorten(what)}` : "● Waiting for you");
  if (system) parts.push(systemShortName(system));
  parts.push(APP_TITLE);
  return parts.join(" — ");
}

/** Keep `document.title` to `documentTitle(parts)` while the calling component is shown. */
export function useDocumentTitle(parts: TitleParts): void {
  const title = documentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
}
