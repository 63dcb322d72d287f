// Round, whose turn, the phase (with the turn's five phases as a track) and what the game waits for.

import { useDocumentTitle } from "../ui/document-title";
import { SCREEN_READER_ONLY } from "../ui/screen-reader-only";
import { PHASE_TITLE, STEP_TITLE, type Namer, title } from "./names";
import { pendingWords } from "./offered-actions";
import type { Pending, W40State } from "./wire";

const TRACK = ["command", "movement", "shooting", "charge", "fight"] as const;

/** The phase bar's words for the pending decision: "Your turn: move units in the Movement
 * phase" (pending `act`, the turn's player free to act), "Your decision: deploy a unit", or
 * "Waiting for Player 2 to move units in the Movement phase". Pure. */
export function waitingText(p: Pending, phase: string, yours: boolean, waitingFor: string): string {
  const what = pendingWords(p, phase);
  if (!yours) return `Waiting for ${waitingFor} ${what}`;
  return `${p.kind === "act" ? "Your turn" : "Your decision"}: ${what.replace(/^to /, "")}`;
}

/** What the polite live region says (audit s16 E #4): what this seat must now do, the phase
 * bar's "Your turn: …" / "Your decision: …", and nothing while another player is to act (so the
 * same words are said again when the seat's turn comes back). The region's text changes only
 * when this does, so it is read out once per change, not on every render. Pure. */
export function mustDoText(p: Pending | null, phase: string, yours: boolean, over: boolean): string {
  if (p === null || !yours || over) return "";
  return waitingText(p, phase, true, "");
}

export function PhaseBar({ state, names, me }: { state: W40State; names: Namer; me: string | null }) {
  const g = state.game;
  const color = state.players.find((p) => p.id === g.active)?.color ?? "#999";
  const p = g.pending;
  const waitingFor = p?.kind === "declare_formations" ? (p.options.length > 1 ? "both players" : names.player(p.options[0])) : names.player(p?.player);
  const yours = p !== null && (p.player === me || (p.kind === "declare_formations" && me !== null && p.options.includes(me)));
  useDocumentTitle({ system: "wh40k-10e", mustAct: yours && g.result === null, what: p && pendingWords(p, g.phase) });
  return (
    <div class="w40-phasebar" data-testid="w40-phasebar" data-round={g.round} data-phase={g.phase} data-step={g.step} data-active={g.active ?? ""}>
      {g.phase === "setup" ? (
        <span class="w40-phasebar__round">Set-up · {title(STEP_TITLE, g.step)}</span>
      ) : g.phase === "over" ? (
        <span class="w40-phasebar__round">Game over</span>
      ) : (
        <>
          <span class="w40-phasebar__round">
            Round {g.round}/{g.rounds}
          </span>
          <span class="w40-phasebar__turn">
            <span class="swatch" style={{ background: color }} />
            {names.player(g.active)}'s turn
          </span>
          <ol class="w40-track" aria-label="Phases of the turn">
            {TRACK.map((ph) => (
              <li key={ph} class={ph === g.phase ? "w40-track__on" : ""} aria-current={ph === g.phase ? "step" : undefined}>
                {title(PHASE_TITLE, ph)}
              </li>
            ))}
          </ol>
        </>
      )}
      <span role="status" style={SCREEN_READER_ONLY} data-testid="w40-must-do">
        {mustDoText(p, g.phase, yours, g.result !== null)}
      </span>
      {p && g.result === null && (
        <span class={`w40-phasebar__wait ${yours ? "w40-phasebar__wait--you" : ""}`} data-testid="w40-waiting">
          {waitingText(p, g.phase, yours, waitingFor)}
        </span>
      )}
    </div>
  );
}
