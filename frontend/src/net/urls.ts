// Addresses of the server's endpoints, relative to the page's own origin.

export interface PageLocation {
  protocol: string;
  host: string;
  origin: string;
}

/** `/ws/games/<id>?token=T&since=V` on ws:// or wss:// to match the page. */
export function gameSocketUrl(
  loc: PageLocation,
  gameId: string,
  token: string,
  since: number | null,
): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams({ token });
  if (since !== null) query.set("since", String(since));
  return `${scheme}//${loc.host}/ws/games/${encodeURIComponent(gameId)}?${query}`;
}

/** A server-given link (`/play/...`) made absolute for sharing. */
export function absoluteUrl(loc: PageLocation, url: string): string {
  return new URL(url, loc.origin).toString();
}

export interface PlayRoute {
  gameId: string;
  token: string;
}

/** `/play/<game_id>?token=<T>`, or null for any other page. */
export function parsePlayRoute(pathname: string, search: string): PlayRoute | null {
  const match = /^\/play\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  const token = new URLSearchParams(search).get("token") ?? "";
  return { gameId: decodeURIComponent(match[1]), token };
}
