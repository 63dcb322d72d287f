// Which models a press, a click or a drag concerns. Pure: the board asks, the rules answer.

import type { ModelId, UnitId } from "../protocol/messages";

export interface UnitLookup {
  unitOf(model: ModelId): UnitId | undefined;
  modelsOf(unit: UnitId): readonly ModelId[];
}

export interface PressFlags {
  /** Shift held: select the whole unit. */
  shift: boolean;
  /** Second press on the same model in quick succession. */
  double: boolean;
  /** The "select unit" mode is on. */
  unitMode: boolean;
}

const wholeUnit = (model: ModelId, units: UnitLookup): Set<ModelId> => {
  const unit = units.unitOf(model);
  return new Set(unit === undefined ? [model] : units.modelsOf(unit));
};

const wantsUnit = (f: PressFlags): boolean => f.shift || f.double || f.unitMode;

/**
 * The selection after pressing a model. A press inside the selection keeps it, so that dragging
 * a selected unit moves all of it; shift, a double press or unit mode take the model's unit.
 */
export function selectOnPress(
  current: ReadonlySet<ModelId>,
  model: ModelId,
  flags: PressFlags,
  units: UnitLookup,
): ReadonlySet<ModelId> {
  if (wantsUnit(flags)) return wholeUnit(model, units);
  if (current.has(model)) return current;
  return new Set([model]);
}

/** The selection after a plain click (press and release without dragging) on a model. */
export function selectOnClick(
  current: ReadonlySet<ModelId>,
  model: ModelId,
  flags: PressFlags,
): ReadonlySet<ModelId> {
  if (wantsUnit(flags) || current.size <= 1) return current;
  return new Set([model]);
}

/** The models a drag that grabbed `grabbed` moves: the selection it is part of, if movable. */
export function modelsToDrag(
  selection: ReadonlySet<ModelId>,
  grabbed: ModelId,
  canMove: (model: ModelId) => boolean,
): ModelId[] {
  if (!canMove(grabbed)) return [];
  const group = selection.has(grabbed) ? [...selection] : [grabbed];
  return group.filter(canMove);
}

export const sameSelection = (a: ReadonlySet<ModelId>, b: ReadonlySet<ModelId>): boolean =>
  a.size === b.size && [...a].every((id) => b.has(id));
