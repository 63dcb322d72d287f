// What every game page does with its session: browser timers, start on mount, retry at once
// when the browser comes back online, stop on unmount.

import { useEffect } from "preact/hooks";

export const browserTimers = {
  setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
  clearTimeout: (id: number) => window.clearTimeout(id),
};

export interface RunnableSession {
  start(): void;
  stop(): void;
  retryNow(): void;
}

/** Run a session for as long as the component that owns it is mounted. */
export function useSessionLifecycle(session: RunnableSession): void {
  useEffect(() => {
    session.start();
    const online = () => session.retryNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      session.stop();
    };
  }, [session]);
}
