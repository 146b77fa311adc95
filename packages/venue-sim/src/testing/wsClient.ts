/**
 * A bare WebSocket client for the simulator's own tests: records every frame (parsed JSON, or the
 * raw text when it is not JSON) from the first byte on, and lets a test wait for the next frame
 * matching a predicate. Frames are consumed in order, so "nothing else came before X" is provable.
 */
import { WebSocket } from 'ws';

/** A received frame: `{channel, data}` for the venue's JSON frames, a string for raw text. */
export type WsFrame = { channel: string; data?: unknown } | string;

/** An open test connection. */
export interface WsTestClient {
  socket: WebSocket;
  /** Every frame received so far, in order. */
  readonly frames: readonly WsFrame[];
  /** Sends a message (JSON-encoded unless it is already a string). */
  send(message: unknown): void;
  /**
   * The first frame after the previously returned one that matches; waits up to `timeoutMs`.
   * Frames skipped over are consumed.
   */
  next(match?: (frame: WsFrame) => boolean, timeoutMs?: number): Promise<WsFrame>;
  /** The next frame on `channel` (skipping others). */
  nextOn(channel: string, timeoutMs?: number): Promise<{ channel: string; data?: unknown }>;
  /** Frames not yet consumed by {@link next}. */
  unread(): WsFrame[];
  /** Settles when the socket closes, with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Closes politely. */
  close(): void;
}

/** Opens a connection to `url`; rejects if the upgrade is refused (e.g. "Unexpected server response: 429"). */
export function openWs(url: string): Promise<WsTestClient> {
  const socket = new WebSocket(url);
  const frames: WsFrame[] = [];
  let cursor = 0;
  const wakers = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    let frame: WsFrame;
    try {
      frame = JSON.parse(text) as WsFrame;
    } catch {
      frame = text;
    }
    frames.push(frame);
    for (const wake of wakers) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString('utf8') }));
  });

  const next = (match: (frame: WsFrame) => boolean = () => true, timeoutMs = 2_000): Promise<WsFrame> =>
    new Promise((resolve, reject) => {
      const scan = (): boolean => {
        for (let i = cursor; i < frames.length; i += 1) {
          const frame = frames[i] as WsFrame;
          if (match(frame)) {
            cursor = i + 1;
            resolve(frame);
            return true;
          }
        }
        return false;
      };
      if (scan()) return;
      const timer = setTimeout(() => {
        wakers.delete(wake);
        reject(new Error(`no matching frame within ${timeoutMs} ms; unread: ${JSON.stringify(frames.slice(cursor))}`));
      }, timeoutMs);
      const wake = (): void => {
        if (!scan()) return;
        clearTimeout(timer);
        wakers.delete(wake);
      };
      wakers.add(wake);
    });

  const client: WsTestClient = {
    socket,
    frames,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next,
    nextOn: async (channel, timeoutMs) => (await next((f) => typeof f === 'object' && f.channel === channel, timeoutMs)) as { channel: string; data?: unknown },
    unread: () => frames.slice(cursor),
    closed,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}
