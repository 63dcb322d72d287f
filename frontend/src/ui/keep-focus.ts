// Focus that a panel's re-render would throw to <body> goes back into the panel (audit s16 E #3):
// a step replaces the button that was pressed (or disables it while the command is sent), the
// browser drops focus to the document, and a keyboard or screen-reader user is left nowhere. The
// panel names where focus goes instead: its heading (tabIndex -1), the prompt, or the button a
// confirmation swapped in. Focus that left the panel on purpose (a click or Tab elsewhere, a
// field being typed in, an open dialog) is left where it is.

import { useCallback, useRef } from "preact/hooks";

/** What the check sees after the panel changed. */
export interface FocusFacts {
  /** An element inside the panel had focus last, and focus has not left the panel on purpose since. */
  hadFocus: boolean;
  /** That element is gone: removed from the document, disabled, or no longer inside the panel. */
  lastGone: boolean;
  /** Where focus is now: on <body> (or nowhere), on that same element, or elsewhere. */
  active: "body" | "last" | "elsewhere";
  /** A modal dialog is open (it owns focus). */
  dialogOpen: boolean;
}

/** Whether focus is to be put back into the panel. Pure. */
export function shouldRestore(f: FocusFacts): boolean {
  return f.hadFocus && f.lastGone && f.active !== "elsewhere" && !f.dialogOpen;
}

const dialogOpen = (): boolean => document.querySelector('dialog[open], [role="dialog"][aria-modal="true"]') !== null;

const gone = (el: HTMLElement, panel: HTMLElement): boolean =>
  !el.isConnected || !panel.contains(el) || (el as HTMLButtonElement).disabled === true || el.closest("[hidden]") !== null;

/** Watches `panel`: when the element focused inside it goes away and focus is left on <body>,
 * `target()` is focused (an element with tabIndex -1 or a control). Returns the detach. */
export function keepFocus(panel: HTMLElement, target: () => HTMLElement | null): () => void {
  let last: HTMLElement | null = null;
  const check = () => {
    if (last === null) return;
    const a = document.activeElement;
    const facts: FocusFacts = {
      hadFocus: true,
      lastGone: gone(last, panel),
      active: a === null || a === document.body ? "body" : a === last ? "last" : "elsewhere",
      dialogOpen: dialogOpen(),
    };
    if (facts.active === "elsewhere") {
      if (!panel.contains(a)) last = null;
      return;
    }
    if (!shouldRestore(facts)) return;
    const to = target();
    if (to && to.isConnected && (to as HTMLButtonElement).disabled !== true) {
      last = null;
      to.focus();
    }
  };
  const onIn = (e: FocusEvent) => {
    last = e.target instanceof HTMLElement ? e.target : null;
  };
  const onOut = (e: FocusEvent) => {
    const to = e.relatedTarget;
    if (to instanceof Node && !panel.contains(to)) {
      last = null; // Tab or a click to another control: left on purpose
      return;
    }
    if (to !== null) return;
    // To <body>: a click on nothing (left on purpose), or the element was removed or disabled.
    const from = e.target;
    setTimeout(() => {
      if (last !== from || !(from instanceof HTMLElement)) return;
      if (gone(from, panel)) check();
      else if (document.activeElement !== from) last = null;
    }, 0);
  };
  // A press outside the panel (the table blurs the focused control): focus left on purpose, even
  // if the re-render the press causes then removes that control (review s16 r3 #3).
  const onPress = (e: PointerEvent) => {
    if (!(e.target instanceof Node) || !panel.contains(e.target)) last = null;
  };
  panel.addEventListener("focusin", onIn);
  panel.addEventListener("focusout", onOut);
  document.addEventListener("pointerdown", onPress, true);
  const watch = new MutationObserver(check);
  watch.observe(panel, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden"] });
  return () => {
    watch.disconnect();
    document.removeEventListener("pointerdown", onPress, true);
    panel.removeEventListener("focusin", onIn);
    panel.removeEventListener("focusout", onOut);
  };
}

/** `keepFocus` as a ref callback for a component's panel element. */
export function useKeepFocus<T extends HTMLElement>(target: (panel: T) => HTMLElement | null): (el: T | null) => void {
  const current = useRef<{ el: T | null; detach: (() => void) | null }>({ el: null, detach: null });
  const to = useRef(target);
  to.current = target;
  return useCallback((el: T | null) => {
    const s = current.current;
    if (el === s.el) return;
    s.detach?.();
    s.detach = null;
    s.el = el;
    if (el) s.detach = keepFocus(el, () => to.current(el));
  }, []);
}
