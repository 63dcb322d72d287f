// One question a tool put to the server and its answer (or the error), newest question wins: an
// answer to a question asked before the last `ask` or `reset` is dropped.

import type { TableQueries } from "../../protocol/table-queries";
import { NO_SERVER, type ToolContext, failure } from "./tool-context";

export class ServerAnswer<A> {
  answer: A | null = null;
  error: string | null = null;
  private asked = 0;

  constructor(private readonly ctx: ToolContext) {}

  /** Forget the answer and drop the one still on its way. */
  reset(): void {
    this.asked += 1;
    this.answer = null;
    this.error = null;
  }

  /** Ask again; the tool is told (`changed`) now and when the answer or the error arrives. */
  ask(run: (queries: TableQueries) => Promise<A>): void {
    this.reset();
    const asked = this.asked;
    this.ctx.changed(true);
    const queries = this.ctx.queries;
    if (queries === null) {
      this.error = NO_SERVER;
      this.ctx.changed(true);
      return;
    }
    run(queries).then(
      (answer) => {
        if (asked !== this.asked) return;
        this.answer = answer;
        this.ctx.changed(true);
      },
      (error: unknown) => {
        if (asked !== this.asked) return;
        this.error = failure(error);
        this.ctx.changed(true);
      },
    );
  }
}
