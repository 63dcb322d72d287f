// A table game's session opened on a fake socket: welcomed as Player 1 and shown `table()`.

import { GameSession } from "../src/net/game-session";
import { GameStore } from "../src/state/game-store";
import { FakeSocket, ManualTimers, table } from "./fakes";

export function openedTable(options: { system?: string; timers?: ManualTimers; newIntentId?: () => string } = {}) {
  const store = new GameStore();
  const sockets: FakeSocket[] = [];
  const session = new GameSession({
    store,
    url: () => "ws://host/ws/games/g1?token=t",
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers: options.timers ?? new ManualTimers(),
    ...(options.newIntentId ? { newIntentId: options.newIntentId } : {}),
  });
  session.start();
  const socket = sockets[0];
  if (!socket) throw new Error("no socket");
  socket.open();
  socket.receive({ type: "welcome", game: "g1", system: options.system ?? "wh40k-9e", viewer: { player: "p1", role: "player" }, v: 0 });
  socket.receive({ type: "snapshot", v: 0, state: table() });
  return { store, session, socket };
}
