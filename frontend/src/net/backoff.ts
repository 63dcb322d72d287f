// Exponential backoff with jitter for reconnecting.

export interface BackoffPolicy {
  /** Delay before the first retry, in milliseconds. */
  baseMs: number;
  /** No delay is ever longer than this. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 250, capMs: 5000 };

/**
 * The delay before retry number `attempt` (0 for the first retry): base * 2^attempt, capped, then
 * spread over its upper half by `random()` in [0, 1) so that many clients do not retry in step.
 */
export function backoffDelay(
  attempt: number,
  random: () => number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
