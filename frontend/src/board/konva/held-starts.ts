// Where held models started, kept in step with the table while a key move or a turn goes on:
// a model moved from another page (or a move sent before, answered now) starts from where it
// stands, so the move sent never puts it back. Pure.

import type { ModelId } from "../../protocol/messages";

/** `starts` of `ids` updated from `now` (compared by `same`); "gone" when a model left the
 * table, else whether any start changed. */
export function followStarts<T>(
  ids: readonly ModelId[],
  starts: Map<ModelId, T>,
  now: ReadonlyMap<ModelId, T>,
  same: (a: T, b: T) => boolean,
): "gone" | boolean {
  let changed = false;
  for (const id of ids) {
    const at = now.get(id);
    if (at === undefined) return "gone";
    const was = starts.get(id);
    if (was !== undefined && same(was, at)) continue;
    starts.set(id, at);
    changed = true;
  }
  return changed;
}
