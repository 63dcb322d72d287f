// The page's handle on the table tools: the board owns them (pointer, keys, server answers) and
// reports what they show; the toolbar and the panel read that and ask the board for changes.

import { type ReadonlySignal, signal } from "@preact/signals";
import type { BoardRenderer, ToolKind, ToolReadout } from "../board/api";
import { emptyReadout } from "../board/tools/tool-readout";

export class TableTools {
  private readonly shown = signal<ToolReadout>(emptyReadout());
  private board: BoardRenderer | null = null;
  private panel: { left: number; top: number; right: number; bottom: number } | null = null;
  private lasting = true;

  /** What the tools show now (the board's latest report). */
  get readout(): ReadonlySignal<ToolReadout> {
    return this.shown;
  }

  /** The board reports here (BoardCallbacks.toolReadout). */
  readonly report = (readout: ToolReadout): void => {
    this.shown.value = readout;
  };

  attach(board: BoardRenderer | null): void {
    this.board = board;
    if (board === null) return;
    const r = this.shown.peek();
    board.setTool(r.tool);
    board.setRingRadius(r.ringRadius);
    board.keepClearOf(this.panel, this.lasting);
  }

  /** Where the read-out panel floats over the board (client pixels), null when it is hidden: the
   * board's fit keeps the table out from under it while it is `lasting`. */
  panelAt(rect: { left: number; top: number; right: number; bottom: number } | null, lasting = true): void {
    this.panel = rect;
    this.lasting = lasting;
    this.board?.keepClearOf(rect, lasting);
  }

  setTool(tool: ToolKind): void {
    this.board?.setTool(tool);
  }

  setRingRadius(inches: number): void {
    this.board?.setRingRadius(inches);
  }

  clear(tool?: ToolKind): void {
    this.board?.clearMarks(tool);
  }
}
