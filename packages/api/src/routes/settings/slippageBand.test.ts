import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

const BAND_MESSAGE = 'Slippage Tolerance (%) must be below 80: Hyperliquid rejects orders priced more than 80% away from the market price.';
const withSlippage = (slippageTolerance: number) => ({ ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, slippageTolerance } });

describe("slippage tolerance at the venue's 80% price band (issue 39.4)", () => {
  it('issue 39.4: given 80 %, when PUT /api/settings, then 400 with the price band named under the field, and the settings are unchanged', async () => {
    // given
    const user = await signUp(stack.t.app);
    // when
    const res = await call(stack.t.app, 'PUT', '/api/settings', user.token, withSlippage(80));
    // then
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: BAND_MESSAGE, fieldErrors: [{ field: 'trading.slippageTolerance', message: BAND_MESSAGE }] });
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data.trading.slippageTolerance).toBe(
      DEFAULT_SETTINGS.trading.slippageTolerance,
    );
  });

  it("issue 39.4: given 100 %, when PUT on another strategy's settings, then 400 with the same message", async () => {
    // given
    const user = await signUp(stack.t.app);
    const created = await call(stack.t.app, 'POST', '/api/strategies', user.token, { name: 'Wide' });
    const { id } = created.json<{ data: { id: string } }>().data;
    // when
    const res = await call(stack.t.app, 'PUT', `/api/strategies/${id}/settings`, user.token, withSlippage(100));
    // then
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: BAND_MESSAGE, fieldErrors: [{ field: 'trading.slippageTolerance' }] });
  });

  it('issue 39.4: given 79.9 %, the last step below the band, when PUT /api/settings, then it is saved', async () => {
    // given
    const user = await signUp(stack.t.app);
    // when
    const res = await call(stack.t.app, 'PUT', '/api/settings', user.token, withSlippage(79.9));
    // then
    expect(res.statusCode).toBe(200);
    expect(res.json().data.trading.slippageTolerance).toBe(79.9);
  });
});
