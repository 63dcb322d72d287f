// The player's own hand of action cards. While action cards are chosen it is a secret ballot:
// pick one card per team (last round's card is not offered), then confirm; until the last
// player has chosen, a choice may be changed and sent again. A tap on a card opens it whole (on a
// touch screen before choosing it; see ActionCardView).

import { ActionCardView } from "./action-card";
import { andList } from "./event-text";
import { useKeepFocus } from "../ui/keep-focus";
import { promptFocusTarget } from "./prompt-bar";
import { type Ask, type SelectTeam, selectionCommand, teamsWithoutCard } from "./prompt-choices";
import type { AskControl } from "./use-ask";
import type { ActionCard, DaState } from "./wire";

type Selecting = Extract<Ask, { kind: "select_actions" }>;

function noteFor(
  card: ActionCard,
  team: SelectTeam | undefined,
  state: DaState,
): string | undefined {
  const last = state.teams.find((t) => t.id === card.team)?.last_card;
  if (last?.id === card.id) return "played last round";
  if (team && !team.cards.includes(card.id)) return "not allowed now";
  return undefined;
}

/** Every combat team of the viewer's is out of a game the others play on (rules: such a
 * player still wins or loses with the squad; audit s16 D #3): not once the game is over, nor
 * when no other player's team lives. */
export function wipedOut(state: DaState): boolean {
  if (state.phase === "over" || state.outcome) return false;
  const mine = state.teams.filter((t) => t.player === state.viewer);
  const others = state.teams.filter((t) => t.player !== state.viewer);
  return mine.length > 0 && mine.every((t) => !t.alive) && others.some((t) => t.alive);
}

/** The hand while choosing: the cards that may be chosen first, in hand order, then the dimmed
 * ones (last round's): a phone's row shows about two cards (QA s14 #6). */
export function handOrder(
  hand: readonly ActionCard[],
  teams: readonly SelectTeam[],
): readonly ActionCard[] {
  const allowed = (c: ActionCard) =>
    teams.some((t) => t.team === c.team && t.cards.includes(c.id));
  return [...hand.filter(allowed), ...hand.filter((c) => !allowed(c))];
}

export function HandPanel({ state, control }: { state: DaState; control: AskControl }) {
  const ask = control.ask.value;
  const selecting: Selecting | null = ask.kind === "select_actions" ? ask : null;
  const draft = control.draft;
  // Confirm greys out once sent and the prompt moves on: focus goes to the prompt (audit s16 E #3).
  const panel = useKeepFocus<HTMLElement>(promptFocusTarget);

  if (state.viewer === null) return null;
  const colours = new Map(state.teams.map((t) => [t.id, t.colour]));
  const teamNames = new Map(state.teams.map((t) => [t.id, t.name]));
  const teams = new Map((selecting?.teams ?? []).map((t) => [t.team, t]));
  const pick = (card: ActionCard) => {
    const next = new Map(draft.value);
    next.set(card.team, card.id);
    draft.value = next;
  };
  const chosenFor = (team: string): string | null =>
    draft.value.get(team) ?? teams.get(team)?.chosen ?? null;
  const cmd = selecting ? selectionCommand(selecting.round, selecting.teams, draft.value) : null;
  const sentAlready =
    selecting?.teams.every((t) => t.chosen !== null && chosenFor(t.team) === t.chosen) ?? false;
  // Why Confirm is greyed out: the teams that still need a card.
  const missing = selecting ? teamsWithoutCard(selecting.teams, draft.value) : [];
  const why = missing.length
    ? `Still to choose: a card for ${andList(missing.map((t) => teamNames.get(t) ?? t))}.`
    : null;

  const hand = selecting ? handOrder(state.hand, selecting.teams) : state.hand;

  return (
    <section class="da-hand" aria-label="Your hand" data-testid="da-hand" ref={panel}>
      <header class="da-hand__head">
        <h2>Your hand</h2>
        {selecting && why && (
          <span class="da-caption da-confirm__why" id="da-confirm-why" data-testid="da-confirm-why">
            {why}
          </span>
        )}
        {selecting && (
          <button
            type="button"
            class="button button--primary da-confirm"
            data-testid="da-confirm-select"
            disabled={cmd === null || sentAlready || control.busy.value}
            title={why ?? undefined}
            aria-describedby={why ? "da-confirm-why" : undefined}
            onClick={() => cmd && control.send(cmd)}
          >
            {sentAlready ? "Chosen: waiting for the others" : "Confirm choice"}
          </button>
        )}
      </header>
      {state.hand.length > 1 && (
        <p class="da-caption da-hand__more">
          {state.hand.length} cards: swipe the row for more{selecting ? " (dimmed ones last)" : ""}.
        </p>
      )}
      <div class="da-hand__cards">
        {hand.map((card) => {
          const team = teams.get(card.team);
          const allowed = team?.cards.includes(card.id) ?? false;
          return (
            <ActionCardView
              key={card.id}
              card={card}
              colour={colours.get(card.team) ?? "#777"}
              onClick={selecting ? () => pick(card) : undefined}
              disabled={!allowed}
              chosen={
                chosenFor(card.team) === card.id ||
                state.teams.some((t) => t.chosen?.id === card.id)
              }
              // A dimmed card says why (its note is the button's description).
              note={
                noteFor(card, team, state) ?? (selecting && !allowed ? "not allowed now" : undefined)
              }
              compact={!selecting}
              readable
              team={teamNames.get(card.team)}
            />
          );
        })}
        {state.hand.length === 0 && (
          <p class="muted" data-testid="da-hand-empty">
            {wipedOut(state)
              ? "Your combat teams are wiped out: you have nothing more to choose, and you still win or lose with the others."
              : "No action cards left."}
          </p>
        )}
      </div>
    </section>
  );
}
