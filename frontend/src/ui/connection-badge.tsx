// Always visible: is this page in touch with the server?

import type { ConnectionState } from "../state/game-store";

const TEXT: Record<ConnectionState, string> = {
  connecting: "Connecting…",
  online: "Online",
  reconnecting: "Reconnecting…",
  offline: "Offline",
  closed: "Disconnected",
};

export function ConnectionBadge({ state }: { state: ConnectionState }) {
  return (
    <span class={`badge badge--${state}`} role="status" data-connection={state}>
      <span class="badge__dot" />
      {TEXT[state]}
    </span>
  );
}
