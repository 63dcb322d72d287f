// The panel beside the table: the level the selected models stand at (when there is a choice),
// players and their colours, units, terrain legend, event log.

import { type ReadonlySignal, useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { terrainColor } from "../board/palette";
import type { ModelMove } from "../net/game-session";
import { listSystems } from "../net/http-api";
import type { ModelId, UnitId } from "../protocol/messages";
import type { GameView } from "../state/game-store";
import { LevelPanel } from "./level-panel";

interface Props {
  store: GameView;
  selected: ReadonlySignal<ReadonlySet<ModelId>>;
  selectUnit(unit: UnitId): void;
  /** Send one move (the level choice: the selected models raised or brought down). */
  moveModels(moves: ModelMove[]): void;
  /** True while models are dragged or turned on the table. */
  boardMoving(): boolean;
  /** A level key on models the viewer may not move: the page says why. */
  cannotMove?(models: readonly ModelId[]): void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function SidePanel({ store, selected, selectUnit, moveModels, boardMoving, cannotMove }: Props) {
  const state = store.state.value;
  const index = store.index.value;
  const me = store.viewer.value?.player ?? null;
  const kinds = [...new Set(state?.terrain.map((t) => t.kind) ?? [])].sort();
  const log = store.log.value;
  const chosen = selected.value;
  const title = useSystemTitle(store.system.value);
  return (
    <aside class="panel">
      <LevelPanel
        store={store}
        selected={selected}
        moveModels={moveModels}
        boardMoving={boardMoving}
        cannotMove={cannotMove}
      />
      <section class="panel__section">
        <h2>Table</h2>
        {title && (
          <p class="panel__system" data-testid="system-title">
            {title}
          </p>
        )}
        {state && (
          <p class="muted">
            {state.table.width} × {state.table.depth} in · {plural(state.models.length, "model")}
          </p>
        )}
      </section>

      <section class="panel__section">
        <h2>Players</h2>
        <ul class="players">
          {state?.players.map((p) => (
            <li key={p.id} data-player={p.id}>
              <span class="swatch" style={{ background: p.color }} />
              {p.name || p.id}
              {p.id === me && <span class="you">you</span>}
            </li>
          ))}
        </ul>
      </section>

      <section class="panel__section">
        <h2>Units</h2>
        {state?.units.length === 0 && <p class="muted">No units on the table.</p>}
        <ul class="units">
          {state?.units.map((u) => {
            const models = index.unitModels.get(u.id) ?? [];
            const isSelected = models.length > 0 && models.every((m) => chosen.has(m));
            const color = index.players.get(u.player)?.color ?? "#999";
            return (
              <li key={u.id}>
                <button
                  type="button"
                  class={`unit ${isSelected ? "unit--selected" : ""}`}
                  aria-current={isSelected ? "true" : undefined}
                  onClick={() => selectUnit(u.id)}
                  title="Select this unit on the table"
                >
                  <span class="swatch" style={{ background: color }} />
                  <span class="unit__name">{u.name}</span>
                  <span class="muted">{plural(models.length, "model")}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {me !== null && (state?.units.length ?? 0) > 0 && (
          <p class="hint muted" data-testid="move-hint">
            Drag one of your bases to move it, its ↻ handle (or Q / E) to turn it; shift-click or
            double-click it, or pick a unit here, for its whole unit. All controls and what this
            table referees: <kbd>?</kbd>
          </p>
        )}
      </section>

      {kinds.length > 0 && (
        <section class="panel__section">
          <h2>Terrain</h2>
          <ul class="legend">
            {kinds.map((k) => (
              <li key={k}>
                <span class="swatch swatch--square" style={{ background: terrainColor(k) }} />
                {k}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section class="panel__section panel__section--log">
        <h2>Log</h2>
        {log.length === 0 && (
          <p class="muted">
            {(store.v.value ?? 0) > 0 ? "No moves since you joined." : "Nothing has happened yet."}
          </p>
        )}
        <ol class="log" reversed>
          {[...log].reverse().map((entry) => (
            <li key={entry.v}>
              <span class="log__v">v{entry.v}</span>
              <span
                class="swatch"
                style={{ background: index.players.get(entry.player ?? "")?.color ?? "transparent" }}
              />
              {entry.text}
            </li>
          ))}
        </ol>
      </section>
    </aside>
  );
}

/** The game system's title from the server's list (which rules this table measures by). */
function useSystemTitle(system: string | null): string | null {
  const title = useSignal<string | null>(null);
  useEffect(() => {
    if (!system) return;
    let live = true;
    listSystems()
      .then((all) => {
        if (live) title.value = all.find((s) => s.name === system)?.title ?? null;
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [system]);
  return title.value;
}
