import WebSocket from 'ws';

/** A log row as /api/live carries it (the fields the system tests read). */
export interface LiveLog {
  readonly webhookLogId: string;
  readonly status: string;
  readonly error?: string;
}

/**
 * Connects to /api/live and collects the webhook log rows it delivers (in the `resync` snapshot
 * and in `change` messages) until `match` accepts one, or `timeoutMs` passes.
 */
export function waitForLiveLog(apiUrl: string, token: string, match: (log: LiveLog) => boolean, timeoutMs = 5_000): Promise<LiveLog> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/api/live?token=${encodeURIComponent(token)}`);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('no matching log row over /api/live'));
    }, timeoutMs);
    const offer = (log: LiveLog) => {
      if (!match(log)) return;
      clearTimeout(timer);
      socket.close();
      resolve(log);
    };
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; data?: { webhookLogs?: LiveLog[] }; collection?: string; doc?: LiveLog };
      if (message.type === 'resync') for (const log of message.data?.webhookLogs ?? []) offer(log);
      if (message.type === 'change' && message.collection === 'webhookLogs' && message.doc !== undefined) offer(message.doc);
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
