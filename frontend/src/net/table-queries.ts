// The table tools' questions, sent through a QueryClient and checked on the way back.

import {
  type MeasureEnd,
  type TableQueries,
  type TableQuery,
  decodeMeasureAnswer,
  decodeSightAnswer,
  decodeUnitCheckAnswer,
} from "../protocol/table-queries";
import type { QueryClient } from "./query-client";

const end = (e: MeasureEnd): MeasureEnd => (typeof e === "string" ? e : { x: e.x, y: e.y });

export function tableQueries(client: QueryClient): TableQueries {
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
          positions: Object.fromEntries([...positions].map(([id, p]) => [id, { x: p.x, y: p.y }])),
        }),
      ),
  };
}
