/**
 * The WebSocket API at `/ws` on the simulator's HTTP port (the composition root routes the HTTP
 * server's upgrades here): accepts upgrades within the venue's per-IP connection limit, keeps the
 * open connections, and pushes feed updates to them:
 *  - allMids once per mark move (one frame per connection for a whole price-walk tick), and only
 *    when some mid actually changed;
 *  - userFills / orderUpdates gathered from the state's observers and sent once the synchronous
 *    work that caused them is over, so an order batch yields one frame, not one per order.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { MAX_BODY_BYTES, remoteIp } from './http.js';
import type { ApiDeps } from './serveApiRequest.js';
import type { SimAccount, SimFill, SimObserver, SimOrder } from '@hyperhook/venue-engine';
import type { SimStats } from './types.js';
import { WsConnection } from './wsConnection.js';
import { allMidsData, orderUpdatesData, userFillsUpdate } from './wsFeeds.js';
import { subscriptionKey } from './wsMessages.js';

/** Path of the WebSocket endpoint, as on the venue (`wss://api.hyperliquid.xyz/ws`). */
export const WS_PATH = '/ws';
/** The venue's limit of simultaneous connections per IP. */
export const MAX_WS_CONNECTIONS_PER_IP = 10;
/** The venue closes connections that sent nothing for this long. */
export const DEFAULT_WS_IDLE_TIMEOUT_MS = 60_000;

const ALL_MIDS_KEY = subscriptionKey({ type: 'allMids' });

/** What the WebSocket API needs. */
export interface WsApiDeps extends ApiDeps {
  idleTimeoutMs: number;
}

/** The running WebSocket API. */
export interface WsApi {
  /** Handles an HTTP upgrade request (the server's 'upgrade' event). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Marks moved: pushes allMids to its subscribers (call once per batch of moves). */
  marksMoved(): void;
  /** Terminates every open connection; returns how many there were. */
  drop(): number;
  /** Connection and frame counters. */
  stats(): SimStats['webSocket'];
  /** Terminates every connection and stops accepting new ones. */
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Creates the WebSocket API (it accepts connections once the server's upgrades are routed to it). */
export function createWsApi(deps: WsApiDeps): WsApi {
  const { state } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES, clientTracking: false });
  const connections = new Set<WsConnection>();
  const counters = { opened: 0, framesSent: 0 };
  const midsFrame = (): string => JSON.stringify({ channel: 'allMids', data: allMidsData(state) });
  let lastMidsFrame = midsFrame();

  const pendingFills = new Map<string, SimFill[]>();
  const pendingOrders = new Map<number, SimOrder>();
  let flushScheduled = false;

  const listensTo = (type: 'userFills' | 'orderUpdates', user: string): boolean => {
    for (const connection of connections) {
      for (const sub of connection.subscriptions()) if (sub.type === type && sub.user === user) return true;
    }
    return false;
  };

  const flushUserFeeds = (): void => {
    flushScheduled = false;
    const fills = new Map(pendingFills);
    const orders = [...pendingOrders.values()].sort((a, b) => a.oid - b.oid);
    pendingFills.clear();
    pendingOrders.clear();
    for (const connection of connections) {
      for (const sub of connection.subscriptions()) {
        if (sub.type === 'userFills') {
          const mine = fills.get(sub.user);
          if (mine) connection.sendData('userFills', userFillsUpdate(sub.user, mine));
        } else if (sub.type === 'orderUpdates') {
          const mine = orders.filter((o) => o.user === sub.user);
          if (mine.length > 0) connection.sendData('orderUpdates', orderUpdatesData(state, mine));
        }
      }
    }
  };
  const scheduleFlush = (): void => {
    if (flushScheduled) return;
    flushScheduled = true;
    queueMicrotask(flushUserFeeds);
  };

  const observer: SimObserver = {
    orderChanged: (order: SimOrder) => {
      if (!listensTo('orderUpdates', order.user)) return;
      pendingOrders.set(order.oid, order);
      scheduleFlush();
    },
    fillRecorded: (acct: SimAccount, fill: SimFill) => {
      if (!listensTo('userFills', acct.address)) return;
      const fills = pendingFills.get(acct.address) ?? [];
      fills.push(fill);
      pendingFills.set(acct.address, fills);
      scheduleFlush();
    },
  };
  state.observers.add(observer);

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (new URL(req.url ?? '/', 'http://sim').pathname !== WS_PATH) return refuseUpgrade(socket, '404 Not Found');
    const ip = remoteIp(req);
    const fromIp = [...connections].filter((c) => c.ip === ip).length;
    if (fromIp >= MAX_WS_CONNECTIONS_PER_IP) return refuseUpgrade(socket, '429 Too Many Requests');
    // Synchronous in ws 8 (no verifyClient), so the count above cannot be raced by another upgrade.
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new WsConnection(ws, {
        api: deps,
        ip,
        idleTimeoutMs: deps.idleTimeoutMs,
        onFrameSent: () => {
          counters.framesSent += 1;
        },
        onClosed: (closed) => connections.delete(closed),
      });
      connections.add(connection);
      counters.opened += 1;
    });
  };

  const drop = (): number => {
    const all = [...connections];
    for (const connection of all) {
      connections.delete(connection);
      connection.terminate();
    }
    return all.length;
  };

  return {
    upgrade,
    marksMoved: () => {
      const frame = midsFrame();
      if (frame === lastMidsFrame) return;
      lastMidsFrame = frame;
      for (const connection of connections) if (connection.hasSubscription(ALL_MIDS_KEY)) connection.send(frame);
    },
    drop,
    stats: () => ({ open: connections.size, opened: counters.opened, framesSent: counters.framesSent }),
    close: async () => {
      state.observers.delete(observer);
      drop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
