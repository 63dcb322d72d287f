// What the panels may do: send a command, ask a query, plan a move on the table. One object per
// game page, handed to every panel (no globals).

import { type Signal, computed, effect, signal } from "@preact/signals";
import type { BoardRenderer, ModelMoveRequest } from "../board/api";
import type { ProjectedSession } from "../net/projected-session";
import { tableQueries } from "../net/table-queries";
import type { TableQueries } from "../protocol/table-queries";
import { TableTools } from "../ui/table-tools";
import type { UnitId } from "../protocol/messages";
import { type Namer, namer } from "./names";
import { type Offers, offers } from "./offered-actions";
import { dropOnPlan } from "./base-contact";
import type { MovePlan } from "./move-plan";
import type { W40Store } from "./w40-store";
import type { W40Command, W40State } from "./wire";

export interface Highlight {
  /** Models to ring on the table (allocation choices). */
  models: ReadonlySet<string>;
  /** Units to mark as targets. */
  targets: ReadonlySet<UnitId>;
}

const NO_HIGHLIGHT: Highlight = { models: new Set(), targets: new Set() };

export class W40Control {
  readonly plan: Signal<MovePlan | null> = signal(null);
  /** Where the models being dragged on the table would drop now (null: no drag). */
  readonly dragging: Signal<readonly ModelMoveRequest[] | null> = signal(null);
  /** The plan as it would be after dropping the models being dragged now: the plan's read-outs
   * (the distance moved) follow the drag; the server still referees the confirmed command. */
  readonly livePlan = computed((): MovePlan | null => {
    const plan = this.plan.value;
    const state = this.store.state.value;
    const moves = this.dragging.value;
    return plan && state && moves ? dropOnPlan(state, plan, moves) : plan;
  });
  /** How far the planned move may go, in inches, when the panel can tell (the table's read-out
   * turns to a warning past it). */
  readonly limit: Signal<number | null> = signal(null);
  /** The planned move's end heights where the panel chooses them (the distance counts the climb). */
  readonly heights: Signal<ReadonlyMap<string, number> | null> = signal(null);
  /** The unit the panels are working with (drawn highlighted). */
  readonly focus: Signal<UnitId | null> = signal(null);
  readonly highlight: Signal<Highlight> = signal(NO_HIGHLIGHT);
  /** Set while the player should click the table (placing an objective marker). */
  readonly tablePick: Signal<((x: number, y: number) => void) | null> = signal(null);
  board: BoardRenderer | null = null;
  /** The ruler, range rings and line of sight, answered by the server's geometry. */
  readonly tools = new TableTools();
  readonly queries: TableQueries;

  readonly names = computed((): Namer => namer(this.store.state.value));
  readonly offers = computed((): Offers | null => {
    const s = this.store.state.value;
    return s ? offers(s, this.store.me.value) : null;
  });

  constructor(
    readonly store: W40Store,
    private readonly session: ProjectedSession<W40State, W40Command>,
  ) {
    this.queries = tableQueries({ ask: (q) => session.query(q) });
  }

  /** Send a command; returns the intent id, or null when it could not be sent. */
  send(cmd: W40Command): string | null {
    return this.session.send(cmd, cmd.type === "contribute_entropy");
  }

  /** Send a command made from the plan; the plan stays if the server refuses it, or if the
   * connection goes before it answers (the intent is forgotten: the watch ends either way). */
  sendPlanned(cmd: W40Command): void {
    const id = this.send(cmd);
    if (id === null) return;
    let done = false;
    let stop: (() => void) | undefined;
    stop = effect(() => {
      if (done) return;
      const rejected = this.store.lastRejection.value?.intentId === id;
      const ackedAt = this.store.acks.value.get(id);
      const shown = this.store.stateV.value ?? -1;
      const waiting = ackedAt === undefined || shown < ackedAt;
      // Neither answered nor waited on: the socket went and its intents were forgotten.
      const forgotten = ackedAt === undefined && !this.store.inFlight.value.has(id);
      if (rejected || forgotten || !waiting) {
        done = true;
        if (!rejected && !forgotten) {
          this.plan.value = null;
          this.focus.value = null;
        }
        stop?.();
      }
    });
    if (done) stop();
  }

  query(q: Record<string, unknown>): Promise<unknown> {
    return this.session.query(q);
  }

  setHighlight(h: Partial<Highlight> | null): void {
    this.highlight.value = h === null ? NO_HIGHLIGHT : { ...NO_HIGHLIGHT, ...h };
  }

  /** Show a unit selected on the table. */
  selectUnit(unit: UnitId): void {
    const ids = this.store.state.peek()?.models.filter((m) => m.unit === unit).map((m) => m.id) ?? [];
    this.board?.select(ids);
    this.focus.value = unit;
  }
}
