// Asks a question that keeps changing (a unit being dragged) without flooding the server: at most
// one request in flight, at most one every `intervalMs`, and only the newest question waits.
// Answers to a question asked before `cancel()` are dropped.

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

export interface LatestOnlyOptions<Q, A> {
  run(question: Q): Promise<A>;
  answered(answer: A, question: Q): void;
  failed?(error: unknown, question: Q): void;
  clock: Clock;
  /** The shortest time between two requests (100 ms: ten a second). */
  intervalMs?: number;
}

export class LatestOnly<Q, A> {
  private waiting: { question: Q } | null = null;
  private inFlight = false;
  private lastSent = Number.NEGATIVE_INFINITY;
  private timer: number | null = null;
  private generation = 0;
  /** Requests sent since this runner was made. */
  sent = 0;

  constructor(private readonly options: LatestOnlyOptions<Q, A>) {}

  private get interval(): number {
    return this.options.intervalMs ?? 100;
  }

  /** Ask `question` as soon as the pace allows, replacing any question still waiting. */
  push(question: Q): void {
    this.waiting = { question };
    this.pump();
  }

  /** Forget the waiting question and ignore the answer to the one in flight. */
  cancel(): void {
    this.generation += 1;
    this.waiting = null;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.waiting === null || this.inFlight || this.timer !== null) return;
    const clock = this.options.clock;
    const wait = this.lastSent + this.interval - clock.now();
    if (wait > 0) {
      this.timer = clock.setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    const { question } = this.waiting;
    this.waiting = null;
    this.inFlight = true;
    this.lastSent = clock.now();
    this.sent += 1;
    const generation = this.generation;
    const current = () => generation === this.generation;
    this.options
      .run(question)
      .then(
        (answer) => {
          if (current()) this.options.answered(answer, question);
        },
        (error: unknown) => {
          if (current()) this.options.failed?.(error, question);
        },
      )
      .finally(() => {
        this.inFlight = false;
        this.pump();
      });
  }
}
