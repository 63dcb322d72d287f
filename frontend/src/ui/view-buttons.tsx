// Zoom out, zoom in and "Fit table": the board's view, for every table page.

import type { BoardRenderer } from "../board/api";

export function ViewButtons({ board }: { board: () => BoardRenderer | null }) {
  return (
    <>
      <button type="button" class="button" onClick={() => board()?.zoom(1 / 1.25)} aria-label="Zoom out">
        −
      </button>
      <button type="button" class="button" onClick={() => board()?.zoom(1.25)} aria-label="Zoom in">
        +
      </button>
      <button type="button" class="button" onClick={() => board()?.fit()}>
        Fit table
      </button>
    </>
  );
}
