// Colours of the table: the mat, terrain by kind, a player's rim and highlight, the tools' marks.

import type { Tone } from "./tools/overlay-scene";

export const MAT = "#5d6b4f";
export const MAT_EDGE = "#3c4633";
export const GRID = "rgba(255, 255, 255, 0.08)";
export const SELECTED = "#ffd24a";
export const OBJECTIVE = "#e8c547";

const TERRAIN: Readonly<Record<string, string>> = {
  ruins: "#8a8178",
  building: "#7a6f66",
  house: "#7a6f66",
  woods: "#4f7a48",
  forest: "#4f7a48",
  // a crater dark and a barricade light: the two browns were alike in the legend (QA s14)
  crater: "#5b4534",
  hill: "#8c8a5a",
  barricade: "#b89c64",
  wall: "#b89c64",
  obstacle: "#7f7a70",
  debris: "#6f6a62",
  container: "#6b7a88",
  crate: "#b89c64",
  water: "#4d7a99",
};

const FALLBACK = ["#7d7468", "#6c7d6a", "#7a6d80", "#80776a", "#6a7880"] as const;

/** The muted fill for a terrain kind; unknown kinds get a stable colour from their name. */
export function terrainColor(kind: string): string {
  const known = TERRAIN[kind.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const ch of kind) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return FALLBACK[hash % FALLBACK.length] ?? FALLBACK[0];
}

function parseHex(color: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `color` mixed towards black by `amount` (0..1); non-hex colours come back unchanged. */
export function darken(color: string, amount = 0.45): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  const [r, g, b] = rgb.map((c) => Math.round(c * (1 - amount)));
  return `rgb(${r}, ${g}, ${b})`;
}

/** How a tool's mark looks: stroke and label colours, stroke width and dash in screen pixels. */
export interface ToneStyle {
  stroke: string;
  width: number;
  dash?: number[];
  fill?: string;
  labelFill: string;
  labelText: string;
}

const LABEL_DARK = "rgba(20, 24, 30, 0.9)";
const RULER = "#fff3c4";
const RING = "#7fd4ff";
const CLEAR = "#4ade80";
const BLOCKED = "#ff5a4f";
const ENGAGED = "#ff9f1c";
const COVER = "#facc15";

export const TOOL_TONES: Readonly<Record<Tone, ToneStyle>> = {
  ruler: { stroke: RULER, width: 3, labelFill: LABEL_DARK, labelText: RULER },
  preview: { stroke: RULER, width: 2, dash: [8, 5], labelFill: LABEL_DARK, labelText: RULER },
  ring: { stroke: RING, width: 2, fill: "rgba(127, 212, 255, 0.07)", labelFill: LABEL_DARK, labelText: RING },
  clear: { stroke: CLEAR, width: 3, labelFill: LABEL_DARK, labelText: CLEAR },
  sightline: { stroke: "rgba(255, 90, 79, 0.85)", width: 2, dash: [6, 6], labelFill: LABEL_DARK, labelText: BLOCKED },
  blocked: { stroke: BLOCKED, width: 3, fill: "rgba(255, 90, 79, 0.35)", labelFill: BLOCKED, labelText: "#ffffff" },
  cover: { stroke: COVER, width: 3, dash: [8, 4], fill: "rgba(250, 204, 21, 0.18)", labelFill: COVER, labelText: "#1d1f22" },
  observer: { stroke: RING, width: 4, labelFill: LABEL_DARK, labelText: RING },
  target: { stroke: "#f5a3ff", width: 4, labelFill: LABEL_DARK, labelText: "#f5a3ff" },
  halo: { stroke: "rgba(255, 255, 255, 0.8)", width: 1.5, dash: [5, 4], fill: "rgba(255, 255, 255, 0.08)", labelFill: LABEL_DARK, labelText: "#ffffff" },
  breaking: { stroke: BLOCKED, width: 4, labelFill: BLOCKED, labelText: "#ffffff" },
  engaged: { stroke: ENGAGED, width: 4, fill: "rgba(255, 159, 28, 0.3)", labelFill: ENGAGED, labelText: "#1d1f22" },
};
