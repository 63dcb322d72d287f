// The squad: each combat team with its player, whether it has chosen (the card itself only once
// revealed, or to its own player), last round's card; the resolution order; the event card.
// The round's cards in the resolution order are read-only buttons: a tap, a click, Enter or
// Space opens one whole in the card sheet, so a player reads what a team-mate's card does.

import { ActionCardView } from "./action-card";
import { playerName } from "./event-text";
import type { Namer } from "./pack-names";
import type { DaState, EventBox, Team } from "./wire";

/** Whether to mark a team's player as the active player: not while action cards are chosen,
 * since the reveal decides who is active (in round 1 the random first player is only the
 * set-up's), nor once the game is over or the team is dead. */
export function shownActive(team: Team, state: DaState): boolean {
  const choosing = state.phase === "select" && state.pending?.kind === "select_actions";
  return !choosing && state.active_player === team.player && state.outcome === null && team.alive;
}

/** A team's line while cards are chosen: the card sent (own teams, or all after the reveal),
 * or the card picked in the hand and not sent yet (`picked`, this viewer's own teams). */
export function teamStatus(team: Team, state: DaState, picked: string | null = null): string {
  if (!team.alive) return "wiped out";
  if (state.phase !== "select") return "";
  const sent = team.chosen?.name ?? null;
  const name = (id: string) => state.hand.find((c) => c.id === id)?.name ?? id;
  if (picked !== null && picked !== (team.chosen?.id ?? null)) {
    return `picked ${name(picked)}, not confirmed${sent ? ` (sent: ${sent})` : ""}`;
  }
  if (!team.has_chosen) return "choosing…";
  return sent ? `has chosen: ${sent}` : "has chosen";
}

function boxText(box: EventBox, names: Namer): string {
  if (box.kind === "spawn") return `Spawn ${box.size} at ${box.colour}`;
  return `${names.genestealerType(box.genestealer)} ${box.kind === "flank" ? "flank" : "move"}`;
}

function EventCardView({ state, names }: { state: DaState; names: Namer }) {
  const step = state.event;
  if (!step || !step.drawn) return null;
  const card = step.card;
  return (
    <div class="da-card da-event" data-testid="da-event-card">
      {card ? (
        <>
          <strong>{card.name}</strong>
          {!step.revealed && (
            <span class="da-caption">Only you see this until it is revealed.</span>
          )}
          {card.text && <span class="da-event__text">{card.text}</span>}
          <ol class="da-event__boxes">
            {card.boxes.map((b, i) => (
              <li key={i} class={step.box === i ? "da-event__box--now" : ""}>
                {boxText(b, names)}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <span>{playerName(step.drawn_by)} has drawn the event card (face down).</span>
      )}
    </div>
  );
}

export function SquadPanel({
  state,
  names,
  picks = new Map(),
}: {
  state: DaState;
  names: Namer;
  /** The viewer's picks not yet confirmed (team → card). */
  picks?: ReadonlyMap<string, string>;
}) {
  const order = state.resolution.order;
  return (
    <section class="da-squad" aria-label="The squad">
      <ul class="da-teams">
        {state.teams.map((t) => (
          <li
            key={t.id}
            class={`da-team${t.alive ? "" : " da-team--dead"}`}
            data-testid={`da-team-${t.id}`}
          >
            <span class="swatch" style={{ background: t.colour }} />
            <span class="da-team__name">{t.name}</span>
            <span class="da-team__player">
              {t.player === state.viewer ? "you" : playerName(t.player)}
              {shownActive(t, state) ? " · active" : ""}
            </span>
            <span
              class="da-team__status"
              data-chosen={t.has_chosen ? "true" : "false"}
              data-testid={`da-team-status-${t.id}`}
            >
              {teamStatus(t, state, picks.get(t.id) ?? null)}
            </span>
            {t.last_card && <span class="da-team__last">last round: {t.last_card.name}</span>}
          </li>
        ))}
      </ul>
      {order.length > 0 && (
        // The heading alone in .da-order: its `.da-order h3` style would also reach the card
        // sheet's title (an h3 inside the card's subtree, though shown in the top layer).
        <div role="group" aria-labelledby="da-order-title" data-testid="da-order">
          <div class="da-order">
            <h3 id="da-order-title">This round, in initiative order</h3>
          </div>
          <div class="da-order__cards">
            {order.map((c) => {
              const done =
                !state.resolution.queue.includes(c.id) && state.resolution.current !== c.id;
              const now = state.resolution.current === c.id;
              const team = state.teams.find((t) => t.id === c.team);
              return (
                <ActionCardView
                  key={c.id}
                  card={c}
                  colour={team?.colour ?? "#777"}
                  compact
                  chosen={now}
                  note={now ? "resolving" : done && state.phase === "resolve" ? "done" : undefined}
                  readable
                  team={team?.name}
                  testId={`da-order-${c.id}`}
                />
              );
            })}
          </div>
        </div>
      )}
      <EventCardView state={state} names={names} />
    </section>
  );
}
