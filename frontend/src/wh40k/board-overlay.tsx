// An SVG layer over the board, in table inches: deployment zones, objective control, unit
// markers, the planned paths and highlighted choices. It follows the board's camera and lets the
// pointer through, except while the player picks a point on the table.

import type { Caption } from "../board/api";
import { reach } from "../geometry/base-footprint";
import { formatInches } from "../geometry/scale-bar";
import type { ModelInfo } from "../protocol/messages";
import { heightBadge } from "../geometry/levels";
import { levelLabel } from "./elevation";
import { trails } from "./move-plan";
import { distanceTag } from "./plan-warnings";
import { shownTable } from "./board-state";
import { unitMarkers } from "./unit-markers";
import type { W40Control } from "./w40-control";

export interface OverlayCamera {
  /** Pixels per inch. */
  scale: number;
  /** Where the table's corner is, in pixels from the board's corner. */
  x: number;
  y: number;
}

const CONTROL_RANGE = 3;

/** Where the last pointer-up on the overlay was, with its fraction of a pixel (see onPick). */
const lastPointer: { up: { x: number; y: number } | null } = { up: null };

/** Where a deployment zone's label goes: mid-width, 1" in from the zone's table edge (the
 * labels stay clear of the objective markers mid-zone). Pure. */
export function zoneLabelAt(zone: readonly (readonly [number, number])[], depth: number): { x: number; y: number } | null {
  if (zone.length === 0) return null;
  const xs = zone.map(([x]) => x);
  const ys = zone.map(([, y]) => y);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const x = (Math.min(...xs) + Math.max(...xs)) / 2;
  const low = minY < depth - maxY;
  return { x, y: low ? minY + 1 : maxY - 1 };
}

/** The zone labels' font: 12 px on screen, never under 0.6" of the table (wh40k.css .w40-zone-label). */
const ZONE_LABEL_PX = 12;
const ZONE_LABEL_MIN_INCHES = 0.6;

const zoneLabelText = (name: string): string => `${name}'s deployment zone`;

/** The zone labels as the board should keep its names out from under them (an objective's name
 * would otherwise be hidden by a zone's on a phone, where 1" is a few pixels). */
export function zoneCaptions(
  state: { table: { depth: number }; game: { zones: Record<string, readonly (readonly [number, number])[]> } },
  player: (id: string) => string,
): Caption[] {
  return Object.entries(state.game.zones).flatMap(([id, zone]) => {
    const at = zoneLabelAt(zone, state.table.depth);
    return at ? [{ ...at, text: zoneLabelText(player(id)), px: ZONE_LABEL_PX, minInches: ZONE_LABEL_MIN_INCHES }] : [];
  });
}
const NEUTRAL = "#e8c547";

const BADGE_W = 1.6;

/** The plan tag's font size (px, wh40k.css `.w40-distance`) and a generous glyph width for it. */
const TAG_PX = 11;
const TAG_EM = 0.62;

/**
 * Where the plan's distance tag goes (table inches): left of its model, where the board's own
 * labels are not, unless that runs past the board's visible left edge (a unit near the table's
 * left side on a phone), then right of it. `visibleLeft` is the board's left edge in inches.
 */
export function tagPlace(
  at: { x: number; y: number },
  modelReach: number,
  text: string,
  scale: number,
  visibleLeft: number,
): { x: number; y: number; anchor: "start" | "end" } {
  const gap = modelReach + 0.4;
  const width = (text.length * TAG_EM * TAG_PX) / Math.max(scale, 1e-9);
  const fitsLeft = at.x - gap - width >= visibleLeft;
  return { x: fitsLeft ? at.x - gap : at.x + gap, y: at.y + 0.35, anchor: fitsLeft ? "end" : "start" };
}

/** Where a unit's row of `count` badges goes, in table inches: centred just below the unit. */
export function badgeRow(models: readonly ModelInfo[], count: number): { x: number; y: number; w: number; h: number } | null {
  if (count === 0 || models.length === 0) return null;
  const first = models[0] as ModelInfo;
  const low = models.reduce((a, m) => (m.y + reach(m.base) > a.y + reach(a.base) ? m : a), first);
  const cx = models.reduce((s, m) => s + m.x, 0) / models.length;
  const y = low.y + reach(low.base) + 0.8;
  return { x: cx - (count * BADGE_W) / 2, y: y - 0.55, w: count * BADGE_W, h: 1.1 };
}

function UnitBadges({ models, markers, color }: { models: ModelInfo[]; markers: ReturnType<typeof unitMarkers>; color: string }) {
  const row = badgeRow(models, markers.length);
  if (row === null) return null;
  // Below the unit; the board keeps its names off this row (BoardView.marks).
  const y = row.y + 0.55;
  const w = BADGE_W;
  const x0 = row.x;
  return (
    <g class="w40-badges">
      {markers.map((mk, i) => (
        <g key={mk.code} class={`w40-badge w40-badge--${mk.tone}`} data-marker={mk.code}>
          <title>{mk.label}</title>
          <rect x={x0 + i * w} y={y - 0.55} width={w - 0.1} height={1.1} rx={0.3} stroke={color} />
          <text x={x0 + i * w + (w - 0.1) / 2} y={y + 0.32} text-anchor="middle">
            {mk.code}
          </text>
        </g>
      ))}
    </g>
  );
}

export function BoardOverlay({ control, camera }: { control: W40Control; camera: OverlayCamera }) {
  const state = control.store.state.value;
  if (state === null) return null;
  const plan = control.plan.value;
  const shown = shownTable(state, plan).state;
  const game = state.game;
  const colorOf = new Map(state.players.map((p) => [p.id, p.color]));
  const names = control.names.value;
  const byUnit = new Map<string, ModelInfo[]>();
  for (const m of shown.models) byUnit.set(m.unit, [...(byUnit.get(m.unit) ?? []), m]);
  const highlight = control.highlight.value;
  const pick = control.tablePick.value;
  const onPick = (e: MouseEvent) => {
    const r = (e.currentTarget as SVGElement).getBoundingClientRect();
    // A click's clientX/Y are whole pixels in Chromium (the pointer events before it keep the
    // fraction the board's own drags use): the pointer-up's position, so a marker lands where
    // the board shows the point and not up to a pixel (0.1") up or left of it.
    const at = lastPointer.up && Math.abs(lastPointer.up.x - e.clientX) < 1 && Math.abs(lastPointer.up.y - e.clientY) < 1 ? lastPointer.up : { x: e.clientX, y: e.clientY };
    const x = (at.x - r.left - camera.x) / camera.scale;
    const y = (at.y - r.top - camera.y) / camera.scale;
    pick?.(Math.round(x * 10) / 10, Math.round(y * 10) / 10);
  };
  const paths = plan ? trails(plan) : new Map<string, { x: number; y: number }[]>();
  // How far the planned move goes, by its farthest model, following the drag; a warning colour
  // past the limit the panel knows (the referee refuses such a move: rule/too_far). Left of the
  // model (the board puts the unit's name below it), or right of it near the board's left edge.
  const live = control.livePlan.value;
  const limit = control.limit.value;
  const tag = live ? distanceTag(live, limit, state, control.heights.value ?? undefined) : null;
  const tagged = tag ? state.models.find((m) => m.id === tag.model) : undefined;
  const tagText = tag ? `${tag.over ? "⚠ " : ""}${formatInches(tag.far)}${limit !== null ? ` / ${formatInches(limit)}` : ""}` : "";
  const place = tag ? tagPlace(tag.at, tagged ? reach(tagged.base) : 0.5, tagText, camera.scale, -camera.x / camera.scale) : null;
  return (
    <svg
      class={`w40-overlay ${pick ? "w40-overlay--pick" : ""}`}
      data-testid="w40-overlay"
      onPointerUp={pick ? (e) => (lastPointer.up = { x: e.clientX, y: e.clientY }) : undefined}
      onClick={pick ? onPick : undefined}
    >
      <g transform={`translate(${camera.x} ${camera.y}) scale(${camera.scale})`}>
        {Object.entries(game.zones).map(([player, zone]) => (
          <polygon
            key={player}
            class="w40-zone"
            data-zone={player}
            points={zone.map(([x, y]) => `${x},${y}`).join(" ")}
            fill={colorOf.get(player) ?? "#999"}
            stroke={colorOf.get(player) ?? "#999"}
          />
        ))}
        {/* Whose zone is whose: the player's name inside it, along its table edge. */}
        {Object.entries(game.zones).map(([player, zone]) => {
          const at = zoneLabelAt(zone, state.table.depth);
          return at ? (
            <text
              key={`zl-${player}`}
              class="w40-zone-label"
              data-zone-label={player}
              x={at.x}
              y={at.y}
              text-anchor="middle"
              dominant-baseline="middle"
              stroke={colorOf.get(player) ?? "#999"}
            >
              {zoneLabelText(names.player(player))}
            </text>
          ) : null;
        })}
        {state.objectives.map((o) => {
          const holder = game.control[o.id] ?? null;
          const color = holder ? (colorOf.get(holder) ?? NEUTRAL) : NEUTRAL;
          const r = o.diameter_mm / 50.8;
          return (
            <g key={o.id} class="w40-objective" data-objective={o.id} data-control={holder ?? ""}>
              <circle cx={o.x} cy={o.y} r={r + CONTROL_RANGE} class="w40-objective__range" stroke={color} />
              <circle cx={o.x} cy={o.y} r={r + 0.25} class="w40-objective__ring" stroke={color} />
              {/* The label is the board's (placed with the other names, see board/label-layout). */}
            </g>
          );
        })}
        {[...byUnit].map(([unit, models]) => {
          const s = game.units[unit];
          if (!s) return null;
          return <UnitBadges key={unit} models={models} markers={unitMarkers(s)} color={colorOf.get(s.sheet.player) ?? "#999"} />;
        })}
        {shown.models
          .filter((m) => highlight.models.has(m.id) || highlight.targets.has(m.unit))
          .map((m) => (
            <circle
              key={`h-${m.id}`}
              cx={m.x}
              cy={m.y}
              r={reach(m.base) + 0.35}
              class={highlight.models.has(m.id) ? "w40-choice" : "w40-target"}
              data-choice={m.id}
            />
          ))}
        {shown.models
          .filter((m) => m.z > 1e-6)
          .map((m) => (
            <g key={`z-${m.id}`} class="w40-elevation" data-elevation={m.id}>
              <title>{`${m.name || m.id}: ${levelLabel(m.z)} (on a floor)`}</title>
              <text x={m.x + reach(m.base) * 0.7} y={m.y - reach(m.base) * 0.7} text-anchor="start">
                {heightBadge(m.z)}
              </text>
            </g>
          ))}
        {[...paths].map(([id, all]) => (
          <polyline key={`p-${id}`} class="w40-path" points={all.map((p) => `${p.x},${p.y}`).join(" ")} />
        ))}
        {tag && place && (
          <text
            class={`w40-distance ${tag.over ? "w40-distance--over" : ""}`}
            data-testid="w40-plan-tag"
            data-over={tag.over ? "yes" : "no"}
            x={place.x}
            y={place.y}
            text-anchor={place.anchor}
          >
            {tagText}
          </text>
        )}
      </g>
    </svg>
  );
}
