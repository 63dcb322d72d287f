// The table tools' questions, sent through a QueryClient and checked on the way back.

import {
  type MeasureEnd,
  type TableQueries,
  type TableQuery,
  decodeMeasureAnswer,
  decodeSightAnswer,
  decodeUnitCheckAnswer,
} from "../protocol/table-queries";

/** Anything that sends a query and settles with its answer: the game socket's `QueryClient`, or
 * a projected session (10th edition) whose `query` does the same. */
export interface Asker {
  ask(q: Record<string, unknown>): Promise<unknown>;
}

const end = (e: MeasureEnd): MeasureEnd => (typeof e === "string" ? e : { x: e.x, y: e.y });

export function tableQueries(client: Asker): TableQueries {
  const ask = (q: TableQuery) => client.ask({ ...q });
  return {
    measure: async (a, b) => decodeMeasureAnswer(await ask({ type: "measure", a: end(a), b: end(b) })),
    sight: async (observer, target) =>
      decodeSightAnswer(await ask({ type: "sight", observer, target })),
    unitCheck: async (unit, positions) =>
      decodeUnitCheckAnswer(
        await ask({
          type: "unit_check",
          unit,
          positions: Object.fromEntries(
            [...positions].map(([id, p]) => [
              id,
              p.facing === undefined ? { x: p.x, y: p.y } : { x: p.x, y: p.y, facing: p.facing },
            ]),
          ),
        }),
      ),
  };
}
