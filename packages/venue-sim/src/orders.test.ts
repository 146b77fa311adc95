/** Per-order validation with the venue's exact strings; positional statuses; batch pre-validation. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, signedBody, post, startTestSim, statusesOf, trigger, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

const place = async (orders: Record<string, unknown>[], grouping = 'na') =>
  statusesOf(await exchange(t.sim.url, master, orderAction(orders, grouping), { nonce: t.clock.nonce() }));

describe('per-order errors', () => {
  it.each([
    ['too many size decimals', limit(0, true, '90000', '0.000011'), 'Order has invalid size.'],
    ['a zero size', limit(0, true, '90000', '0'), 'Order has zero size.'],
    ['a zero price', limit(0, true, '0', '0.001'), 'Order has invalid price.'],
    ['a price with 6 significant figures', limit(0, true, '97000.5', '0.001'), 'Price must be divisible by tick size. asset=0'],
    ['too many price decimals for szDecimals 4', limit(1, true, '3500.12', '0.01'), 'Price must be divisible by tick size. asset=1'],
    ['a buy 100 % above the mark', limit(0, true, '194000', '0.001'), 'Order price cannot be more than 80% away from the reference price'],
    ['a sell 85 % below the mark', limit(0, false, '14000', '0.001'), 'Order price cannot be more than 80% away from the reference price'],
    ['a $9 order', limit(0, true, '90000', '0.0001'), 'Order must have minimum value of $10.'],
    ['a reduce-only order with no position', limit(0, false, '90000', '0.001', { r: true }), 'Reduce only order would increase position. asset=0'],
    ['a notional needing more than the margin', limit(0, true, '95000', '3'), 'Insufficient margin to place order. asset=0'],
    ['an unknown asset', limit(99, true, '1', '20'), 'Invalid asset. asset=99'],
  ])('given %s, when placed, then the venue error string', async (_label, order, error) => {
    expect(await place([order])).toEqual([{ error }]);
  });

  it('given a batch where every order fails, then the top level is still "ok" and statuses are positional', async () => {
    const reply = await exchange(
      t.sim.url,
      master,
      orderAction([limit(0, true, '90000', '0.0001'), limit(0, true, '90000', '0.001'), limit(0, true, '97000.5', '0.001')]),
      {
        nonce: t.clock.nonce(),
      },
    );
    expect(reply).toEqual({
      status: 'ok',
      response: {
        type: 'order',
        data: {
          statuses: [
            { error: 'Order must have minimum value of $10.' },
            { resting: { oid: expect.any(Number) } },
            { error: 'Price must be divisible by tick size. asset=0' },
          ],
        },
      },
    });
  });

  it('given an ALO that would cross, then the post-only error names the bbo; a passive ALO rests', async () => {
    expect(await place([limit(0, true, '97100', '0.001', { tif: 'Alo' })])).toEqual([
      { error: 'Post only order would have immediately matched, bbo was 96980@97020. asset=0' },
    ]);
    expect(await place([limit(0, true, '96000', '0.001', { tif: 'Alo' })])).toEqual([{ resting: { oid: expect.any(Number) } }]);
  });

  it('given a rejected order with a cloid, when queried by cloid, then its …Rejected status is shown', async () => {
    const c = '0x000000000000000000000000000000aa';
    await place([limit(0, true, '90000', '0.0001', { c })]);
    const status = await info<{ order: { status: string } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid: c });
    expect(status.order.status).toBe('minTradeNtlRejected');
  });

  it('given an integer price with 6 significant figures, then it is allowed (integers are exempt)', async () => {
    t.sim.setMarkPrice('BTC', 123000);
    expect(await place([limit(0, true, '123456', '0.001')])).toEqual([{ filled: expect.any(Object) }]);
  });
});

describe('batch pre-validation (top-level, nonce not consumed)', () => {
  it('given a non-reduce-only trigger, then "Trigger order is not reduce only." and the nonce stays usable', async () => {
    const nonce = t.clock.nonce();
    expect(await exchange(t.sim.url, master, orderAction([trigger(0, false, '80000', '0.001', '85000', 'sl', true, false)]), { nonce })).toEqual({
      status: 'err',
      response: 'Trigger order is not reduce only.',
    });
    expect(statusesOf(await exchange(t.sim.url, master, orderAction([limit(0, true, '90000', '0.001')]), { nonce }))).toHaveLength(1);
  });

  it('given an empty batch, then "Orders are empty"', async () => {
    expect(await exchange(t.sim.url, master, orderAction([]), { nonce: t.clock.nonce() })).toEqual({ status: 'err', response: 'Orders are empty' });
  });

  it('given 201 cancels, then the weight-limit refusal', async () => {
    const cancels = Array.from({ length: 201 }, (_, i) => ({ a: 0, o: i }));
    expect(await exchange(t.sim.url, master, { type: 'cancel', cancels }, { nonce: t.clock.nonce() })).toEqual({
      status: 'err',
      response: 'Signed action over weight limit of 200.',
    });
  });
});

describe('cancels', () => {
  it('given a cloid signed in uppercase (non-canonical), when posted, then the signer does not match', async () => {
    const c = '0x0000000000000000000000000000ABCD';
    const reply = (await exchange(t.sim.url, master, { type: 'cancelByCloid', cancels: [{ asset: 0, cloid: c }] }, { nonce: t.clock.nonce() })) as {
      response: string;
    };
    expect(reply.response).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
  });

  it('given a resting order, when cancelled by oid then again, then "success" then the venue error', async () => {
    const [resting] = await place([limit(0, true, '90000', '0.001')]);
    const oid = (resting as { resting: { oid: number } }).resting.oid;
    const cancel = { type: 'cancel', cancels: [{ a: 0, o: oid }] };
    expect(statusesOf(await exchange(t.sim.url, master, cancel, { nonce: t.clock.nonce() }))).toEqual(['success']);
    expect(statusesOf(await exchange(t.sim.url, master, cancel, { nonce: t.clock.nonce() }))).toEqual([
      { error: 'Order was never placed, already canceled, or filled.' },
    ]);
    const status = await info<{ order: { status: string } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid });
    expect(status.order.status).toBe('canceled');
  });

  it('given a resting order with a cloid, when cancelled by cloid (posted uppercase, signed canonical), then "success"', async () => {
    const c = '0x0000000000000000000000000000abcd';
    await place([limit(0, true, '90000', '0.001', { c })]);
    const body = await signedBody(master, { type: 'cancelByCloid', cancels: [{ asset: 0, cloid: c }] }, { nonce: t.clock.nonce() });
    const posted = { ...body, action: { type: 'cancelByCloid', cancels: [{ asset: 0, cloid: c.toUpperCase().replace('0X', '0x') }] } };
    expect(statusesOf((await post(t.sim.url, '/exchange', posted)).json)).toEqual(['success']);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);
  });

  it('given a trigger order, when cancelled with f:true, then the fast-cancel refusal', async () => {
    await place([limit(0, true, '98000', '0.001', { tif: 'Ioc' })]);
    const [resting] = await place([trigger(0, false, '80000', '0.001', '85000', 'sl')]);
    const oid = (resting as { resting: { oid: number } }).resting.oid;
    const body = await signedBody(master, { type: 'cancel', cancels: [{ a: 0, o: oid }], f: true }, { nonce: t.clock.nonce() });
    expect(statusesOf((await post(t.sim.url, '/exchange', body)).json)).toEqual([{ error: 'Fast cancel cannot be used for trigger orders.' }]);
  });
});
