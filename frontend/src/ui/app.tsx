// The two pages: the lobby at `/` and a game at `/play/<game_id>?token=...`. A game's system
// (asked of the server first) picks its page: the miniatures table, or Death Angel's cards.

import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { DeathAngelPage } from "../death-angel/death-angel-page";
import { getGame } from "../net/http-api";
import { type PlayRoute, parsePlayRoute } from "../net/urls";
import { Wh40kPage } from "../wh40k/wh40k-page";
import { HomePage } from "./home-page";
import { PlayPage } from "./play-page";

export function App() {
  const route = parsePlayRoute(location.pathname, location.search);
  return route ? <GamePage route={route} /> : <HomePage />;
}

function GamePage({ route }: { route: PlayRoute }) {
  // null: still asking; "" when the server cannot say (the table page then shows why).
  const system = useSignal<string | null>(null);
  useEffect(() => {
    getGame(route.gameId, route.token)
      .then((view) => (system.value = view.system))
      .catch(() => (system.value = ""));
  }, [route.gameId, route.token, system]);
  if (system.value === null) return <div class="board-wait">Loading the game…</div>;
  if (system.value === "wh40k-10e") return <Wh40kPage route={route} />;
  return system.value === "death-angel" ? (
    <DeathAngelPage route={route} />
  ) : (
    <PlayPage route={route} />
  );
}
