import { DEFAULT_SETTINGS, userStreamId, type DomainEvent, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { ExecutorFixture } from './executorFixture.js';

/**
 * Settings of the strategies these tests trade: no Max Position Size, and 5 % slippage, because a
 * test that jumps the simulator's mark by a percent or more trades at once, before the mids the
 * executor caches have followed the jump, and the guard prices from those.
 */
export const STRATEGY_TEST_SETTINGS = {
  ...structuredClone(DEFAULT_SETTINGS),
  riskLimits: { ...DEFAULT_SETTINGS.riskLimits, maxPositionSize: 0, maxOpenPositions: 10 },
  trading: { ...DEFAULT_SETTINGS.trading, slippageTolerance: 5 },
};

/** Adds live strategies (id → name) to a user's stream, as the api's strategiesDecider writes them. */
export async function addLiveStrategies(fx: ExecutorFixture, uid: string, strategies: Readonly<Record<string, string>>): Promise<void> {
  const at = new Date().toISOString();
  const created = Object.entries(strategies).map(([strategyId, name]): DomainEvent => ({
    type: 'StrategyCreated',
    v: 1,
    data: { strategyId, name, venue: 'live', settings: STRATEGY_TEST_SETTINGS, at },
  }));
  await fx.store.eventStore.append(
    userStreamId(uid),
    created.map((event) => toNewEvent(event)),
  );
}

/** A signal's end: executed (or its target held), refused or failed. */
export function outcomeOf(events: readonly SignalEvent[]): SignalEvent | undefined {
  return events.find(
    (e) =>
      e.type === 'SignalExecuted' ||
      e.type === 'TargetAlreadyHeld' ||
      e.type === 'RestingOrdersCancelled' ||
      e.type === 'ProtectionReplaced' ||
      e.type === 'SignalRejected' ||
      e.type === 'SignalFailed',
  );
}

/** The account's signed position in `coin` on the simulator (negative short, 0 when none). */
export async function heldOnSim(fx: ExecutorFixture, accountAddress: string, coin: string): Promise<number> {
  const snapshot = await fx.client.getAccountSnapshot({ accountAddress, isTestnet: true });
  return snapshot.positions.find((p) => p.coin === coin)?.szi ?? 0;
}
