import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

const mine = {
  positionSizing: { mode: 'percentage_balance', value: 12.5 },
  riskLimits: { maxPositionSize: 500, maxOpenPositions: 4 },
  trading: { leverage: 5, slippageTolerance: 0.5, requireStopLoss: true },
};

describe('GET/PUT /api/settings, POST /api/settings/reset', () => {
  it('API-11, ENT-16: given a new user, when reading settings, then the defaults', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/settings', user.token);
    expect(res.json()).toEqual({ success: true, data: DEFAULT_SETTINGS });
  });

  it('API-12, ERR-18: given a whole settings object, when saved, then the answer and the next read show it (read-your-writes)', async () => {
    const user = await signUp(stack.t.app);
    const put = await call(stack.t.app, 'PUT', '/api/settings', user.token, mine);
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual(mine);
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data).toEqual(mine);
  });

  it('VAL-17: given leverage 51, when saved, then 400 whose message names Default Leverage', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'PUT', '/api/settings', user.token, { ...mine, trading: { ...mine.trading, leverage: 51 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(/leverage/i), fieldErrors: [expect.objectContaining({ field: 'trading.leverage' })] });
  });

  it('VAL-16: given Max Open Positions 0, when saved, then 400 naming the field', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'PUT', '/api/settings', user.token, { ...mine, riskLimits: { maxPositionSize: 500, maxOpenPositions: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0].field).toBe('riskLimits.maxOpenPositions');
  });

  it('API-12: given a body without the trading group, when saved, then 400 naming "trading"', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'PUT', '/api/settings', user.token, { positionSizing: mine.positionSizing, riskLimits: mine.riskLimits });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('trading');
  });

  it('API-13, ERR-21: given saved settings, when reset, then the defaults are back', async () => {
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'PUT', '/api/settings', user.token, mine);
    const reset = await call(stack.t.app, 'POST', '/api/settings/reset', user.token);
    expect(reset.json()).toEqual({ success: true, data: DEFAULT_SETTINGS });
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data).toEqual(DEFAULT_SETTINGS);
  });
});
