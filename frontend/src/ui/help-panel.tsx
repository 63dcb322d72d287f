// A game page's help: the "?" button of the top bar, the "?" key, and the panel they open
// (a modal dialog: Escape, "?", the close button or a click beside it closes it). While it is
// open the page's own keys (tools, turning, levels, Escape) are held back, so that scrolling the
// help with PageUp / PageDown does not move a model. Every table page has it, and the
// 10th-edition and Death Angel pages; the words are help-content.ts's choice (table-help.ts for
// a table system, game-help.ts for those two games).

import type { Signal } from "@preact/signals";
import type { RefObject } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { isTypingTarget } from "../board/typing-target";
import { helpButtonLabel, helpFor } from "./help-content";
import type { HelpRow } from "./table-help";

/** Whether another modal dialog is open (a Death Angel card read whole): the "?" key leaves it be. */
const otherDialogOpen = (): boolean => document.querySelector("dialog[open]") !== null;

/** The "?" key opens the help (not while typing in a field, nor over another open dialog); while
 * it is open, every key is the help's: Escape and "?" close it, Tab stays inside it, the table
 * hears none. */
function useHelpKeys(open: Signal<boolean>, panel: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!open.peek()) {
        if (e.key !== "?" || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target) || otherDialogOpen()) return;
        e.preventDefault();
        open.value = true;
        return;
      }
      e.stopPropagation(); // the table's keys wait until the help is closed
      if (e.key === "Escape" || e.key === "?") {
        e.preventDefault();
        open.value = false;
      } else if (e.key === "Tab") {
        keepFocusIn(panel.current, e);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open, panel]);
}

/** Tab and Shift+Tab go round the panel's controls, never out behind it. */
function keepFocusIn(panel: HTMLElement | null, e: KeyboardEvent): void {
  if (!panel) return;
  const stops = [...panel.querySelectorAll<HTMLElement>("button, a[href], [tabindex='0']")];
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === panel)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || !panel.contains(at))) {
    e.preventDefault();
    first.focus();
  }
}

interface ButtonProps {
  open: Signal<boolean>;
  button: RefObject<HTMLButtonElement | null>;
  /** The page's system: the button's words name what its help covers. */
  system?: string | null;
}

export function HelpButton({ open, button, system = null }: ButtonProps) {
  const label = helpButtonLabel(system);
  return (
    <button
      type="button"
      ref={button}
      class="button help-button"
      aria-haspopup="dialog"
      aria-expanded={open.value}
      aria-label={label}
      title={label}
      data-testid="help-button"
      onClick={() => (open.value = !open.peek())}
    >
      ?
    </button>
  );
}

interface PanelProps {
  open: Signal<boolean>;
  system: string | null;
  spectator: boolean;
  /** Where the focus goes back when the help was opened from nowhere in particular. */
  button: RefObject<HTMLButtonElement | null>;
}

export function HelpPanel({ open, system, spectator, button }: PanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  useHelpKeys(open, panel);
  const shown = open.value;

  // focus moves into the panel as it opens and back where it was (else to "?") as it closes
  useEffect(() => {
    if (!shown) return;
    const before = document.activeElement;
    panel.current?.focus();
    return () => {
      const back = before instanceof HTMLElement && before !== document.body && before.isConnected ? before : button.current;
      back?.focus();
    };
  }, [shown, button]);

  if (!shown) return null;
  const close = () => (open.value = false);
  const content = helpFor({ system, spectator });
  return (
    <div
      class="help-backdrop"
      onPointerDown={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        class="help-panel"
        role="dialog"
        aria-modal="true"
        aria-label={content.title}
        tabIndex={-1}
        ref={panel}
        data-testid="help-panel"
      >
        <div class="help-panel__head">
          <h2 class="help-panel__title">{content.title}</h2>
          <button type="button" class="help-panel__close" aria-label="Close help" title="Close (Esc)" onClick={close}>
            ×
          </button>
        </div>
        <section class="help-panel__section">
          <h3>{content.refereeTitle}</h3>
          <p class="help-panel__referee" data-testid="help-referee">
            {content.referee}
          </p>
        </section>
        {content.sections.map((s) => (
          <section class="help-panel__section" key={s.title} data-help={s.title}>
            <h3>{s.title}</h3>
            <dl class="help-keys">
              {s.rows.map((row, i) => (
                <div class="help-keys__row" key={i}>
                  <dt>
                    <Keys row={row} />
                  </dt>
                  <dd>{row.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}

function Keys({ row }: { row: HelpRow }) {
  return (
    <>
      {row.keys?.map((k, i) => (
        <span key={k}>
          {i > 0 && " "}
          <kbd>{k}</kbd>
        </span>
      ))}
      {row.how}
    </>
  );
}
