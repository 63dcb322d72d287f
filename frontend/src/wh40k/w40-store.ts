// The client's copy of one 10th-edition game: the shared projected-game store plus the dice
// commitment, the game id and the recent acknowledgements.

import { batch, computed, signal } from "@preact/signals";
import type { OtherEvent, Viewer, WelcomeMessage } from "../protocol/messages";
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

  override ack(intentId: string, v: number): void {
    batch(() => {
      this.acks.value = new Map([...this.acks.peek(), [intentId, v] as const].slice(-20));
      super.ack(intentId, v);
    });
  }
}
