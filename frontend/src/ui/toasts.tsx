// Short messages that fade: why the server refused a move.

import { useSignal, useSignalEffect } from "@preact/signals";
import type { ReadonlySignal } from "@preact/signals";
import type { Rejection } from "../state/game-store";

const SHOW_MS = 4500;

/** The server's reason as a sentence after the title: "Move refused. Bases overlap ...". */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function Toasts({
  rejection,
  title = "Move refused.",
}: {
  rejection: ReadonlySignal<Rejection | null>;
  /** The words before the server's reason. */
  title?: string;
}) {
  const shown = useSignal<readonly Rejection[]>([]);
  useSignalEffect(() => {
    const r = rejection.value;
    // A link the server does not accept is the page's failure notice, not a refused move.
    if (r === null || r.code.startsWith("auth/")) return;
    shown.value = [...shown.peek(), r].slice(-3);
    // Each toast times out on its own, whatever comes after it.
    setTimeout(() => {
      shown.value = shown.peek().filter((t) => t !== r);
    }, SHOW_MS);
  });
  return (
    <div class="toasts" aria-live="polite">
      {shown.value.map((t) => (
        <div class="toast" key={t.seq} data-code={t.code}>
          {t.intentId !== null && <strong>{title}</strong>} {t.intentId !== null ? sentence(t.message) : t.message}
        </div>
      ))}
    </div>
  );
}
