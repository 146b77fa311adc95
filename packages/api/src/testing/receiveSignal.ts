import { randomUUID } from 'node:crypto';
import { parseAlert, signalStreamId, type SignalReceived } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { TestApp } from './testApp.js';

/** Records a received signal for `uid` the way intake does (SignalReceived on signal-<id>). */
export async function receiveSignal(app: TestApp, uid: string, receivedAt: string, symbol = 'BTC'): Promise<string> {
  const signalId = randomUUID();
  const rawBody = JSON.stringify({ symbol, action: 'buy' });
  const parsed = parseAlert(rawBody, 'application/json');
  if (!parsed.ok) throw new Error('test alert must parse');
  const event: SignalReceived = {
    type: 'SignalReceived',
    v: 1,
    data: { signalId, userId: uid, receivedAt, rawBody, contentType: 'application/json', alert: parsed.alert, rejection: null },
  };
  await app.store.eventStore.append(signalStreamId(signalId), [toNewEvent(event)], { expectedVersion: 'no_stream' });
  await app.deps.projection.waitFor(await app.store.eventStore.headPosition());
  return signalId;
}
