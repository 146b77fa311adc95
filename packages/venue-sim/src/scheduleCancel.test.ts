/** scheduleCancel (dead-man switch): volume gate, minimum lead time, firing on the clock. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, startTestSim, type TestSim } from './testing/harness.js';

const OK = { status: 'ok', response: { type: 'default' } };
let t: TestSim;
beforeEach(async () => {
  t = await startTestSim({ accounts: [{ address: master.address, usdc: 10_000_000 }] });
});
afterEach(async () => {
  await t.sim.close();
});

const schedule = (time?: number) =>
  exchange(t.sim.url, master, time === undefined ? { type: 'scheduleCancel' } : { type: 'scheduleCancel', time }, { nonce: t.clock.nonce() });

describe('scheduleCancel', () => {
  it('given less than $1M traded, then the venue volume gate', async () => {
    expect(await schedule(t.clock.now() + 60_000)).toEqual({
      status: 'err',
      response: 'Cannot set scheduled cancel time until enough volume traded. Required: $1000000. Traded: $0.00.',
    });
  });

  it('given enough volume, when set, then resting orders are cancelled once the time passes', async () => {
    for (let i = 0; i < 3; i += 1) {
      await exchange(t.sim.url, master, orderAction([limit(0, i % 2 === 0, i % 2 === 0 ? '100000' : '94000', '5', { tif: 'Ioc' })]), {
        nonce: t.clock.nonce(),
      });
    }
    expect(await schedule(t.clock.now() + 1_000)).toEqual({ status: 'err', response: 'Scheduled cancel time must be at least 5 seconds in the future.' });
    expect(await schedule(t.clock.now() + 10_000)).toEqual(OK);
    await exchange(t.sim.url, master, orderAction([limit(0, true, '90000', '0.01')]), { nonce: t.clock.nonce() });
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toHaveLength(1);
    t.clock.advance(11_000);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);
  });

  it('given enough volume, when unset, then nothing is cancelled later', async () => {
    for (let i = 0; i < 3; i += 1) {
      await exchange(t.sim.url, master, orderAction([limit(0, i % 2 === 0, i % 2 === 0 ? '100000' : '94000', '5', { tif: 'Ioc' })]), {
        nonce: t.clock.nonce(),
      });
    }
    await schedule(t.clock.now() + 10_000);
    expect(await schedule()).toEqual(OK);
    await exchange(t.sim.url, master, orderAction([limit(0, true, '90000', '0.01')]), { nonce: t.clock.nonce() });
    t.clock.advance(11_000);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toHaveLength(1);
  });
});
