// The table tools in the top bar: Move, Ruler, Range ring, Line of sight, with their keys
// (M, R, G, L; Escape is the board's: it cancels, clears, then goes back to Move).

import { useEffect } from "preact/hooks";
import type { ToolKind } from "../board/api";
import { isTypingTarget } from "../board/typing-target";
import type { TableTools } from "./table-tools";

interface ToolButton {
  kind: ToolKind;
  label: string;
  key: string;
  title: string;
}

export const BUTTONS: readonly ToolButton[] = [
  { kind: "move", label: "Move", key: "M", title: "Select and move your models" },
  { kind: "ruler", label: "Ruler", key: "R", title: "Measure base edge to base edge, or to a point" },
  { kind: "ring", label: "Range ring", key: "G", title: "Draw a ring at a distance from a model's base" },
  { kind: "sight", label: "Line of sight", key: "L", title: "Can one model see another?" },
];

const SPECTATOR_MOVE = "Select models (spectators cannot move them)";

const BY_KEY = new Map(BUTTONS.map((b) => [b.key.toLowerCase(), b.kind]));

function useToolKeys(tools: TableTools): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTypingTarget(e.target)) return;
      const kind = BY_KEY.get(e.key.toLowerCase());
      if (kind === undefined) return;
      e.preventDefault();
      tools.setTool(kind);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [tools]);
}

export function ToolBar({ tools, spectator }: { tools: TableTools; spectator: boolean }) {
  useToolKeys(tools);
  const current = tools.readout.value.tool;
  return (
    <div class="segmented tool-bar" role="group" aria-label="Table tool">
      {BUTTONS.map((b) => (
        <button
          key={b.kind}
          type="button"
          class={current === b.kind ? "active" : ""}
          aria-pressed={current === b.kind}
          data-tool={b.kind}
          title={`${b.kind === "move" && spectator ? SPECTATOR_MOVE : b.title} (${b.key})`}
          onClick={() => tools.setTool(b.kind)}
        >
          {b.kind === "move" && spectator ? "Select" : b.label} <kbd>{b.key}</kbd>
        </button>
      ))}
    </div>
  );
}
