// The small panel over the table that puts the tools' results in words: the ruler's distance, the
// line of sight ("Visible, no cover", "Not visible — blocked by ..."), the unit check of a drag,
// and the range rings with the radius the next one gets.

import { useSignal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import { useCallback, useLayoutEffect, useRef } from "preact/hooks";
import type { ToolKind, ToolReadout } from "../board/api";
import { parseRadius } from "../board/tools/ring-tool";
import { formatRuler } from "../board/tools/ruler-tool";
import { coverCauseWords, sightLineWords, sightWords } from "../board/tools/sight-tool";
import type { DragCheckReadout, RulerReadout, SightReadout } from "../board/tools/tool-readout";
import type { ModelId } from "../protocol/messages";
import type { MeasureEnd } from "../protocol/table-queries";
import type { GameView } from "../state/game-store";
import { modelLabel } from "./model-label";
import type { TableTools } from "./table-tools";

export interface ToolNames {
  model(id: ModelId): string;
  /** A model or a terrain piece. */
  thing(id: string): string;
  unit(id: string): string;
}

interface NamedPiece {
  id: string;
  name?: string;
  kind: string;
}

/** A terrain piece as people call it: its name, else its kind with its id to tell it apart. */
export const terrainName = (t: NamedPiece): string => t.name || `${t.kind} (${t.id})`;

/** Tool names from a page's own: a terrain piece by its name (by its kind and id when it has no
 * name, as refusals name it), else a model. */
export function toolNames(
  model: (id: ModelId) => string,
  unit: (id: string) => string,
  terrain: readonly NamedPiece[],
): ToolNames {
  const pieces = new Map(terrain.map((t) => [t.id, t]));
  return {
    model,
    thing: (id) => {
      const t = pieces.get(id);
      return t ? terrainName(t) : model(id);
    },
    unit,
  };
}

/** The names a table page's store knows (models by unit and number, terrain by name). */
export function storeNames(store: GameView): ToolNames {
  const index = store.index.value;
  return toolNames(
    (id) => modelLabel(index, id),
    (id) => index.units.get(id)?.name || id,
    store.state.value?.terrain ?? [],
  );
}

const list = (ids: readonly string[], name: (id: string) => string): string => ids.map(name).join(", ");

/** A touch screen without a hovering pointer (and so without a Shift key to hold). */
const touchOnly = (): boolean =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(hover: none) and (pointer: coarse)").matches;

function hint(r: ToolReadout): string | null {
  switch (r.tool) {
    case "ruler":
      return r.ruler !== null && r.ruler.b === null
        ? "Click the second end: a base or a point."
        : "Click a base or a point, then another (or drag between them).";
    case "ring":
      return "Click a model to ring it at this radius; click it again to remove its ring, or to give it a new radius typed since.";
    case "sight":
      if (r.sight === null) return "Click the observer.";
      if (r.sight.target === null) return "Click the target.";
      return touchOnly()
        ? "Tap another target; tap empty table, then a model, for a new observer."
        : "Click another target; shift-click a new observer.";
    case "move":
      return null;
  }
}

function Section({
  title,
  tool,
  clear,
  children,
}: {
  title: string;
  tool: string;
  clear?: () => void;
  children: ComponentChildren;
}) {
  return (
    <section class="tool-panel__section" data-section={tool}>
      <div class="tool-panel__title">
        <span>{title}</span>
        {clear && (
          <button
            type="button"
            class="tool-panel__clear"
            onClick={clear}
            aria-label={`Clear ${title.toLowerCase()}`}
          >
            ×
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

function RulerSection({ r, names, clear }: { r: RulerReadout; names: ToolNames; clear: () => void }) {
  const end = (e: MeasureEnd) =>
    typeof e === "string" ? names.model(e) : `point (${e.x.toFixed(1)}, ${e.y.toFixed(1)})`;
  const a = r.answer;
  return (
    <Section title="Ruler" tool="ruler" clear={clear}>
      <div class="tool-panel__what">
        {end(r.a)} → {r.b === null ? "…" : end(r.b)}
      </div>
      {a && (
        <div class="tool-panel__value" data-testid="ruler-distance">
          {formatRuler(a.distance)}
          {a.v_gap > 0 && (
            <span class="muted">
              {" "}
              (across {formatRuler(a.h_gap)}, up {formatRuler(a.v_gap)})
            </span>
          )}
        </div>
      )}
      {!a && r.b !== null && !r.error && <div class="muted">Measuring…</div>}
      {r.error && <div class="error">{r.error}</div>}
    </Section>
  );
}

function SightSection({ s, names, clear }: { s: SightReadout; names: ToolNames; clear: () => void }) {
  const a = s.answer;
  return (
    <Section title="Line of sight" tool="sight" clear={clear}>
      <div class="tool-panel__what">
        {names.model(s.observer)} → {s.target === null ? "…" : names.model(s.target)}
      </div>
      {a && (
        <div class={`tool-panel__value ${a.visible ? "good" : "bad"}`} data-testid="sight-words">
          {sightWords(a)}
        </div>
      )}
      {a && a.visible && coverCauseWords(a.cover_from) && (
        <div data-testid="sight-cover">{coverCauseWords(a.cover_from)}</div>
      )}
      {a && sightLineWords(a) && (
        <div class="muted" data-testid="sight-heights">
          {sightLineWords(a)}
        </div>
      )}
      {a && !a.visible && s.highlighted.length > 0 && (
        <div data-testid="sight-blocking">Blocked by {list(s.highlighted, names.thing)}</div>
      )}
      {!a && s.target !== null && !s.error && <div class="muted">Looking…</div>}
      {s.error && <div class="error">{s.error}</div>}
    </Section>
  );
}

function DragSection({ d, names }: { d: DragCheckReadout; names: ToolNames }) {
  const a = d.answer;
  const zone = d.rules.engagement === "control zone";
  const engaged = a ? a.engaged_with.length > 0 : false;
  return (
    <Section title={`Moving ${names.unit(d.unit)}`} tool="drag">
      {a === null ? (
        <div class="muted">Checking…</div>
      ) : (
        <>
          {d.rules.coherency && Object.keys(d.positions).length > 1 && (
            <div class={a.coherent ? "good" : "bad"} data-testid="drag-coherency">
              {a.coherent ? "In coherency" : `Out of coherency: ${list(a.breaking, names.model)}`}
            </div>
          )}
          {d.rules.engagement !== null && (
            <div class={engaged ? "warn" : ""} data-testid="drag-engagement">
              {zone
                ? engaged
                  ? `In a control zone with ${list(a.engaged_with, names.model)}`
                  : "In no enemy's control zone"
                : engaged
                  ? `In engagement range of ${list(a.engaged_with, names.model)}`
                  : "Not in engagement range"}
            </div>
          )}
          {a.off_table.length > 0 && (
            <div class="bad" data-testid="drag-off-table">
              Off the table: {list(a.off_table, names.model)}. The move would be refused
            </div>
          )}
          {a.overlapping.length === 0 && a.off_table.length === 0 && !d.rules.coherency && d.rules.engagement === null && (
            <div class="good" data-testid="drag-free">No bases overlap</div>
          )}
          {a.overlapping.length > 0 && (
            <div class="bad" data-testid="drag-overlap">
              Bases overlap: {list(a.overlapping, names.model)}. The move would be refused
            </div>
          )}
        </>
      )}
    </Section>
  );
}

function RingSection({ r, tools, names }: { r: ToolReadout; tools: TableTools; names: ToolNames }) {
  const text = useSignal(String(r.ringRadius));
  const bad = parseRadius(text.value) === null;
  return (
    <Section
      title="Range rings"
      tool="ring"
      clear={r.rings.length > 0 ? () => tools.clear("ring") : undefined}
    >
      <label class="tool-panel__radius">
        Radius{" "}
        <input
          type="text"
          inputMode="decimal"
          class={bad ? "invalid" : ""}
          value={text.value}
          aria-label="Ring radius in inches"
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === "Escape") e.currentTarget.blur();
          }}
          onInput={(e) => {
            text.value = e.currentTarget.value;
            const radius = parseRadius(text.value);
            if (radius !== null) tools.setRingRadius(radius);
          }}
        />{" "}
        in from the base edge
      </label>
      {r.rings.length === 0 && <div class="muted">No rings yet.</div>}
      {r.rings.length > 0 && (
        <div class="muted" data-testid="ring-list">
          {r.rings.map((g, i) => (
            <span key={g.model}>
              {i > 0 && " · "}
              {names.model(g.model)} {g.radius}"
            </span>
          ))}
        </div>
      )}
    </Section>
  );
}

/**
 * A ref that tells `tools` where the panel is, and whether it shows a tool's work (the table's fit
 * keeps clear of it) or only checks a drag (the table must stay under the pointer).
 */
function usePanelPlace(tools: TableTools, lasting: boolean): (el: HTMLDivElement | null) => void {
  const watching = useRef<ResizeObserver | null>(null);
  const panel = useRef<HTMLDivElement | null>(null);
  const keep = useRef(lasting);
  const report = useCallback(() => {
    const el = panel.current;
    if (el === null) {
      tools.panelAt(null);
      return;
    }
    const r = el.getBoundingClientRect();
    tools.panelAt({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }, keep.current);
  }, [tools]);
  keep.current = lasting;
  useLayoutEffect(report); // after every render: what it shows may have changed its size
  return useCallback(
    (el: HTMLDivElement | null) => {
      watching.current?.disconnect();
      watching.current = null;
      panel.current = el;
      if (el !== null) {
        watching.current = new ResizeObserver(report);
        watching.current.observe(el);
      }
      report();
    },
    [report],
  );
}

export function ToolPanel({ tools, names }: { tools: TableTools; names: ToolNames }) {
  const r = tools.readout.value;
  const help = hint(r);
  const showRings = r.tool === "ring" || r.rings.length > 0;
  const place = usePanelPlace(tools, help !== null || r.ruler !== null || r.sight !== null || showRings);
  if (help === null && !r.ruler && !r.sight && !r.dragCheck && !showRings) return null;
  const clear = (tool: ToolKind) => () => tools.clear(tool);
  return (
    <div class="tool-panel" data-testid="tool-panel" aria-live="polite" ref={place}>
      {help && <p class="tool-panel__hint">{help}</p>}
      {r.dragCheck && <DragSection d={r.dragCheck} names={names} />}
      {r.ruler && <RulerSection r={r.ruler} names={names} clear={clear("ruler")} />}
      {r.sight && <SightSection s={r.sight} names={names} clear={clear("sight")} />}
      {showRings && <RingSection r={r} tools={tools} names={names} />}
    </div>
  );
}
