// Short messages that fade: why the server refused a move, or why the page would not send one.
// The same refusal twice shows once (counted), a refusal re-worded is not shown again, and every
// toast goes when `clearOn` changes (the phase or step moved on) unless it came in the last
// CLEAR_GRACE_MS (the change likely caused it): src/ui/refusal-words.ts.

import { useSignal, useSignalEffect } from "@preact/signals";
import type { ReadonlySignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import type { Rejection } from "../state/game-store";
import { type ToastList, type ToastSource, addToast, dropToasts, passedToasts } from "./refusal-words";

const SHOW_MS = 4500;

/** The server's reason as a sentence after the title: "Move refused. Bases overlap ...". */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function Toasts({
  rejection,
  notice,
  title = "Move refused.",
  clearOn,
}: {
  rejection: ReadonlySignal<Rejection | null>;
  /** The page's own refusals, said before anything is sent (no intent: shown without `title`). */
  notice?: ReadonlySignal<Rejection | null>;
  /** The words before the server's reason. */
  title?: string;
  /** Toasts go when this changes (say, the phase and step): their situation has passed; one that
   * came in the last CLEAR_GRACE_MS stays (its own timer takes it). */
  clearOn?: ReadonlySignal<string>;
}) {
  const list = useSignal<ToastList<Rejection>>({ shown: [], last: {} });
  const count = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const forget = (keys: readonly number[]) => {
    for (const k of keys) {
      clearTimeout(timers.current.get(k));
      timers.current.delete(k);
    }
  };
  const show = (source: ToastSource, r: Rejection) => {
    const next = addToast(list.peek(), source, r, ++count.current, Date.now());
    forget(next.removed);
    list.value = next.list;
    const added = next.added;
    if (added === null) return;
    // Each toast times out on its own, whatever comes after it.
    timers.current.set(
      added.key,
      setTimeout(() => {
        timers.current.delete(added.key);
        list.value = dropToasts(list.peek(), [added.key]);
      }, SHOW_MS),
    );
  };
  useSignalEffect(() => {
    const r = rejection.value;
    // A link the server does not accept is the page's failure notice, not a refused move.
    if (r === null || r.code.startsWith("auth/")) return;
    show("server", r);
  });
  useSignalEffect(() => {
    const r = notice?.value ?? null;
    if (r !== null) show("page", r);
  });
  const cleared = useRef<string | null>(null);
  useSignalEffect(() => {
    const key = clearOn?.value ?? null;
    if (key === cleared.current) return;
    cleared.current = key;
    const keys = passedToasts(list.peek(), Date.now());
    forget(keys);
    list.value = dropToasts(list.peek(), keys);
  });
  useEffect(() => () => forget([...timers.current.keys()]), []);
  return (
    <div class="toasts" aria-live="polite">
      {list.value.shown.map(({ r: t, key, times }) => (
        <div class="toast" key={key} data-code={t.code}>
          {t.intentId !== null && <strong>{title}</strong>} {t.intentId !== null ? sentence(t.message) : t.message}
          {times > 1 && <span class="muted"> (×{times})</span>}
        </div>
      ))}
    </div>
  );
}
