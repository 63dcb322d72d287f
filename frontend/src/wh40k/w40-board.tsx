// The table for a 10th-edition game: the shared Konva board (models, terrain, objectives) fed
// with the server's table plus the planned move, and the overlay of zones and markers on top.

import { type ReadonlySignal, effect, useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import type { BoardRenderer } from "../board/api";
import { createKonvaBoard } from "../board/konva/konva-board";
import { dragRules } from "../board/tools/drag-rules";
import type { ModelInfo } from "../protocol/messages";
import { ToolPanel, toolNames } from "../ui/tool-panel";
import { BoardOverlay, type OverlayCamera, badgeRow, zoneCaptions } from "./board-overlay";
import { dragMeasureFor, shownTable } from "./board-state";
import { dropOnPlan } from "./base-contact";
import { unitMarkers } from "./unit-markers";
import type { W40State } from "./wire";
import type { W40Control } from "./w40-control";

/** A planned move's drag is checked as the referee will check it: coherency, engagement range. */
const DRAG_RULES = dragRules("wh40k-10e");

const sameCamera = (a: OverlayCamera | null, b: OverlayCamera): boolean =>
  a !== null && Math.abs(a.scale - b.scale) < 1e-6 && Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01;

/** The rows of unit badges the overlay draws, for the board to keep names off. */
function badgeRows(state: W40State, models: readonly ModelInfo[]): { x: number; y: number; w: number; h: number }[] {
  const byUnit = new Map<string, ModelInfo[]>();
  for (const m of models) byUnit.set(m.unit, [...(byUnit.get(m.unit) ?? []), m]);
  return [...byUnit].flatMap(([unit, list]) => {
    const s = state.game.units[unit];
    const row = s ? badgeRow(list, unitMarkers(s).length) : null;
    return row ? [row] : [];
  });
}

/** The board's table-to-pixels mapping, read back from two points (it has no rotation). */
function readCamera(board: BoardRenderer, host: HTMLElement): OverlayCamera {
  const r = host.getBoundingClientRect();
  const o = board.tableToClient({ x: 0, y: 0 });
  const e = board.tableToClient({ x: 1, y: 0 });
  return { scale: e.x - o.x, x: o.x - r.left, y: o.y - r.top };
}

export function W40Board({ control, shownV }: { control: W40Control; shownV: ReadonlySignal<number | null> }) {
  const host = useRef<HTMLDivElement>(null);
  const camera = useSignal<OverlayCamera | null>(null);
  const names = control.names.value;
  const terrain = control.store.state.value?.terrain ?? [];
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const board = createKonvaBoard(
      el,
      {
        moveModels: (moves) => {
          const plan = control.plan.peek();
          const state = control.store.state.peek();
          if (plan && state) control.plan.value = dropOnPlan(state, plan, moves);
        },
        dragging: (moves) => (control.dragging.value = moves),
        // A model pressed on the table with no move planned: its unit becomes the one the panels
        // work with (as a click on its card), so the Movement panel offers its moves and says to
        // choose one before dragging (a drag without a plan pans the table).
        selectionChanged: (selected) => {
          if (control.plan.peek() !== null) return;
          const first = [...selected][0];
          const unit = first === undefined ? undefined : control.store.state.peek()?.models.find((m) => m.id === first)?.unit;
          if (unit !== undefined) control.focus.value = unit;
        },
        toolReadout: control.tools.report,
      },
      control.queries,
    );
    control.board = board;
    control.tools.attach(board);
    let planned: string | null = null;
    const stop = effect(() => {
      const state = control.store.state.value;
      if (state === null) return;
      const plan = control.plan.value;
      const shown = shownTable(state, plan);
      const focus = control.focus.value;
      const names = control.names.value;
      board.setView({
        state: shown.state,
        pending: shown.planned,
        mover: plan ? control.store.me.value : null,
        movable: new Set(plan ? [plan.unit] : []),
        dragRules: DRAG_RULES,
        dragMeasure: dragMeasureFor(plan),
        focus: new Set([...(plan ? [plan.unit] : []), ...(focus ? [focus] : [])]),
        marks: badgeRows(state, shown.state.models),
        captions: zoneCaptions(state, names.player),
        objectiveLabels: new Map(
          state.objectives.map((o) => {
            const holder = state.game.control[o.id] ?? null;
            return [o.id, holder ? `${o.id} · ${names.player(holder)}` : o.id];
          }),
        ),
      });
      // A new plan starts with its whole unit selected, so a drag moves the unit; a click on
      // one model then selects it alone (and shift-click the unit again).
      const unit = plan?.unit ?? null;
      if (unit !== planned) {
        planned = unit;
        board.select(unit === null ? [] : shown.state.models.filter((m) => m.unit === unit).map((m) => m.id));
      }
    });
    let frame = 0;
    const follow = () => {
      const next = readCamera(board, el);
      if (!sameCamera(camera.peek(), next)) camera.value = next;
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => {
      cancelAnimationFrame(frame);
      stop();
      control.tools.attach(null);
      control.dragging.value = null;
      control.board = null;
      board.destroy();
    };
  }, [control]);
  return (
    // --w40-ppi: the table's pixels per inch, for what the overlay draws in inches but must keep
    // legible on a small screen (the plan's distance: wh40k.css .w40-distance)
    <div
      class="w40-board"
      data-testid="board"
      data-v={shownV.value ?? ""}
      style={camera.value ? { "--w40-ppi": String(camera.value.scale) } : undefined}
    >
      <div class="board" ref={host} />
      <ToolPanel tools={control.tools} names={toolNames(names.model, names.unit, terrain)} />
      {camera.value && <BoardOverlay control={control} camera={camera.value} />}
    </div>
  );
}
