import { streamPrefix } from '@hyperhook/domain';
import type { NonceManager } from '@hyperhook/hyperliquid';
import type { EventStore } from '@hyperhook/store';
import type { ExecutorLog } from './executorLog.js';
import { nonceFloorOf } from './nonceFloor.js';

/**
 * How much of the log's end is read for nonces: orders are a small part of it, and only the last
 * ones matter (each process's nonces grow with the log). One bounded, filtered range read.
 */
export const NONCE_SCAN_EVENTS = 20_000;

/**
 * Raises `nonces`' floor to the highest nonce the last NONCE_SCAN_EVENTS events of the log
 * record in OrderSubmitted (see nonceFloorOf). Best effort: an order further back, or an action
 * the log does not record (a leverage change, a cancel), is not seen.
 */
export async function seedNonceFloor(
  eventStore: Pick<EventStore, 'readAll' | 'headPosition'>,
  nonces: Pick<NonceManager, 'raiseFloor'>,
  now: number,
  log: ExecutorLog,
): Promise<void> {
  const head = await eventStore.headPosition();
  const events = await eventStore.readAll({
    fromPosition: Math.max(0, head - NONCE_SCAN_EVENTS),
    maxCount: NONCE_SCAN_EVENTS,
    filter: { streamPrefix: streamPrefix('signal'), types: ['OrderSubmitted'] },
  });
  const recorded = events.map((event) => (event.data as { nonce?: unknown } | null)?.nonce).filter((nonce): nonce is number => typeof nonce === 'number');
  const seeded = nonceFloorOf(recorded, now);
  if (seeded === undefined) return;
  if ('tooFarAhead' in seeded) {
    log({ level: 'warn', msg: `the highest nonce recorded (${seeded.tooFarAhead}) is more than a day ahead of this clock: nonces follow the clock` });
    return;
  }
  nonces.raiseFloor(seeded.floor);
}
