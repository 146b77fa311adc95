import { describe, expect, it } from 'vitest';
import { ADDRESSES, call, keysBody, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();
let n = 0;
/** A fresh sub-account address of main account A on the simulator, or of nobody. */
const address = () => `0x${(++n).toString(16).padStart(2, '0').repeat(20)}`;

describe('PATCH /api/strategies/:id {subAccountAddress} (issue 39, point 2)', () => {
  it('given keys of main account A and a sub-account the venue lists for it, when a strategy is bound to it, then the view names it; null binds it back', async () => {
    const { t, sim } = stack;
    const user = await signUp(t.app);
    expect((await call(t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
    const sub = address();
    sim.createSubAccount({ master: ADDRESSES.masterA, address: sub, name: 'trend-sub', usdc: 1_000 });
    const id: string = (await call(t.app, 'POST', '/api/strategies', user.token, { name: 'Trend' })).json().data.id;

    const bound = await call(t.app, 'PATCH', `/api/strategies/${id}`, user.token, { subAccountAddress: sub.toUpperCase().replace('0X', '0x') });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().data.subAccount).toEqual({ address: sub, name: 'trend-sub' });
    expect((await call(t.app, 'GET', '/api/strategies', user.token)).json().data.find((s: { id: string }) => s.id === id).subAccount).toEqual({
      address: sub,
      name: 'trend-sub',
    });

    const back = await call(t.app, 'PATCH', `/api/strategies/${id}`, user.token, { subAccountAddress: null });
    expect(back.json().data.subAccount).toBeNull();
  });

  it('given an address that is not a sub-account of the trader’s main account, when bound, then 400 with a clear message and nothing recorded', async () => {
    const { t, sim } = stack;
    const user = await signUp(t.app);
    await call(t.app, 'POST', '/api/keys', user.token, keysBody('A'));
    const others = address();
    sim.createSubAccount({ master: ADDRESSES.masterB, address: others, name: 'not-yours' });
    const id: string = (await call(t.app, 'POST', '/api/strategies', user.token, { name: 'Trend' })).json().data.id;

    const refused = await call(t.app, 'PATCH', `/api/strategies/${id}`, user.token, { subAccountAddress: others });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      `${others} is not a sub-account of your account ${ADDRESSES.masterA} on Hyperliquid testnet; create it there (Sub-Accounts) or check the address.`,
    );
    expect((await call(t.app, 'GET', '/api/strategies', user.token)).json().data.find((s: { id: string }) => s.id === id).subAccount).toBeNull();
  });

  it('given no API keys, when a strategy is bound, then 400 "No API keys configured"; another trader’s strategy is 404', async () => {
    const { t } = stack;
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const id: string = (await call(t.app, 'POST', '/api/strategies', user.token, { name: 'Trend' })).json().data.id;
    const res = await call(t.app, 'PATCH', `/api/strategies/${id}`, user.token, { subAccountAddress: address() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No API keys configured');
    expect((await call(t.app, 'PATCH', `/api/strategies/${id}`, other.token, { subAccountAddress: null })).statusCode).toBe(404);
  });
});
