// A game at /play/<game_id>?token=...: the table, the panel, the connection, the tools.

import { useSignal } from "@preact/signals";
import { useEffect, useMemo, useRef } from "preact/hooks";
import type { BoardCallbacks, BoardRenderer, SelectMode } from "../board/api";
import { GameSession } from "../net/game-session";
import { exportGame, setupHeights } from "../net/http-api";
import { type PlayRoute, gameSocketUrl } from "../net/urls";
import type { ModelId, UnitId } from "../protocol/messages";
import { GameStore, type Rejection } from "../state/game-store";
import { installTestHooks } from "../test-hooks";
import { BoardView } from "./board-view";
import { ConnectionBadge } from "./connection-badge";
import { useDocumentTitle } from "./document-title";
import { HelpButton, HelpPanel } from "./help-panel";
import { cannotMoveRefusal } from "./refusal-words";
import { SidePanel } from "./side-panel";
import { TableTools } from "./table-tools";
import { Toasts } from "./toasts";
import { ToolBar } from "./tool-bar";
import { ToolPanel, storeNames } from "./tool-panel";
import { UndoMoveButton } from "./undo-move";
import { toolTestHooks } from "./tool-test-hooks";
import { ViewButtons } from "./view-buttons";
import { browserTimers, useSessionLifecycle } from "./session-lifecycle";

/** The same "cannot move" words are not shown again sooner than this (a toast lasts 4.5 s). */
const NOTICE_AGAIN_MS = 5000;
/** A spectator's "cannot move models" comes back no sooner than this. */
const SPECTATOR_AGAIN_MS = 60_000;

function useGame(route: PlayRoute) {
  const game = useMemo(() => {
    const store = new GameStore();
    const session = new GameSession({
      store,
      url: (since) => gameSocketUrl(location, route.gameId, route.token, since),
      createSocket: (url) => new WebSocket(url),
      timers: browserTimers,
    });
    return { store, session };
  }, [route.gameId, route.token]);
  useSessionLifecycle(game.session);
  return game;
}

export function PlayPage({ route }: { route: PlayRoute }) {
  const { store, session } = useGame(route);
  const board = useRef<BoardRenderer | null>(null);
  const selected = useSignal<ReadonlySet<ModelId>>(new Set());
  const mode = useSignal<SelectMode>("model");
  const tools = useMemo(() => new TableTools(), []);
  const help = useSignal(false);
  const helpButton = useRef<HTMLButtonElement>(null);

  useEffect(
    () => installTestHooks(store, () => board.current, toolTestHooks(tools.readout)),
    [store, tools],
  );

  // The log starts with what happened before this page opened (the game's export).
  const tableShown = store.state.value !== null;
  useEffect(() => {
    if (!tableShown) return;
    exportGame(route.gameId, route.token)
      .then((history) => store.addHistory(history.events, setupHeights(history.setup)))
      .catch((err: unknown) => console.warn("vantage: no history for the log:", err));
  }, [tableShown, store, route.gameId, route.token]);

  // Why a drag, a turn key or a level key did nothing (a spectator, another player's model): said
  // at once in a toast, the same words not again while they are still shown.
  const notice = useSignal<Rejection | null>(null);
  const lastNotice = useRef<{ message: string; at: number } | null>(null);
  const cannotMove = useMemo(
    () => (models: readonly ModelId[]) => {
      const viewerNow = store.viewer.peek();
      if (viewerNow === null) return;
      const player = viewerNow.role === "player" ? (viewerNow.player ?? null) : null;
      const refusal = cannotMoveRefusal(store.index.peek(), player, models);
      if (refusal === null) return;
      const now = performance.now();
      const last = lastNotice.current;
      // a spectator panning from base to base on a phone hears it once a minute, not per pan
      const again = refusal.code === "intent/spectator" ? SPECTATOR_AGAIN_MS : NOTICE_AGAIN_MS;
      if (last !== null && last.message === refusal.message && now - last.at < again) return;
      lastNotice.current = { message: refusal.message, at: now };
      notice.value = { intentId: null, ...refusal, seq: (notice.peek()?.seq ?? 0) + 1 };
    },
    [store, notice],
  );

  const callbacks = useMemo<BoardCallbacks>(
    () => ({
      moveModels: (moves) => void session.moveModels(moves),
      selectionChanged: (ids) => (selected.value = ids),
      cannotMove,
    }),
    [session, selected, cannotMove],
  );

  const selectUnit = (unit: UnitId) => {
    const ids = store.index.value.unitModels.get(unit) ?? [];
    board.current?.select(ids);
    selected.value = new Set(ids);
  };

  const setMode = (next: SelectMode) => {
    mode.value = next;
    board.current?.setSelectMode(next);
  };

  const viewer = store.viewer.value;
  const me = viewer?.player ? store.index.value.players.get(viewer.player) : undefined;
  const failure = store.failure.value;
  // A free table has no turns: the tab names the game only.
  useDocumentTitle({ system: store.system.value, mustAct: false });

  return (
    <div class="play">
      <header class="topbar">
        <a class="topbar__brand" href="/">
          Vantage
        </a>
        <span class="topbar__who">
          {viewer === null
            ? "Joining…"
            : viewer.role === "spectator"
              ? "Spectating"
              : (
                  <>
                    <span class="swatch" style={{ background: me?.color ?? "#999" }} />
                    Playing as {me?.name ?? viewer.player}
                  </>
                )}
        </span>
        <ConnectionBadge state={store.connection.value} />
        <span class="topbar__spacer" />
        <div class="tools" role="toolbar" aria-label="Table tools">
          <ToolBar tools={tools} spectator={viewer?.role === "spectator"} />
          <div class="segmented" role="group" aria-label="Click selects">
            <button
              type="button"
              class={mode.value === "model" ? "active" : ""}
              aria-pressed={mode.value === "model"}
              onClick={() => setMode("model")}
              title="A click selects one model (shift-click or double-click: its unit)"
            >
              Model
            </button>
            <button
              type="button"
              class={mode.value === "unit" ? "active" : ""}
              aria-pressed={mode.value === "unit"}
              onClick={() => setMode("unit")}
              title="A click selects the model's whole unit"
            >
              Unit
            </button>
          </div>
          {viewer?.role === "player" && (
            <UndoMoveButton
              store={store}
              session={session}
              dropKeyMove={() => board.current?.dropKeyMove() ?? false}
              notify={(message) =>
                (notice.value = { intentId: null, code: "client/undo", message, detail: {}, seq: (notice.peek()?.seq ?? 0) + 1 })
              }
            />
          )}
          <ViewButtons board={() => board.current} />
          <HelpButton open={help} button={helpButton} />
        </div>
      </header>
      <div class="play__main">
        <BoardView
          store={store}
          callbacks={callbacks}
          onReady={(b) => (board.current = b)}
          tools={tools}
          queries={session.queries}
        />
        <ToolPanel tools={tools} names={storeNames(store)} />
        {store.state.value === null && failure === null && <div class="board-wait">Loading the table…</div>}
        <SidePanel
          store={store}
          selected={selected}
          selectUnit={selectUnit}
          moveModels={(moves) => void session.moveModels(moves)}
          boardMoving={() => board.current?.moving() ?? false}
          cannotMove={cannotMove}
        />
      </div>
      <HelpPanel
        open={help}
        system={store.system.value}
        spectator={viewer?.role === "spectator"}
        button={helpButton}
      />
      <Toasts rejection={store.lastRejection} notice={notice} />
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
