import { FIRST_STRATEGY_ID, signalStreamId, type SignalExecuted } from '@hyperhook/domain';
import { decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';
import type { ExpectedFill } from './strategyLedgers.js';

/**
 * What an execution filled for its strategy, read from its signal's stream (its strategy and
 * origin from SignalReceived, coin and side from OrderPlanned): for executions this process did
 * not send itself, such as those before a restart. Null when the stream lacks either event.
 */
export async function signalFillOf(eventStore: Pick<EventStore, 'readStream'>, signalId: string, executed: SignalExecuted['data']): Promise<ExpectedFill | null> {
  const events = decodeStreamEvents(await eventStore.readStream(signalStreamId(signalId)));
  const received = events.find((event) => event.type === 'SignalReceived');
  const planned = events.findLast((event) => event.type === 'OrderPlanned');
  if (received?.type !== 'SignalReceived' || planned?.type !== 'OrderPlanned' || executed.totalSz === undefined) return null;
  const { plan } = planned.data;
  return {
    signalId,
    strategyId: received.data.strategyId ?? FIRST_STRATEGY_ID,
    coin: plan.coin,
    filled: plan.isBuy ? executed.totalSz : `-${executed.totalSz}`,
    px: executed.avgPx ?? plan.price,
    at: executed.filledAt ?? executed.acknowledgedAt,
    ...(received.data.origin === 'closeAll' ? { closeAll: true } : {}),
  };
}
