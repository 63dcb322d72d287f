// A Death Angel game at /play/<id>?token=...: the cards on the table, the prompt, the hand, the
// squad and the log. Cards are plain DOM; nothing here knows the rules beyond the server's view.

import { useSignal } from "@preact/signals";
import { useEffect, useMemo, useRef } from "preact/hooks";
import { exportGame, getGame } from "../net/http-api";
import { type PlayRoute, gameSocketUrl } from "../net/urls";
import { ConnectionBadge } from "../ui/connection-badge";
import { useDocumentTitle } from "../ui/document-title";
import { HelpButton, HelpPanel } from "../ui/help-panel";
import { Toasts } from "../ui/toasts";
import { DaSession } from "./da-session";
import { DaStore } from "./da-store";
import { installDaTestHooks } from "./da-test-hooks";
import { DecksPanel } from "./decks-panel";
import { playerName } from "./event-text";
import { FormationView } from "./formation-view";
import { GameLog, LatestLog } from "./game-log";
import { HandPanel } from "./hand-panel";
import { LocationStrip } from "./location-strip";
import { PromptBar } from "./prompt-bar";
import { SquadPanel } from "./squad-panel";
import { useAsk } from "./use-ask";
import type { DaState } from "./wire";
import "./death-angel.css";
import { browserTimers, useSessionLifecycle } from "../ui/session-lifecycle";

const PHASE: Record<string, string> = {
  setup: "Setting up",
  select: "Choose actions",
  resolve: "Resolve actions",
  attack: "Genestealers attack",
  event: "Event",
  over: "Game over",
};

function useDaGame(route: PlayRoute) {
  const game = useMemo(() => {
    const store = new DaStore();
    const session = new DaSession({
      store,
      url: (since) => gameSocketUrl(location, route.gameId, route.token, since),
      createSocket: (url) => new WebSocket(url),
      timers: browserTimers,
      fetchView: () => getGame(route.gameId, route.token),
      fetchHistory: () => exportGame(route.gameId, route.token),
    });
    return { store, session };
  }, [route.gameId, route.token]);
  useSessionLifecycle(game.session);
  useEffect(() => installDaTestHooks(game.store), [game]);
  return game;
}

function Who({ state, me }: { state: DaState | null; me: string | null }) {
  if (me === null) return <>Spectating</>;
  const teams = state?.teams.filter((t) => t.player === me) ?? [];
  return (
    <>
      {teams.map((t) => (
        <span class="swatch" key={t.id} style={{ background: t.colour }} title={t.name} />
      ))}
      Playing as {playerName(me)}
    </>
  );
}

export function DeathAngelPage({ route }: { route: PlayRoute }) {
  const { store, session } = useDaGame(route);
  const control = useAsk(store, (cmd) => void session.send(cmd));
  const state = store.state.value;
  const viewer = store.viewer.value;
  const me = viewer?.player ?? null;
  const names = store.names.value;
  const failure = store.failure.value;
  const help = useSignal(false);
  const helpButton = useRef<HTMLButtonElement>(null);
  useDocumentTitle({ system: "death-angel", mustAct: control.ask.value.kind !== "wait" });

  return (
    <div class="play da-page">
      <header class="topbar">
        <a class="topbar__brand" href="/">
          Vantage
        </a>
        <span class="topbar__who">
          {viewer === null ? "Joining…" : <Who state={state} me={me} />}
        </span>
        <ConnectionBadge state={store.connection.value} />
        <span class="topbar__spacer" />
        {state && (
          <span
            class="da-round"
            data-testid="da-round"
            data-round={state.round}
            data-phase={state.phase}
          >
            Round {state.round} · {PHASE[state.phase] ?? state.phase}
          </span>
        )}
        <HelpButton open={help} button={helpButton} system="death-angel" />
      </header>
      {state === null ? (
        failure === null && <div class="board-wait">Loading the game…</div>
      ) : (
        <div class="da-main">
          <PromptBar state={state} names={names} control={control} />
          <LatestLog log={store.log} />
          <div class="da-table">
            <LocationStrip state={state} />
            <FormationView state={state} me={me} names={names} control={control} />
          </div>
          <aside class="da-side">
            <SquadPanel state={state} names={names} picks={control.draft.value} />
            <DecksPanel state={state} names={names} />
            <GameLog log={store.log} />
          </aside>
          {me !== null && <HandPanel state={state} control={control} />}
        </div>
      )}
      <HelpPanel open={help} system="death-angel" spectator={viewer !== null && me === null} button={helpButton} />
      <Toasts rejection={store.lastRejection} title="Refused." />
      {failure && (
        <div class="failure" role="alert">
          <h2>Cannot join this game</h2>
          <p>{failure.reason}</p>
          <a href="/">Back to the lobby</a>
        </div>
      )}
    </div>
  );
}
