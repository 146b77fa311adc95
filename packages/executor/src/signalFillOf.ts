import { FIRST_STRATEGY_ID, signalStreamId, type OrderPlan, type SignalExecuted, type SignalReceived } from '@hyperhook/domain';
import { decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';
import type { ExpectedFill } from './strategyLedgers.js';

/**
 * What an execution of `signalId` filled for its strategy: the strategy and origin its
 * SignalReceived names, the coin and side of its plan, the size and price the venue answered.
 */
export function expectedFillOf(
  signalId: string,
  received: Pick<SignalReceived['data'], 'strategyId' | 'origin'>,
  plan: Pick<OrderPlan, 'coin' | 'isBuy' | 'price'>,
  filled: { readonly totalSz: string; readonly avgPx?: string | undefined; readonly at: string },
): ExpectedFill {
  return {
    signalId,
    strategyId: received.strategyId ?? FIRST_STRATEGY_ID,
    coin: plan.coin,
    filled: plan.isBuy ? filled.totalSz : `-${filled.totalSz}`,
    px: filled.avgPx ?? plan.price,
    at: filled.at,
    ...(received.origin === 'closeAll' ? { closeAll: true } : {}),
  };
}

/**
 * {@link expectedFillOf} read from the signal's stream: for executions this process did not send
 * itself, such as those before a restart. Null when the stream lacks either event.
 */
export async function signalFillOf(
  eventStore: Pick<EventStore, 'readStream'>,
  signalId: string,
  executed: SignalExecuted['data'],
): Promise<ExpectedFill | null> {
  const events = decodeStreamEvents(await eventStore.readStream(signalStreamId(signalId)));
  const received = events.find((event) => event.type === 'SignalReceived');
  const planned = events.findLast((event) => event.type === 'OrderPlanned');
  if (received?.type !== 'SignalReceived' || planned?.type !== 'OrderPlanned' || executed.totalSz === undefined) return null;
  return expectedFillOf(signalId, received.data, planned.data.plan, {
    totalSz: executed.totalSz,
    avgPx: executed.avgPx,
    at: executed.filledAt ?? executed.acknowledgedAt,
  });
}
