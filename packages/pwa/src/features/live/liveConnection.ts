import { LiveMessageSchema, type ReceivedLiveMessage } from '@hyperhook/domain';
import type { LiveStatus } from './liveStore';
import { reconnectDelay } from './reconnectDelay';

/** What a live connection needs from its owner. */
export interface LiveConnectionOptions {
  /** The access token to authenticate with, renewed when needed (null: signed out, do not connect). */
  readonly token: () => Promise<string | null>;
  readonly onMessage: (message: ReceivedLiveMessage) => void;
  readonly onStatus: (status: LiveStatus) => void;
  /** WebSocket URL; default `/api/live` on the page's own origin. */
  readonly url?: string;
}

/** A ping every 25 s; a socket that answers nothing within 10 s is presumed dead (phones drop sockets silently). */
const PING_EVERY_MS = 25_000;
const PONG_WITHIN_MS = 10_000;

function defaultUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/api/live`;
}

/**
 * Owns the `/api/live` socket: connects with the access token as the
 * `bearer, <token>` subprotocol (kept out of URLs and logs), reconnects with capped exponential
 * backoff and jitter, reconnects at once when the browser comes back online, and detects dead
 * sockets with text pings. Every connect starts with a `resync`, so nothing is missed in between.
 */
export class LiveConnection {
  #socket: WebSocket | null = null;
  #attempt = 0;
  #retryTimer: number | undefined;
  #pingTimer: number | undefined;
  #pongTimer: number | undefined;
  #stopped = false;
  /** Counts connection attempts: one that a later attempt overtook while it awaited its token gives up. */
  #attempts = 0;

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    window.addEventListener('online', this.#onOnline);
    window.addEventListener('offline', this.#onOffline);
    void this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    window.removeEventListener('online', this.#onOnline);
    window.removeEventListener('offline', this.#onOffline);
    this.#clearTimers();
    this.#socket?.close(1000, 'bye');
    this.#socket = null;
  }

  readonly #onOnline = () => {
    this.#attempt = 0;
    this.#reconnect(0);
  };

  readonly #onOffline = () => {
    this.#socket?.close(4000, 'offline');
  };

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const attempt = (this.#attempts += 1);
    this.options.onStatus('connecting');
    const token = await this.options.token();
    // Reading the token may take a renewal's round trip: a retry or the browser coming back online
    // can start another attempt meanwhile, and only the latest may open a socket.
    if (this.#stopped || token === null || attempt !== this.#attempts) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.options.url ?? defaultUrl(), ['bearer', token]);
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      // Only the current socket writes into the cache (another user's, after a sign-out, must not).
      if (this.#socket === socket) this.#receive(event);
      else socket.close(1000, 'superseded');
    });
    socket.addEventListener('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#clearTimers();
      if (!this.#stopped) this.#scheduleRetry();
    });
  }

  #receive(event: MessageEvent): void {
    this.#alive();
    if (event.data === 'pong') return;
    let json: unknown;
    try {
      json = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const message = LiveMessageSchema.safeParse(json);
    if (!message.success) return;
    if (message.data.type === 'resync') {
      this.#attempt = 0;
      this.options.onStatus('live');
    }
    this.options.onMessage(message.data);
  }

  /** Any frame proves the socket alive: plan the next ping. */
  #alive(): void {
    window.clearTimeout(this.#pongTimer);
    window.clearTimeout(this.#pingTimer);
    this.#pingTimer = window.setTimeout(() => {
      if (this.#socket?.readyState !== WebSocket.OPEN) return;
      this.#socket.send('ping');
      this.#pongTimer = window.setTimeout(() => this.#socket?.close(4001, 'no pong'), PONG_WITHIN_MS);
    }, PING_EVERY_MS);
  }

  #scheduleRetry(): void {
    this.options.onStatus('connecting');
    this.#reconnect(reconnectDelay(this.#attempt));
    this.#attempt += 1;
  }

  #reconnect(delayMs: number): void {
    window.clearTimeout(this.#retryTimer);
    this.#retryTimer = window.setTimeout(() => {
      if (this.#socket !== null) this.#socket.close(4002, 'reconnect');
      else void this.#connect();
    }, delayMs);
  }

  #clearTimers(): void {
    window.clearTimeout(this.#retryTimer);
    window.clearTimeout(this.#pingTimer);
    window.clearTimeout(this.#pongTimer);
  }
}
