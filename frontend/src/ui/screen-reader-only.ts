// Text for screen readers only: drawn nowhere, read out (live regions).

/** A visually hidden live region's style (read out, not drawn). */
export const SCREEN_READER_ONLY = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: "0",
  border: "0",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
