// Table queries (docs/protocol.md "Queries (`q`): table systems"): the questions the ruler, the
// line-of-sight tool and the drag feedback ask, their answers, and checks for those answers.

import {
  type Json,
  DecodeError,
  array,
  list,
  number,
  object,
  optional,
  pair,
  string,
} from "./read";
import type { ModelId, Point, UnitId } from "./messages";

/** One end of a measurement: a model (its base edge) or a point on the table. */
export type MeasureEnd = ModelId | Point;

/** Where a model of a unit check stands, and its facing when it is being turned (degrees). */
export type CheckedPlace = Point & { facing?: number };

export type TableQuery =
  | { type: "measure"; a: MeasureEnd; b: MeasureEnd }
  | { type: "sight"; observer: ModelId; target: ModelId }
  | { type: "unit_check"; unit: UnitId; positions: Record<ModelId, CheckedPlace> };

export interface MeasureAnswer {
  /** The system's distance (plan gap and vertical gap combined), inches. */
  distance: number;
  h_gap: number;
  v_gap: number;
  /** The closest points of the two footprints (or points), for drawing the ruler. */
  from: Point;
  to: Point;
}

/** How covered a visible target is: a yes/no in some systems, a grade in others. */
export type CoverAnswer = boolean | string | null;

/** What gives the target its cover: a terrain piece or model, its name, and why (see
 * `rules/common/cover.py`: within, obscured, touching, on, crater, barricade, forest, between). */
export interface CoverSource {
  id: string;
  name: string;
  why: string;
}

export interface SightAnswer {
  visible: boolean;
  fully_visible: boolean;
  cover: CoverAnswer;
  cover_from: CoverSource | null;
  in_arc: boolean;
  /** A clear sight line (two 3D points, inches) when visible. */
  segment: [Point3, Point3] | null;
  /** Terrain and model ids that block, when not visible. */
  blocking: string[];
}

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface UnitCheckAnswer {
  coherent: boolean;
  /** Models of the unit that break coherency at those positions. */
  breaking: ModelId[];
  /** Enemy models in engagement range of the unit. */
  engaged_with: ModelId[];
  /** Models of each pair of bases that would overlap there (the move would be refused). */
  overlapping: ModelId[];
  /** Models whose base would reach past the table's edge (the move would be refused). */
  off_table: ModelId[];
}

/** What the table tools may ask of the server; answers are checked before they are returned. */
export interface TableQueries {
  measure(a: MeasureEnd, b: MeasureEnd): Promise<MeasureAnswer>;
  sight(observer: ModelId, target: ModelId): Promise<SightAnswer>;
  unitCheck(unit: UnitId, positions: ReadonlyMap<ModelId, CheckedPlace>): Promise<UnitCheckAnswer>;
}

const boolean = (value: Json, path: string): boolean => {
  if (typeof value !== "boolean") throw new DecodeError(path, "must be true or false");
  return value;
};

const point = (value: Json, path: string): Point => {
  const [x, y] = pair(value, path);
  return { x, y };
};

const point3 = (value: Json, path: string): Point3 => {
  const items = array(value, path);
  if (items.length !== 3) throw new DecodeError(path, "must be [x, y, z]");
  return {
    x: number(items[0], `${path}[0]`),
    y: number(items[1], `${path}[1]`),
    z: number(items[2], `${path}[2]`),
  };
};

function cover(value: Json, path: string): CoverAnswer {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value;
  return string(value, path);
}

function coverSource(value: Json, path: string): CoverSource {
  const o = object(value, path);
  return {
    id: string(o["id"], `${path}.id`),
    name: string(o["name"], `${path}.name`),
    why: string(o["why"], `${path}.why`),
  };
}

export function decodeMeasureAnswer(value: Json, path = "a"): MeasureAnswer {
  const o = object(value, path);
  return {
    distance: number(o["distance"], `${path}.distance`),
    h_gap: number(o["h_gap"], `${path}.h_gap`),
    v_gap: number(o["v_gap"], `${path}.v_gap`),
    from: point(o["from"], `${path}.from`),
    to: point(o["to"], `${path}.to`),
  };
}

export function decodeSightAnswer(value: Json, path = "a"): SightAnswer {
  const o = object(value, path);
  const segment = optional(o["segment"], `${path}.segment`, (v, p) => list(v, p, point3), null);
  if (segment !== null && segment.length !== 2) {
    throw new DecodeError(`${path}.segment`, "must be two points");
  }
  return {
    visible: boolean(o["visible"], `${path}.visible`),
    fully_visible: boolean(o["fully_visible"], `${path}.fully_visible`),
    cover: cover(o["cover"], `${path}.cover`),
    cover_from: optional(o["cover_from"], `${path}.cover_from`, coverSource, null),
    in_arc: optional(o["in_arc"], `${path}.in_arc`, boolean, true),
    segment: segment === null ? null : [segment[0] as Point3, segment[1] as Point3],
    blocking: optional(o["blocking"], `${path}.blocking`, (v, p) => list(v, p, string), []),
  };
}

export function decodeUnitCheckAnswer(value: Json, path = "a"): UnitCheckAnswer {
  const o = object(value, path);
  return {
    coherent: boolean(o["coherent"], `${path}.coherent`),
    breaking: list(o["breaking"], `${path}.breaking`, string),
    engaged_with: list(o["engaged_with"], `${path}.engaged_with`, string),
    overlapping: optional(o["overlapping"], `${path}.overlapping`, (v, p) => list(v, p, string), []),
    off_table: optional(o["off_table"], `${path}.off_table`, (v, p) => list(v, p, string), []),
  };
}
