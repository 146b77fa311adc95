/**
 * One WebSocket client: the greeting, its subscriptions (acked, snapshotted, refused when invalid
 * or duplicate), `ping` → `pong`, `post` answered like the HTTP endpoints, and the venue's idle
 * close when the client stays silent too long. Pushing feed updates is the hub's job (wsApi.ts).
 */
import type { RawData, WebSocket } from 'ws';
import { tryParseJson } from './http.js';
import { countRequest, serveApiRequest, type ApiDeps, type ApiOutcome } from './serveApiRequest.js';
import { allMidsData, userFillsSnapshot } from './wsFeeds.js';
import { ClientMessageSchema, CONNECTION_GREETING, SubscriptionSchema, subscriptionKey, WsError, type Subscription } from './wsMessages.js';

/** Payload of a `post` answer refused by the IP budget (the simulator's wording; the venue's is unknown). */
export const WS_RATE_LIMITED = 'Too many requests';

/** What a connection needs from the simulator. */
export interface WsConnectionDeps {
  api: ApiDeps;
  /** Address the connection's `post` requests are charged to. */
  ip: string;
  /** Silence after which the server closes the connection. */
  idleTimeoutMs: number;
  /** Called for every frame sent (stats). */
  onFrameSent(): void;
  /** Called once when the socket is gone, however it went. */
  onClosed(connection: WsConnection): void;
}

/** The `response` of a `post` answer: the HTTP handler's reply in the venue's WebSocket envelope. */
function postResponse(requestType: 'info' | 'action', payload: unknown, outcome: ApiOutcome): Record<string, unknown> {
  if (outcome.kind === 'rateLimited') return { type: 'error', payload: WS_RATE_LIMITED };
  const { reply } = outcome;
  if (reply.kind === 'text' || reply.status !== 200) {
    return { type: 'error', payload: reply.kind === 'text' ? reply.body : JSON.stringify(reply.body) };
  }
  if (requestType === 'action') return { type: 'action', payload: reply.body };
  const infoType = (payload as { type: string }).type;
  return { type: 'info', payload: { type: infoType, data: reply.body } };
}

/** A live WebSocket client. */
export class WsConnection {
  private readonly subs = new Map<string, Subscription>();
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: WsConnectionDeps,
  ) {
    socket.on('message', (data: RawData, isBinary: boolean) => this.receive(isBinary ? null : rawText(data)));
    socket.on('close', () => this.closed());
    // A peer vanishing mid-frame is routine for a simulator that drops connections on purpose; 'close' follows.
    socket.on('error', () => undefined);
    this.send(CONNECTION_GREETING);
    this.armIdleTimer();
  }

  /** Address the connection's requests are charged to. */
  get ip(): string {
    return this.deps.ip;
  }

  /** The connection's subscriptions. */
  subscriptions(): IterableIterator<Subscription> {
    return this.subs.values();
  }

  /** True when subscribed to exactly this subscription key. */
  hasSubscription(key: string): boolean {
    return this.subs.has(key);
  }

  /** Sends a raw text frame, if the socket is still open. */
  send(frame: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(frame);
    this.deps.onFrameSent();
  }

  /** Sends `{channel, data}`. */
  sendData(channel: string, data: unknown): void {
    this.send(JSON.stringify({ channel, data }));
  }

  /** Drops the connection without a close handshake, as a network failure would. */
  terminate(): void {
    this.stopIdleTimer();
    this.socket.terminate();
  }

  private receive(text: string | null): void {
    this.armIdleTimer();
    const parsed = ClientMessageSchema.safeParse(text === null ? undefined : tryParseJson(text));
    if (!parsed.success) return this.sendData('error', WsError.unparseable(text ?? '<binary frame>'));
    const message = parsed.data;
    switch (message.method) {
      case 'ping':
        return this.send(JSON.stringify({ channel: 'pong' }));
      case 'subscribe':
        return this.subscribe(message.subscription);
      case 'unsubscribe':
        return this.unsubscribe(message.subscription);
      case 'post':
        return this.post(message.id, message.request.type, message.request.payload);
    }
  }

  private subscribe(raw: Record<string, unknown>): void {
    const sub = SubscriptionSchema.safeParse(raw);
    if (!sub.success) return this.sendData('error', WsError.invalidSubscription(raw));
    const key = subscriptionKey(sub.data);
    if (this.subs.has(key)) return this.sendData('error', WsError.alreadySubscribed(raw));
    this.subs.set(key, sub.data);
    this.sendData('subscriptionResponse', { method: 'subscribe', subscription: raw });
    const { state } = this.deps.api;
    if (sub.data.type === 'allMids') this.sendData('allMids', allMidsData(state));
    else if (sub.data.type === 'userFills') this.sendData('userFills', userFillsSnapshot(state, sub.data.user));
  }

  private unsubscribe(raw: Record<string, unknown>): void {
    const sub = SubscriptionSchema.safeParse(raw);
    if (!sub.success) return this.sendData('error', WsError.invalidSubscription(raw));
    if (!this.subs.delete(subscriptionKey(sub.data))) return this.sendData('error', WsError.alreadyUnsubscribed(raw));
    this.sendData('subscriptionResponse', { method: 'unsubscribe', subscription: raw });
  }

  private post(id: number, requestType: 'info' | 'action', payload: unknown): void {
    const endpoint = requestType === 'info' ? 'info' : 'exchange';
    countRequest(this.deps.api, endpoint, payload);
    // Charged the REST weight against the same IP budget as HTTP. The venue prices WebSocket posts
    // differently (messages per minute, in-flight posts); charging them alike keeps a client that
    // moves its reads onto the socket from looking free here.
    const outcome = serveApiRequest(this.deps.api, endpoint, payload, this.deps.ip);
    this.sendData('post', { id, response: postResponse(requestType, payload, outcome) });
  }

  private armIdleTimer(): void {
    this.stopIdleTimer();
    this.idleTimer = setTimeout(() => this.socket.close(1000, 'idle timeout'), this.deps.idleTimeoutMs);
    this.idleTimer.unref();
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private closed(): void {
    this.stopIdleTimer();
    this.deps.onClosed(this);
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
