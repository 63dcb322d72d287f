// A card read whole: a modal sheet, full width at the bottom of a phone, a card-sized box on wider
// screens. On a touch screen a card that is a choice opens here first (there is no tooltip to
// read it by, and its text is cut short on the table), with the choice as the sheet's button;
// a mouse click or a key press on the same card still makes the choice at once.

import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

/** The choice a sheet offers besides Close: "Activate", "Choose this card". */
export interface SheetAction {
  label: string;
  run(): void;
}

/** Whether a tap (click) on a card opens its sheet rather than making the card's choice: always
 *  when the card is not a choice, and on a touch screen when it is. `pointer` is the pointer type
 *  of the tap ("" for a key press). */
export function tapOpensSheet(isChoice: boolean, pointer: string): boolean {
  return !isChoice || pointer === "touch";
}

/** The pointer type of the click being handled: the click's own (a PointerEvent in current
 *  browsers), else the last pointerdown's on this element (older Safari clicks are MouseEvents);
 *  "" for a key press. A pointerdown that turned into a scroll (pointercancel) is forgotten. */
export function usePointerType() {
  const last = useRef("");
  return {
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        last.current = e.pointerType;
      },
      onPointerCancel: () => {
        last.current = "";
      },
    },
    of(e: MouseEvent): string {
      const own = (e as Partial<PointerEvent>).pointerType;
      const type = own || (e.detail > 0 ? last.current : "");
      last.current = "";
      return type;
    },
  };
}

export interface CardSheetProps {
  /** id of the title element, unique on the page */
  titleId: string;
  title: ComponentChildren;
  class: string;
  style?: Record<string, string>;
  testId: string;
  action?: SheetAction | null;
  onClose(): void;
  children: ComponentChildren;
}

export function CardSheet(props: CardSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const { action } = props;
  return (
    <dialog
      ref={dialog}
      class={`da-sheet ${props.class}`}
      style={props.style}
      aria-labelledby={props.titleId}
      data-testid={props.testId}
      onClose={props.onClose}
      // A tap on the backdrop (the dialog itself, outside its content) closes it.
      onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
    >
      <div class="da-sheet__body">
        <h3 class="da-sheet__title" id={props.titleId}>
          {props.title}
        </h3>
        {props.children}
        <form method="dialog" class="da-sheet__actions">
          <button type="submit" class={action ? "button" : "button button--primary"}>
            Close
          </button>
          {action && (
            <button
              type="button"
              class="button button--primary"
              data-testid="da-sheet-action"
              onClick={() => {
                dialog.current?.close();
                action.run();
              }}
            >
              {action.label}
            </button>
          )}
        </form>
      </div>
    </dialog>
  );
}
