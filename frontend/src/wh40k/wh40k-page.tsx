// A Warhammer 40,000 10th-edition game at /play/<id>?token=...: the table with zones and
// markers, the phase bar, both sides' CP and VP, the unit cards, the actions the pending decision
// allows this viewer, the log with its dice, the timeline, the dice commitment and the result.

import { computed, useSignal } from "@preact/signals";
import { useEffect, useMemo, useRef } from "preact/hooks";
import { exportGame, getGame } from "../net/http-api";
import { ProjectedSession } from "../net/projected-session";
import { type PlayRoute, gameSocketUrl } from "../net/urls";
import { ConnectionBadge } from "../ui/connection-badge";
import { HelpButton, HelpPanel } from "../ui/help-panel";
import { Toasts } from "../ui/toasts";
import { ToolBar } from "../ui/tool-bar";
import { ViewButtons } from "../ui/view-buttons";
import "./wh40k.css";
import { ActionPanel } from "./action-panel";
import { decodeW40State } from "./decode-state";
import { DiceTrust } from "./dice-trust";
import { EndScreen } from "./end-screen";
import { GameLog, weaponLookup } from "./game-log";
import { PhaseBar } from "./phase-bar";
import { ScoreBoard } from "./score-board";
import { timeline } from "./timeline";
import { TimelineStrip } from "./timeline-strip";
import { UnitList } from "./unit-list";
import { W40Board } from "./w40-board";
import { W40Control } from "./w40-control";
import { W40Store } from "./w40-store";
import { installW40TestHooks } from "./w40-test-hooks";
import type { W40Command, W40State } from "./wire";
import { browserTimers, useSessionLifecycle } from "../ui/session-lifecycle";

function useW40Game(route: PlayRoute): W40Control {
  const game = useMemo(() => {
    const store = new W40Store();
    const session = new ProjectedSession<W40State, W40Command>({
      sink: store,
      url: (since) => gameSocketUrl(location, route.gameId, route.token, since),
      createSocket: (url) => new WebSocket(url),
      timers: browserTimers,
      decodeState: decodeW40State,
      fetchView: () => getGame(route.gameId, route.token),
      fetchHistory: () => exportGame(route.gameId, route.token),
    });
    return { session, control: new W40Control(store, session) };
  }, [route.gameId, route.token]);
  useSessionLifecycle(game.session);
  useEffect(() => installW40TestHooks(game.control), [game]);
  return game.control;
}

export function Wh40kPage({ route }: { route: PlayRoute }) {
  const control = useW40Game(route);
  const store = control.store;
  const segment = useSignal<number | null>(null);
  const help = useSignal(false);
  const helpButton = useRef<HTMLButtonElement>(null);
  const segments = useMemo(() => computed(() => timeline(store.events.value)), [store]);
  // A refusal names units and models by their ids ("p1-ac-breach-5 must be ..."): in words.
  const refusal = useMemo(
    () =>
      computed(() => {
        const r = store.lastRejection.value;
        return r ? { ...r, message: control.names.value.words(r.message) } : null;
      }),
    [store, control],
  );
  // A refusal's situation has passed once the phase, step or turn moves on: its toast goes.
  const situation = useMemo(
    () =>
      computed(() => {
        const g = store.state.value?.game;
        return g ? `${g.round}|${g.active}|${g.phase}|${g.step}` : "";
      }),
    [store],
  );
  const state = store.state.value;
  const viewer = store.viewer.value;
  const me = viewer?.player ?? null;
  const failure = store.failure.value;
  const names = control.names.value;
  const colors = new Map(state?.players.map((p) => [p.id, p.color]) ?? []);
  const only = segment.value === null ? null : new Set(segments.value.find((s) => s.fromV === segment.value)?.versions ?? []);
  return (
    <div class="play w40-page">
      <header class="topbar">
        <a class="topbar__brand" href="/">
          Vantage
        </a>
        <span class="topbar__who" data-testid="w40-who">
          {viewer === null ? (
            "Joining…"
          ) : me === null ? (
            "Spectating"
          ) : (
            <>
              <span class="swatch" style={{ background: colors.get(me) ?? "#999" }} />
              Playing as {names.player(me)}
            </>
          )}
        </span>
        <ConnectionBadge state={store.connection.value} />
        {/* its row keeps its height while the game loads (wh40k.css: the top bar's height) */}
        {state ? <PhaseBar state={state} names={names} me={me} /> : <div class="w40-phasebar" />}
        <span class="topbar__spacer" />
        <div class="tools" role="toolbar" aria-label="Table tools">
          <ToolBar tools={control.tools} spectator={me === null} />
          <ViewButtons board={() => control.board} />
          <HelpButton open={help} button={helpButton} system="wh40k-10e" />
        </div>
      </header>
      <div class="w40-main">
        <aside class="w40-left">{state && <UnitList control={control} />}</aside>
        <div class="w40-center">
          <W40Board control={control} shownV={store.stateV} />
          {state === null && failure === null && <div class="board-wait">Loading the table…</div>}
          <TimelineStrip segments={segments.value} chosen={segment} colors={colors} playerName={(id) => control.names.value.player(id)} />
        </div>
        <aside class="w40-right">
          {state && <ScoreBoard state={state} names={names} me={me} />}
          {state && me !== null && <ActionPanel control={control} />}
          <section class="w40-logbox">
            <h3>Log</h3>
            <GameLog
              events={store.events}
              names={control.names}
              colors={colors}
              only={only}
              onShowAll={() => (segment.value = null)}
              weapons={weaponLookup(state)}
            />
          </section>
          <DiceTrust control={control} token={route.token} />
        </aside>
      </div>
      <EndScreen control={control} token={route.token} />
      <HelpPanel open={help} system="wh40k-10e" spectator={viewer !== null && me === null} button={helpButton} />
      <Toasts rejection={refusal} title="Refused:" clearOn={situation} />
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
