// Short messages that fade: why the server refused a move, or why the page would not send one.

import { useSignal, useSignalEffect } from "@preact/signals";
import type { ReadonlySignal } from "@preact/signals";
import { useRef } from "preact/hooks";
import type { Rejection } from "../state/game-store";

const SHOW_MS = 4500;

/** The server's reason as a sentence after the title: "Move refused. Bases overlap ...". */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

interface Shown {
  r: Rejection;
  /** Counts every toast of this list (the server's and the page's count their `seq` apart). */
  key: number;
}

export function Toasts({
  rejection,
  notice,
  title = "Move refused.",
}: {
  rejection: ReadonlySignal<Rejection | null>;
  /** The page's own refusals, said before anything is sent (no intent: shown without `title`). */
  notice?: ReadonlySignal<Rejection | null>;
  /** The words before the server's reason. */
  title?: string;
}) {
  const shown = useSignal<readonly Shown[]>([]);
  const count = useRef(0);
  const show = (r: Rejection) => {
    const t = { r, key: ++count.current };
    shown.value = [...shown.peek(), t].slice(-3);
    // Each toast times out on its own, whatever comes after it.
    setTimeout(() => {
      shown.value = shown.peek().filter((s) => s !== t);
    }, SHOW_MS);
  };
  useSignalEffect(() => {
    const r = rejection.value;
    // A link the server does not accept is the page's failure notice, not a refused move.
    if (r === null || r.code.startsWith("auth/")) return;
    show(r);
  });
  useSignalEffect(() => {
    const r = notice?.value ?? null;
    if (r !== null) show(r);
  });
  return (
    <div class="toasts" aria-live="polite">
      {shown.value.map(({ r: t, key }) => (
        <div class="toast" key={key} data-code={t.code}>
          {t.intentId !== null && <strong>{title}</strong>} {t.intentId !== null ? sentence(t.message) : t.message}
        </div>
      ))}
    </div>
  );
}
