// A 10th-edition projected session opened on a fake socket: welcomed as Player 1, with the
// snapshot `state` shown when one is given.

import { ProjectedSession, type ProjectedSink } from "../src/net/projected-session";
import type { SystemCommand } from "../src/protocol/messages";
import { FakeSocket, ManualTimers } from "./fakes";

export function openedProjected<S, C extends SystemCommand = SystemCommand>(options: {
  sink: ProjectedSink<S>;
  timers?: ManualTimers;
  fetchView?: () => Promise<{ v: number; state: unknown }>;
  snapshot?: unknown;
}) {
  const sockets: FakeSocket[] = [];
  const timers = options.timers ?? new ManualTimers();
  const session = new ProjectedSession<S, C>({
    sink: options.sink,
    url: () => "ws://x/ws/games/g1",
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers,
    decodeState: (v) => v as S,
    fetchView: options.fetchView ?? (() => new Promise(() => undefined)),
  });
  session.start();
  const socket = sockets[0]!;
  socket.open();
  socket.receive({ type: "welcome", game: "g1", system: "wh40k-10e", viewer: { player: "p1", role: "player" }, v: 1 });
  if (options.snapshot !== undefined) socket.receive({ type: "snapshot", v: 1, state: options.snapshot });
  const queries = () => socket.sent.filter((m) => (m as { type: string }).type === "query") as { req_id: number; q: { unit: string } }[];
  return { session, socket, sockets, timers, queries };
}
