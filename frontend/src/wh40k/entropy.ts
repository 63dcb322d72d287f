// A player's own randomness for the dice: 32 bytes from the browser's CSPRNG, as hex.

export function freshEntropy(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether this player has contributed already, by the log or by an earlier visit. */
export function contributed(events: readonly { e: { type: string; [k: string]: unknown } }[], player: string): boolean {
  return events.some(({ e }) => e.type === "entropy_contributed" && e["player"] === player);
}

export const entropyKey = (gameId: string, player: string): string => `vantage:entropy:${gameId}:${player}`;
