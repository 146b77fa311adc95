import { SubscriptionClient, WebSocketTransport } from '@nktkas/hyperliquid';
import { WebSocket as NodeWebSocket } from 'ws';
import { midPrices } from './midsCache.js';

/** The WebSocket constructor the feed connects with (Node 20 has no global one). */
export type WebSocketConstructor = new (url: string | URL, protocols?: string | string[]) => WebSocket;

/** Options of {@link MidsFeed}. */
export interface MidsFeedOptions {
  /** The venue's WebSocket URL (wss://api.hyperliquid.xyz/ws). */
  readonly url: string;
  readonly isTestnet: boolean;
  readonly WebSocket?: WebSocketConstructor;
  /** Wait before a new connection after the old one gave up for good (default 5 s). */
  readonly restartDelayMs?: number;
  /** How long the socket may take to open or answer a subscription (default 10 s). */
  readonly timeoutMs?: number;
}

/** What the feed has done, for /metrics. */
export interface MidsFeedStats {
  readonly live: boolean;
  readonly frames: number;
  /** Connections that closed under the feed (each reconnects and resubscribes). */
  readonly drops: number;
}

/** The venue's WebSocket URL beside its REST base URL: http(s)://host/path → ws(s)://host/path/ws. */
export function webSocketUrlFor(apiUrl: string): string {
  const url = new URL(apiUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/$/, '')}/ws`;
  return url.toString();
}

/**
 * Mid prices of every coin from one `allMids` subscription, shared by every user of a network: no
 * alert reads prices over REST while the socket is up. The transport reconnects and resubscribes
 * by itself; from the moment a connection closes until the resubscribed stream sends its first
 * frame the feed is not live and `current()` answers undefined, so callers fall back to a REST
 * read (MidsCache) instead of trading on prices from before the gap.
 */
export class MidsFeed {
  readonly #options: MidsFeedOptions;
  #mids: Record<string, number> | undefined;
  #live = false;
  #frames = 0;
  #drops = 0;
  #transport: WebSocketTransport | undefined;
  #restartTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: MidsFeedOptions) {
    this.#options = options;
  }

  /** Opens the socket and subscribes, once; later calls do nothing. */
  start(): void {
    if (this.#transport !== undefined || this.#restartTimer !== undefined || this.#closed) return;
    this.#connect();
  }

  /** The latest mids while the subscription is live, else undefined. */
  current(): Record<string, number> | undefined {
    return this.#live ? this.#mids : undefined;
  }

  stats(): MidsFeedStats {
    return { live: this.#live, frames: this.#frames, drops: this.#drops };
  }

  #connect(): void {
    this.#restartTimer = undefined;
    const transport = new WebSocketTransport({
      url: this.#options.url,
      isTestnet: this.#options.isTestnet,
      timeout: this.#options.timeoutMs ?? 10_000,
      // Retry for ever (with its capped backoff): a venue outage must not end the feed.
      reconnect: {
        WebSocket: this.#options.WebSocket ?? (NodeWebSocket as unknown as WebSocketConstructor),
        maxRetries: Number.MAX_SAFE_INTEGER,
        connectionTimeout: this.#options.timeoutMs ?? 10_000,
      },
      resubscribe: true,
    });
    this.#transport = transport;
    (transport.socket as EventTarget).addEventListener('close', () => {
      if (this.#live) this.#drops += 1;
      this.#live = false;
    });
    new SubscriptionClient({ transport })
      .allMids((event) => {
        if (transport !== this.#transport) return;
        this.#mids = midPrices(event.mids);
        this.#frames += 1;
        this.#live = true;
      })
      .then((subscription) => {
        if (transport !== this.#transport) return void subscription.unsubscribe().catch(() => undefined);
        // The transport could not restore the subscription after a reconnect: start over.
        subscription.failureSignal.addEventListener('abort', () => this.#restart(transport), { once: true });
      })
      .catch(() => this.#restart(transport));
  }

  #restart(transport: WebSocketTransport): void {
    if (transport !== this.#transport || this.#closed) return;
    this.#live = false;
    this.#transport = undefined;
    void closeForGood(transport);
    this.#restartTimer = setTimeout(() => this.#connect(), this.#options.restartDelayMs ?? 5_000);
    this.#restartTimer.unref();
  }

  /** Closes the socket for good. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#live = false;
    clearTimeout(this.#restartTimer);
    const transport = this.#transport;
    this.#transport = undefined;
    if (transport !== undefined) await closeForGood(transport);
  }
}

/**
 * Closes a transport and ends its reconnection loop. Between two attempts the reconnecting socket
 * reports CLOSED, and the transport's close() then returns without closing it: the loop went on
 * retrying for good, a new one leaked at every restart while the venue was down, and their timers
 * kept the executor's thread, and so `hyperhook start`, from exiting. Closing the socket itself
 * ends the loop (rews 2.1: close() is permanent by default).
 */
async function closeForGood(transport: WebSocketTransport): Promise<void> {
  const closing = transport.close().catch(() => undefined);
  transport.socket.close();
  await closing;
}
