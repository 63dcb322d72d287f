// The BoardRenderer drawn with Konva: five layers (table, bases, dragged bases with their drag
// trail, tool overlay in table inches; the HUD in screen pixels), one camera, pointer gestures for mouse, pen
// and touch, and the table tools (ruler, range rings, line of sight, drag feedback) fed by the
// server's answers.

import Konva from "konva/lib/Core";
import type { Layer } from "konva/lib/Layer";
import {
  type Camera,
  pan,
  toScreen,
  toTable,
  zoomAt,
} from "../../geometry/camera";
import { type Point, add, length, sub } from "../../geometry/vec";
import { type Corner, fitClearOf } from "../fit-room";
import { classifyWheel } from "../../geometry/wheel";
import type { ModelId, TableState } from "../../protocol/messages";
import type { TableQueries } from "../../protocol/table-queries";
import type { BoardCallbacks, BoardRenderer, BoardView, SelectMode } from "../api";
import { type DragMarks, dragMarks } from "../drag-measure";
import { GestureMachine, type GestureHost } from "../gesture";
import {
  type UnitLookup,
  modelsToDrag,
  sameSelection,
  selectOnClick,
  selectOnPress,
} from "../selection";
import { BASE_NAME, BaseNodes } from "./base-nodes";
import { DragTrail } from "./drag-trail";
import { ToolController } from "../tools/tool-controller";
import { isTypingTarget } from "../typing-target";
import { dropHeight } from "../../geometry/levels";
import { keyNudge } from "../nudge";
import { keyTurn } from "../turn";
import { HeightBadges } from "./height-badges";
import { HitLayer } from "./hit-layer";
import { TurnHandle } from "./turn-handle";
import { Nudging } from "./nudging";
import { Turning } from "./turning";
import { Hud, SCALE_BAR_RESERVE } from "./hud";
import { drawTable } from "./table-layer";
import { ToolOverlay } from "./tool-overlay";
import { nearestBase } from "../touch-pick";

interface Drag {
  grabbed: ModelId;
  /** Table point under the pointer when the drag began. */
  from: Point;
  starts: Map<ModelId, Point>;
  offset: Point;
  /** What is drawn of the drag itself (the view's `dragMeasure` when it began). */
  marks: DragMarks;
}

/** The height a fit keeps free for the tools' panel once it opens, for a hint and a read-out
 * (pixels; on a small board a quarter of its height at least, never more than 45% of it). */
const PANEL_ROOM = 200;

/** A drop closer than this to the start (inches) is no move at all. */
const MIN_MOVE = 0.005;

const browserClock = {
  now: () => performance.now(),
  setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
  clearTimeout: (id: number) => window.clearTimeout(id),
};

/** `queries`: the server's table queries for the tools (null: the tools say they cannot ask). */
export function createKonvaBoard(
  container: HTMLElement,
  callbacks: BoardCallbacks,
  queries: TableQueries | null = null,
): BoardRenderer {
  const stage = new Konva.Stage({
    container: container as HTMLDivElement,
    width: Math.max(1, container.clientWidth),
    height: Math.max(1, container.clientHeight),
  });
  const tableLayer = new Konva.Layer({ listening: false });
  const baseLayer = new HitLayer();
  const liftLayer = new Konva.Layer({ listening: false });
  const overlayLayer = new Konva.Layer({ listening: false });
  const hudLayer = new Konva.Layer({ listening: false });
  stage.add(tableLayer, baseLayer, liftLayer, overlayLayer, hudLayer);
  const worldLayers: Layer[] = [tableLayer, baseLayer, liftLayer, overlayLayer];

  const badges = new HeightBadges(hudLayer);
  const handle = new TurnHandle(hudLayer);
  const hud = new Hud(hudLayer);
  const trail = new DragTrail(liftLayer);
  const bases = new BaseNodes(baseLayer, () => relayout(), liftLayer);
  const overlay = new ToolOverlay(overlayLayer, hudLayer);
  const tools = new ToolController({
    queries,
    clock: browserClock,
    redraw: () => {
      overlay.draw(tools.scene());
      if (ready) relayout();
    },
    report: () => callbacks.toolReadout?.(tools.readout()),
  });

  let view: BoardView | null = null;
  let shownTable: TableState["table"] | null = null;
  let shownTerrain: TableState["terrain"] | null = null;
  let shownUnits: TableState["units"] | null = null;
  let camera: Camera = { scale: 10, offset: { x: 0, y: 0 } };
  /** Until the user pans or zooms, the table keeps fitting the viewport. */
  let following = true;
  /** The corner a floating panel covers (the tools' read-outs): a fit keeps the table clear of
   * `corner`; `measured` is the panel's latest (the largest since it opened). */
  let corner: Corner | null = null;
  let measured: Corner | null = null;
  /** The corner the panel covers now (the scale bar keeps above it). */
  let panel: Corner | null = null;
  /** The tool changed since the panel last said where it is: its next report makes room. */
  let toolChanged = false;
  let selection: ReadonlySet<ModelId> = new Set();
  let selectMode: SelectMode = "model";
  let drag: Drag | null = null;
  /** The model last pressed: the selection's turn handle sits on it. */
  let anchor: ModelId | null = null;
  /** A tool (the ruler) has the pointer: press, drag, release measure instead of moving. */
  let toolDrag = false;
  /** Set once every piece above exists (the tools may ask for a redraw while being built). */
  let ready = false;

  const viewport = () => ({ width: stage.width(), height: stage.height() });

  const units: UnitLookup = {
    unitOf: (id) => view?.state.models.find((m) => m.id === id)?.unit,
    modelsOf: (unit) => view?.state.models.filter((m) => m.unit === unit).map((m) => m.id) ?? [],
  };

  const canMove = (id: ModelId): boolean => {
    const v = view;
    if (!v || v.mover === null) return false;
    const unit = units.unitOf(id);
    if (unit !== undefined && v.movable && !v.movable.has(unit)) return false;
    return v.state.units.some((u) => u.id === unit && u.player === v.mover);
  };

  /** The selected models this viewer may turn (none unless the view allows turning). */
  const turnIds = (): ModelId[] =>
    view?.turnable && moving() ? [...selection].filter((id) => canMove(id)) : [];

  /** The model the turn handle sits on: the one last pressed, else the first selected. */
  const handleModel = (ids: readonly ModelId[]): ModelId | null =>
    anchor !== null && ids.includes(anchor) ? anchor : (ids[0] ?? null);

  const turning = new Turning({
    bases,
    tools,
    moveModels: (moves) => callbacks.moveModels(moves),
    turnable: turnIds,
    handleModel,
    relayout: () => relayout(),
  });

  const nudging = new Nudging({
    bases,
    tools,
    moveModels: (moves) => callbacks.moveModels(moves),
    movable: turnIds,
    relayout: () => relayout(),
  });

  /** The turn handle, the sight arcs of a turn and the height badges where the bases are now. */
  function layoutMarks(): void {
    const turned = turning.ids;
    const ids = turned ?? (drag === null ? turnIds() : []);
    const at = handleModel(ids);
    handle.show(camera, at === null ? null : bases.drawn(at), (p) => {
      const under = modelAt(p);
      return under !== null && under !== at;
    });
    const arcs = turned !== null && view?.facingArc ? turned.flatMap((id) => bases.drawn(id) ?? []) : [];
    handle.showArcs(camera, arcs);
    if (!view?.heights) return;
    const terrain = view.state.terrain;
    const held = drag?.starts;
    badges.layout(
      camera,
      view.state.models.flatMap((m) => {
        const d = bases.drawn(m.id);
        if (!d) return [];
        const z = held?.has(m.id) ? dropHeight(terrain, m, d) : m.z;
        return [{ id: m.id, x: d.x, y: d.y, z, reach: d.reach }];
      }),
    );
  }

  /** Re-place every name on the table (camera, bases, selection or read-outs changed). */
  function relayout(): void {
    layoutMarks();
    const shown = bases.shown();
    const dragged = drag?.starts;
    const focus = new Set(view?.focus ?? []);
    for (const b of shown) if (selection.has(b.id) || dragged?.has(b.id)) focus.add(b.unit);
    overlay.layout(camera, viewport());
    const marks = view?.marks ?? [];
    const knob = handle.knobBox();
    const reserved = knob === null ? overlay.labelRects() : [...overlay.labelRects(), knob];
    const captions = view?.captions ?? [];
    hud.layout(camera, shown, viewport(), { focus, reserved, marks, captions, panel });
  }

  function setCamera(next: Camera): void {
    camera = next;
    for (const layer of worldLayers) {
      layer.setAttrs({ x: camera.offset.x, y: camera.offset.y, scaleX: camera.scale, scaleY: camera.scale });
      layer.batchDraw();
    }
    relayout();
  }

  function fitNow(): void {
    if (!shownTable) return;
    setCamera(fitClearOf(shownTable, viewport(), 24, SCALE_BAR_RESERVE, corner));
  }

  /** Keep the table clear of the tools' panel as measured now (never under a drag: the next fit,
   * a view update, a resize or Fit, makes the room then). */
  function makeRoom(): void {
    toolChanged = false;
    if (measured?.w === corner?.w && measured?.h === corner?.h) return;
    corner = measured;
    if (following && drag === null && !toolDrag) fitNow();
  }

  function setSelection(next: ReadonlySet<ModelId>, notify: boolean): void {
    if (sameSelection(next, selection)) return;
    selection = next;
    bases.setSelected(selection);
    if (ready) relayout();
    if (notify) callbacks.selectionChanged(selection);
  }

  const toLocal = (client: Point): Point => {
    const r = container.getBoundingClientRect();
    return { x: client.x - r.left, y: client.y - r.top };
  };

  const moving = () => tools.tool === "move";

  function setCursor(over: ModelId | null): void {
    if (moving()) container.style.cursor = over !== null && canMove(over) ? "grab" : "";
    else container.style.cursor = over !== null ? "pointer" : "crosshair";
  }

  /** The model whose base is under screen point `at`, by the hit graph as last drawn. */
  function modelAt(at: Point): ModelId | null {
    const shape = stage.getIntersection(at);
    const id = shape?.findAncestor(`.${BASE_NAME}`)?.id();
    return id && bases.has(id) ? id : null;
  }

  const host: GestureHost = {
    hitModel(at, touch = false) {
      // a press picks the bases as the camera shows them now, not as last drawn: `at` is read
      // with this camera (the next frame redraws the hit graph for hovers and drags)
      baseLayer.freshenHit();
      return modelAt(at) ?? (touch ? nearestBase(at, bases.shown(), camera) : null);
    },
    pressModel(model, flags) {
      if (!moving()) return;
      anchor = model;
      setSelection(
        selectOnPress(selection, model, { ...flags, unitMode: selectMode === "unit" }, units),
        true,
      );
    },
    clickModel(model, flags, at) {
      if (!moving()) {
        tools.click(toTable(camera, at), model, flags.shift);
        return;
      }
      setSelection(selectOnClick(selection, model, { ...flags, unitMode: selectMode === "unit" }), true);
    },
    clickEmpty(at) {
      if (!moving()) {
        tools.click(toTable(camera, at), null, false);
        return;
      }
      setSelection(new Set(), true);
    },
    dragStart(grabbed, from) {
      if (!moving()) {
        toolDrag = tools.dragStart(toTable(camera, from), grabbed);
        return toolDrag;
      }
      if (grabbed === null) return false;
      const ids = modelsToDrag(selection, grabbed, canMove);
      if (!canMove(grabbed)) callbacks.cannotMove?.([grabbed]);
      if (ids.length === 0 || !view) return false;
      const starts = bases.hold(ids);
      const marks = dragMarks(view.dragMeasure);
      if (marks.trail) {
        const byId = new Map(view.state.models.map((m) => [m.id, m]));
        trail.start(
          ids.flatMap((id) => {
            const m = byId.get(id);
            const at = starts.get(id);
            return m && at ? [{ at, base: m.base, facing: m.facing }] : [];
          }),
        );
      }
      drag = { grabbed, from: toTable(camera, from), starts, offset: { x: 0, y: 0 }, marks };
      tools.moveStarted(grabbed, ids);
      container.style.cursor = "grabbing";
      return true;
    },
    dragMove(to) {
      if (toolDrag) {
        tools.dragMove(toTable(camera, to), modelAt(to));
        return;
      }
      if (!drag) return;
      const d = drag;
      d.offset = sub(toTable(camera, to), d.from);
      const places = new Map([...d.starts].map(([id, p]) => [id, add(p, d.offset)]));
      bases.showAt(places);
      callbacks.dragging?.([...places].map(([model, p]) => ({ model, to: p })));
      tools.moveTo(places);
      const start = d.starts.get(d.grabbed);
      if (start && d.marks.trail) trail.update(start, add(start, d.offset));
      if (d.marks.length) hud.showReadout(to, length(d.offset));
      relayout();
    },
    dragEnd(to) {
      if (toolDrag) {
        toolDrag = false;
        tools.dragEnd(toTable(camera, to), host.hitModel(to));
        return;
      }
      if (!drag) return;
      host.dragMove(to);
      const d = drag;
      drag = null;
      trail.clear();
      hud.hideReadout();
      container.style.cursor = "";
      const moved = length(d.offset) >= MIN_MOVE;
      callbacks.dragging?.(null);
      bases.release(!moved);
      tools.moveEnded();
      if (moved) {
        callbacks.moveModels([...d.starts].map(([model, p]) => ({ model, to: add(p, d.offset) })));
      }
      relayout();
    },
    dragCancel() {
      if (toolDrag) {
        toolDrag = false;
        tools.dragCancel();
        return;
      }
      if (!drag) return;
      drag = null;
      callbacks.dragging?.(null);
      trail.clear();
      hud.hideReadout();
      container.style.cursor = "";
      bases.release(true);
      tools.moveEnded();
      relayout();
    },
    panBy(delta) {
      following = false;
      setCamera(pan(camera, delta));
    },
    hitHandle(at) {
      if (drag !== null || !handle.hit(at)) return false;
      const ids = turnIds();
      // a press on another base (a neighbour under the knob) is that base's, not the handle's
      const under = host.hitModel(at);
      return ids.length > 0 && (under === null || under === handleModel(ids));
    },
    turnStart(from) {
      turning.begin(false, toTable(camera, from));
    },
    turnMove(to) {
      turning.pointerTo(toTable(camera, to));
    },
    turnEnd(to) {
      turning.pointerTo(toTable(camera, to));
      turning.finish(true);
    },
    turnCancel() {
      turning.finish(false);
    },
    zoomAt(anchor, factor) {
      following = false;
      setCamera(zoomAt(camera, anchor, factor));
    },
  };

  const gestures = new GestureMachine(host);

  // ---- DOM input ----------------------------------------------------------------------------
  const input = (e: PointerEvent) => ({
    id: e.pointerId,
    at: toLocal({ x: e.clientX, y: e.clientY }),
    time: e.timeStamp,
    shift: e.shiftKey,
    button: e.button,
    touch: e.pointerType === "touch",
  });
  const onDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button === 2) return;
    if (turning.byKey) turning.finish(true);
    if (nudging.active) nudging.finish(true);
    container.setPointerCapture?.(e.pointerId);
    gestures.down(input(e));
    // preventDefault keeps the focus where it was: let a field typed in (a ring's radius) go, so
    // that the keys work on the table again.
    e.preventDefault();
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body) focused.blur();
  };
  /** A name with no room on the table, shown where the pointer rests or a finger tapped. */
  const nameAt = (at: Point, over: ModelId | null) =>
    hud.hover(at, toTable(camera, at), over === null ? null : (units.unitOf(over) ?? null));
  const onMove = (e: PointerEvent) => {
    const at = toLocal({ x: e.clientX, y: e.clientY });
    gestures.move(input(e));
    if (e.buttons === 0 && e.pointerType === "mouse") {
      const over = modelAt(at);
      setCursor(over);
      if (!moving()) tools.hover(toTable(camera, at), over);
      nameAt(at, over);
    } else hud.hideTooltip();
  };
  const onUp = (e: PointerEvent) => {
    // a touch screen has no hover: a tap (a press that did not move) shows the name instead
    const tap = e.pointerType !== "mouse" && gestures.pressing;
    gestures.up(input(e));
    if (tap) {
      const at = toLocal({ x: e.clientX, y: e.clientY });
      nameAt(at, host.hitModel(at));
    }
  };
  // a finger "leaves" as it lifts: a tapped name stays until the next touch
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === "mouse") hud.hideTooltip();
  };
  const onCancel = (e: PointerEvent) => gestures.cancel(e.pointerId);
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const action = classifyWheel(e);
    if (action.kind === "zoom") host.zoomAt(toLocal({ x: e.clientX, y: e.clientY }), action.factor);
    else host.panBy({ x: action.dx, y: action.dy });
  };
  const onKey = (e: KeyboardEvent) => {
    if (isTypingTarget(e.target)) return;
    if (e.key === "Escape") {
      board.cancel();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const delta = keyTurn(e.code, e.shiftKey);
    const step = delta === null ? keyNudge(e.code, e.shiftKey) : null;
    if ((delta === null && step === null) || board.moving()) return;
    // a turn and a key move are sent apart: the one going on is sent when the other begins
    if (delta !== null && nudging.active) nudging.finish(true);
    if (step !== null && turning.byKey) turning.finish(true);
    if (delta !== null ? turning.byKeys(delta) : step !== null && nudging.byKeys(step)) e.preventDefault();
    // a turn key says why nothing turned; an arrow stays an arrow (it may scroll the page)
    else if (delta !== null && view?.turnable && moving() && selection.size > 0) callbacks.cannotMove?.([...selection]);
  };
  const noMenu = (e: Event) => e.preventDefault();
  container.addEventListener("pointerdown", onDown);
  container.addEventListener("pointermove", onMove);
  container.addEventListener("pointerup", onUp);
  container.addEventListener("pointercancel", onCancel);
  container.addEventListener("pointerleave", onLeave);
  container.addEventListener("lostpointercapture", onCancel);
  container.addEventListener("wheel", onWheel, { passive: false });
  container.addEventListener("contextmenu", noMenu);
  window.addEventListener("keydown", onKey);

  const resizer = new ResizeObserver(() => {
    stage.size({ width: Math.max(1, container.clientWidth), height: Math.max(1, container.clientHeight) });
    if (following) fitNow();
    else relayout();
  });
  resizer.observe(container);
  ready = true;

  const board: BoardRenderer = {
    setView(next) {
      const first = view === null;
      view = next;
      const s = next.state;
      if (s.table !== shownTable || s.terrain !== shownTerrain) {
        drawTable(tableLayer, s);
        shownTable = s.table;
        shownTerrain = s.terrain;
        shownUnits = null;
      }
      if (s.units !== shownUnits) {
        hud.setTable(s);
        shownUnits = s.units;
      }
      hud.setObjectives(s.objectives, next.objectiveLabels);
      bases.sync(next);
      turning.follow(new Map(s.models.map((m) => [m.id, { x: m.x, y: m.y, facing: m.facing }])));
      nudging.follow(new Map(s.models.map((m) => [m.id, { x: m.x, y: m.y }])));
      tools.setTable(s, next.pending.size > 0, next.dragRules ?? null);
      const present = new Set(s.models.map((m) => m.id));
      const kept = new Set([...selection].filter((id) => present.has(id)));
      setSelection(kept, true);
      if (first || following) fitNow();
      else relayout();
    },
    select(models) {
      setSelection(new Set(models), false);
    },
    setSelectMode(mode) {
      selectMode = mode;
    },
    fit() {
      following = true;
      corner = measured; // Fit asks for room as the panel is now, grown since the tool opened
      fitNow();
    },
    zoom(factor) {
      following = false;
      const vp = viewport();
      setCamera(zoomAt(camera, { x: vp.width / 2, y: vp.height / 2 }, factor));
    },
    tableToClient(p) {
      const r = container.getBoundingClientRect();
      const s = toScreen(camera, p);
      return { x: r.left + s.x, y: r.top + s.y };
    },
    tooltipText() {
      return hud.tooltipText();
    },
    hiddenLabels() {
      return hud.hiddenLabels();
    },
    setTool(tool) {
      if (tool === tools.tool) return;
      gestures.cancelAll();
      turning.finish(false);
      nudging.finish(true);
      tools.setTool(tool);
      toolChanged = true;
      setCursor(null);
      relayout();
    },
    setRingRadius(inches) {
      tools.setRingRadius(inches);
    },
    keepClearOf(rect, lasting = true) {
      let next: Corner | null = null;
      let covered: Corner | null = null;
      if (rect !== null) {
        const box = container.getBoundingClientRect();
        const w = Math.max(0, Math.min(box.width, box.right - rect.left));
        const h = Math.max(0, Math.min(box.height, box.bottom - rect.top));
        if (w > 0 && h > 0) covered = { w, h };
        if (w > 0 && h > 0 && lasting) {
          const grown = measured !== null && Math.abs(measured.w - w) < 1 ? Math.max(measured.h, h) : h;
          const room = Math.max(grown, Math.min(PANEL_ROOM, box.height * 0.25));
          next = { w, h: Math.min(room, box.height * 0.45) };
        }
      }
      measured = next;
      if (covered?.w !== panel?.w || covered?.h !== panel?.h) {
        panel = covered;
        if (ready) relayout();
      }
      // The room follows the panel as it opens or closes, changes width with the layout, or
      // after a change of tool; not as read-outs come and go while a tool is used, when the
      // table must stay under the pointer.
      const opened = (next === null) !== (corner === null);
      const widened = next !== null && corner !== null && Math.abs(next.w - corner.w) >= 1;
      if (opened || widened || toolChanged) makeRoom();
    },
    clearMarks(tool) {
      tools.clearMarks(tool ?? "all");
    },
    dropKeyMove() {
      const turned = turning.byKey && turning.finish(false);
      return nudging.finish(false) || turned;
    },
    cancel() {
      if (gestures.dragging) {
        gestures.cancelAll();
        return true;
      }
      if (turning.finish(false)) return true;
      if (nudging.finish(false)) return true;
      if (tools.clearMarks(tools.tool)) return true;
      if (selection.size > 0) {
        setSelection(new Set(), true);
        return true;
      }
      if (tools.tool !== "move") {
        board.setTool("move");
        return true;
      }
      return tools.clearMarks("all");
    },
    moving() {
      return drag !== null || gestures.dragging;
    },
    destroy() {
      turning.drop();
      nudging.drop();
      resizer.disconnect();
      container.removeEventListener("pointerdown", onDown);
      container.removeEventListener("pointermove", onMove);
      container.removeEventListener("pointerup", onUp);
      container.removeEventListener("pointercancel", onCancel);
      container.removeEventListener("pointerleave", onLeave);
      container.removeEventListener("lostpointercapture", onCancel);
      container.removeEventListener("wheel", onWheel);
      container.removeEventListener("contextmenu", noMenu);
      window.removeEventListener("keydown", onKey);
      tools.destroy();
      overlay.destroy();
      bases.destroy();
      stage.destroy();
    },
  };
  return board;
}
