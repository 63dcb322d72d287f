// The two pages: the lobby at `/` and a game at `/play/<game_id>?token=...`.

import { parsePlayRoute } from "../net/urls";
import { HomePage } from "./home-page";
import { PlayPage } from "./play-page";

export function App() {
  const route = parsePlayRoute(location.pathname, location.search);
  return route ? <PlayPage route={route} /> : <HomePage />;
}
