import { NonceManager } from '@hyperhook/hyperliquid';
import { openSqliteStore, type StorePorts } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutorLogEntry } from './executorLog.js';
import { nonceFloorOf } from './nonceFloor.js';
import { ReservingNonceManager } from './reservingNonceManager.js';
import { NONCE_SCAN_EVENTS, seedNonceFloor } from './seedNonceFloor.js';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SIGNER = '0xAbC0000000000000000000000000000000000001';
const NOW = 1_700_000_000_000;

const submitted = (nonce: number) => ({
  type: 'OrderSubmitted',
  data: { userId: 'u1', cloid: `0x${'1'.repeat(32)}`, nonce, signedAt: '2023-11-14T22:13:20.000Z', sentAt: '2023-11-14T22:13:20.000Z' },
});

describe('nonceFloorOf', () => {
  it('given nonces recorded, then the highest; none, then no floor; one more than a day ahead, then no floor and why', () => {
    expect(nonceFloorOf([NOW - 5, NOW + HOUR, NOW], NOW)).toEqual({ floor: NOW + HOUR });
    expect(nonceFloorOf([], NOW)).toBeUndefined();
    expect(nonceFloorOf([NOW + DAY], NOW)).toEqual({ tooFarAhead: NOW + DAY });
  });
});

describe('seedNonceFloor: nonces after a restart with the clock set back (issue 32, point 3)', () => {
  let store: StorePorts;
  beforeEach(async () => {
    store = await openSqliteStore({ file: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  it('issue 32, point 3: given orders recorded and a clock now an hour behind them, when the floor is seeded, then the next nonce of every signer is above the highest recorded', async () => {
    // given
    await store.eventStore.append('signal-a', [submitted(NOW - 10)]);
    await store.eventStore.append('signal-b', [submitted(NOW)]);
    await store.eventStore.append('account-u1', [submitted(NOW + DAY / 2)]); // not a signal stream: not an order of the log
    const nonces = new NonceManager(() => NOW - HOUR);
    // when
    await seedNonceFloor(store.eventStore, nonces, NOW - HOUR, () => undefined);
    // then
    expect(nonces.next(SIGNER)).toBe(NOW + 1);
  });

  it('given more events after the last order than the scan reads, then that order is not seen (the read is bounded)', async () => {
    await store.eventStore.append('signal-a', [submitted(NOW)]);
    await store.eventStore.append(
      'other-1',
      Array.from({ length: NONCE_SCAN_EVENTS }, () => ({ type: 'Something', data: {} })),
    );
    const nonces = new NonceManager(() => NOW - HOUR);
    await seedNonceFloor(store.eventStore, nonces, NOW - HOUR, () => undefined);
    expect(nonces.next(SIGNER)).toBe(NOW - HOUR);
  });

  it('given the highest nonce more than a day ahead of the clock, then nonces follow the clock and a warning says why', async () => {
    await store.eventStore.append('signal-a', [submitted(NOW + 2 * DAY)]);
    const logs: ExecutorLogEntry[] = [];
    const nonces = new NonceManager(() => NOW);
    await seedNonceFloor(store.eventStore, nonces, NOW, (entry) => logs.push(entry));
    expect(nonces.next(SIGNER)).toBe(NOW);
    expect(logs.map((entry) => entry.level)).toEqual(['warn']);
  });
});

describe('executor start after a restart with the clock set back (issue 32, point 3)', () => {
  let fx: ExecutorFixture | undefined;
  afterEach(async () => {
    await fx?.close();
  });

  it('issue 32, point 3: given an order submitted, when an executor starts with a fresh nonce manager and a clock an hour behind, then its nonces are above the recorded one', async () => {
    // given
    fx = await createExecutorFixture();
    const user = await fx.addUser('u-nonce-floor');
    const first = await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 });
    const events = await fx.terminal(signalId);
    await first.stop();
    const recorded = events.find((event) => event.type === 'OrderSubmitted');
    const nonce = recorded?.type === 'OrderSubmitted' ? recorded.data.nonce : Number.NaN;
    // when
    const behind = () => Date.now() - HOUR;
    const fresh = new ReservingNonceManager(behind);
    await fx.start({ nonces: fresh, clock: behind });
    // then
    expect(fresh.next(SIGNER)).toBeGreaterThan(nonce);
  });
});
