import WebSocket from 'ws';

/** A log row as /api/live carries it (the fields the system tests read). */
export interface LiveLog {
  readonly webhookLogId: string;
  readonly status: string;
  readonly error?: string;
}

/** An open /api/live connection that records what arrives and how. */
export interface LiveFeed {
  /** Resolves with the log rows of the connect-time `resync` snapshot. */
  readonly resync: Promise<LiveLog[]>;
  /** Resolves with the first log row that arrives in a `change` message (after the snapshot) and satisfies `match`. */
  waitForChange(match: (log: LiveLog) => boolean, timeoutMs?: number): Promise<LiveLog>;
  close(): void;
}

/**
 * Connects to /api/live and keeps listening, so a test can tell a live push (`change`) from the
 * snapshot sent on connect (`resync`).
 */
export function openLiveFeed(apiUrl: string, token: string): LiveFeed {
  const socket = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/api/live?token=${encodeURIComponent(token)}`);
  const changes: LiveLog[] = [];
  const listeners = new Set<() => void>();
  let failure: Error | undefined;
  let onResync: (logs: LiveLog[]) => void = () => undefined;
  let onResyncError: (error: Error) => void = () => undefined;
  const resync = new Promise<LiveLog[]>((resolve, reject) => {
    onResync = resolve;
    onResyncError = reject;
  });
  resync.catch(() => undefined); // also reported through waitForChange
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { type: string; data?: { webhookLogs?: LiveLog[] }; collection?: string; doc?: LiveLog };
    if (message.type === 'resync') onResync(message.data?.webhookLogs ?? []);
    if (message.type === 'change' && message.collection === 'webhookLogs' && message.doc !== undefined) {
      changes.push(message.doc);
      for (const listener of listeners) listener();
    }
  });
  const fail = (error: Error) => {
    failure ??= error;
    onResyncError(error);
    for (const listener of listeners) listener();
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('/api/live closed')));
  return {
    resync,
    waitForChange: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = changes.find(match);
          if (found === undefined && failure === undefined) return;
          clearTimeout(timer);
          listeners.delete(check);
          if (found !== undefined) resolve(found);
          else reject(failure ?? new Error('unreachable'));
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching change over /api/live within ${timeoutMs} ms; changes seen: ${JSON.stringify(changes)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    close: () => socket.close(),
  };
}
