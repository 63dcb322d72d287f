// The client's copy of one 10th-edition game: the shared projected-game store plus the dice
// commitment, the game id and the recent acknowledgements.

import { batch, computed, signal } from "@preact/signals";
import type { OtherEvent, RejectedMessage, Viewer, WelcomeMessage } from "../protocol/messages";
import { type LoggedEvent, ProjectedStore } from "../state/projected-store";
import { readFairness } from "./decode-state";
import type { Fairness, W40State } from "./wire";

export type RawEvent = OtherEvent;
export type Logged = LoggedEvent;

const LOG_LIMIT = 2000;

export class W40Store extends ProjectedStore<W40State> {
  readonly gameId = signal<string>("");
  readonly dice = signal<Fairness | null>(null);
  /** The version each recent intent was committed at. */
  readonly acks = signal<ReadonlyMap<string, number>>(new Map());
  /** Nothing sent awaits an answer and the state is the latest. */
  readonly idle = computed(() => !this.stale.value && this.inFlight.value.size === 0);
  readonly me = computed(() => this.viewer.value?.player ?? null);
  /** The earlier events (the export) are in the log: it tells what happened before this page. */
  readonly historyLoaded = signal(false);
  /** Intents the page sent on its own (the automatic dice entropy): a refusal of one is no toast. */
  private readonly quiet = new Set<string>();

  constructor() {
    super(LOG_LIMIT);
  }

  override welcome(viewer: Viewer, message: WelcomeMessage): void {
    batch(() => {
      super.welcome(viewer, message);
      this.gameId.value = message.game;
    });
  }

  protected override onView(view: Readonly<Record<string, unknown>> | null): void {
    const dice = view ? readFairness(view["dice"]) : null;
    if (dice) this.dice.value = dice;
  }

  override addHistory(entries: readonly { v: number; e?: unknown }[]): void {
    batch(() => {
      super.addHistory(entries);
      this.historyLoaded.value = true;
    });
  }

  /** Refuse this intent without a toast (nothing the player asked for was refused). */
  quietly(intentId: string): void {
    this.quiet.add(intentId);
  }

  override reject(message: RejectedMessage): void {
    const id = message.intent_id;
    if (id !== undefined && this.quiet.delete(id)) {
      this.settle(id);
      return;
    }
    super.reject(message);
  }

  override forgetInFlight(): void {
    this.quiet.clear();
    super.forgetInFlight();
  }

  override ack(intentId: string, v: number): void {
    this.quiet.delete(intentId);
    batch(() => {
      this.acks.value = new Map([...this.acks.peek(), [intentId, v] as const].slice(-20));
      super.ack(intentId, v);
    });
  }
}
