// What every game page does with its session: browser timers, start on mount, say at once
// when the browser goes offline (the badge leaves "Online"), retry at once when it comes back
// online, stop on unmount.

import { useEffect } from "preact/hooks";

export const browserTimers = {
  setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
  clearTimeout: (id: number) => window.clearTimeout(id),
};

export interface RunnableSession {
  start(): void;
  stop(): void;
  retryNow(): void;
  /** The browser went offline: the state shown may be stale. */
  networkLost(): void;
}

/** Run a session for as long as the component that owns it is mounted. */
export function useSessionLifecycle(session: RunnableSession): void {
  useEffect(() => {
    session.start();
    const online = () => session.retryNow();
    const offline = () => session.networkLost();
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      session.stop();
    };
  }, [session]);
}
