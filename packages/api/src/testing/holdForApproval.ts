import { randomUUID } from 'node:crypto';
import { parseAlert, signalStreamId, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { TestApp } from './testApp.js';

/** What a held entry planned, and how long it waits from the gateway's clock (default 5 min). */
export interface HoldOptions {
  readonly coin?: string;
  readonly side?: 'buy' | 'sell';
  readonly size?: string;
  readonly price?: string;
  readonly waitMs?: number;
}

/**
 * Records an entry held for approval for `uid` the way intake and the executor do (received,
 * validating, held, each carrying its owner), at the gateway's clock, and waits for the read
 * models. Returns its log id and the hold's expiry.
 */
export async function holdForApproval(app: TestApp, uid: string, options: HoldOptions = {}): Promise<{ logId: string; expiresAt: string }> {
  const logId = randomUUID();
  const now = app.deps.clock();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + (options.waitMs ?? 300_000)).toISOString();
  const coin = options.coin ?? 'BTC';
  const side = options.side ?? 'buy';
  const rawBody = JSON.stringify({ symbol: coin, action: side });
  const parsed = parseAlert(rawBody, 'application/json');
  if (!parsed.ok) throw new Error('test alert must parse');
  const events: SignalEvent[] = [
    {
      type: 'SignalReceived',
      v: 1,
      data: { signalId: logId, userId: uid, receivedAt: at, rawBody, contentType: 'application/json', alert: parsed.alert, rejection: null },
    },
    { type: 'SignalValidationStarted', v: 1, data: { at } },
    { type: 'SignalHeldForApproval', v: 1, data: { at, expiresAt, coin, side, size: options.size ?? '0.01', price: options.price ?? '60010' } },
  ];
  const { lastPosition } = await app.store.eventStore.append(
    signalStreamId(logId),
    events.map((event) => toNewEvent(event, { userId: uid })),
    { expectedVersion: 'no_stream' },
  );
  await app.deps.projection.waitFor(lastPosition);
  return { logId, expiresAt };
}
