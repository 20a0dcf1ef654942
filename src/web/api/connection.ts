/**
 * Whether the server is answering, as the fetch client sees it: `slow` while a request has waited
 * longer than SLOW_AFTER_MS, `lost` from a request that got no answer at all (network down, server
 * stopped, or REQUEST_TIMEOUT_MS without a reply) until the next one that gets any answer. The notice
 * (components/ui/ConnectionNotice) reads it with useSyncExternalStore.
 */
export interface ConnectionState {
  slow: boolean;
  lost: boolean;
}

/** When the notice says the server is slow: past what a person waits without wondering. */
export const SLOW_AFTER_MS = 8_000;
/** When a request without an answer is given up, and the connection shown as lost. */
export const REQUEST_TIMEOUT_MS = 15_000;

let state: ConnectionState = { slow: false, lost: false };
let slowRequests = 0;
const listeners = new Set<() => void>();
/** What could not be downloaded for want of the server (a page's code), each loading itself again. */
const reloaders = new Set<() => Promise<void>>();

function update(next: Partial<ConnectionState>) {
  const merged = { ...state, ...next };
  if (merged.slow === state.slow && merged.lost === state.lost) return;
  state = merged;
  for (const listener of listeners) listener();
}

export const connection = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: (): ConnectionState => state,

  /** Call when a request starts; call what it returns when it ends, however it ends. */
  track(): () => void {
    let slow = false;
    const timer = setTimeout(() => {
      slow = true;
      slowRequests++;
      update({ slow: true });
    }, SLOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (!slow) return;
      slowRequests--;
      update({ slow: slowRequests > 0 });
    };
  },
  /** A request got no answer. */
  lost: () => update({ lost: true }),
  /** A request got an answer (any status): the server is there. */
  reached: () => update({ lost: false }),

  /**
   * Something that failed to download and shows an error until it loads: the notice's "Reintentar"
   * calls `reload` once the server answers. Call what it returns when that error leaves the screen.
   */
  reloadOnRetry(reload: () => Promise<void>): () => void {
    reloaders.add(reload);
    return () => {
      reloaders.delete(reload);
    };
  },
  /** Reintentar: everything registered loads again, at once. */
  reloadFailed: async () => {
    await Promise.all([...reloaders].map((reload) => reload()));
  },
};
