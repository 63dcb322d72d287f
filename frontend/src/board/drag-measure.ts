// What the board draws of a drag itself, besides the dragged bases: a page that measures the
// drag its own way (a planned move against its limit) or where a drag has no start to measure
// from (models being set up) turns the board's own measure down. Pure.

/**
 * - "length" (the default, the table pages): the outlines of the bases where they started, a
 *   dashed line from the grabbed base's start, and that line's length by the pointer.
 * - "line": the outlines and the line, no length: the page shows the distance that counts.
 * - "off": nothing: the models are being placed, not moved, so a start means nothing.
 */
export type DragMeasure = "length" | "line" | "off";

export interface DragMarks {
  /** The start outlines and the dashed line from the grabbed base's start. */
  trail: boolean;
  /** The read-out of the line's length next to the pointer. */
  length: boolean;
}

export function dragMarks(measure: DragMeasure | undefined): DragMarks {
  switch (measure ?? "length") {
    case "length":
      return { trail: true, length: true };
    case "line":
      return { trail: true, length: false };
    case "off":
      return { trail: false, length: false };
  }
}
