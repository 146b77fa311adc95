import { DEFAULT_SETTINGS, SETTINGS_COLLECTION, userStreamId, type SettingsUpdated } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
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

  it('API-12: given a whole settings object, when saved, then the answer and the next read show it (read-your-writes)', async () => {
    const user = await signUp(stack.t.app);
    const put = await call(stack.t.app, 'PUT', '/api/settings', user.token, mine);
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual(mine);
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data).toEqual(mine);
  });

  it("VAL-17, ERR-19: given leverage 51, when saved, then 400 whose error string (the message ERR-19's toast shows) names Default Leverage", async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'PUT', '/api/settings', user.token, { ...mine, trading: { ...mine.trading, leverage: 51 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'Default Leverage cannot be more than 50.',
      fieldErrors: [expect.objectContaining({ field: 'trading.leverage' })],
    });
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

  it('CARD-03: given a SettingsUpdated event appended to user-<uid> without going through the route, when the projector has applied it, then GET /api/settings answers it from the read model; a PUT writes nothing but its event', async () => {
    // given
    const user = await signUp(stack.t.app);
    const appended: SettingsUpdated = {
      type: 'SettingsUpdated',
      v: 1,
      data: { settings: mine as SettingsUpdated['data']['settings'], at: new Date().toISOString() },
    };
    const { lastPosition } = await stack.t.store.eventStore.append(userStreamId(user.uid), [toNewEvent(appended)]);
    // when
    await stack.t.deps.projection.waitFor(lastPosition);
    // then: the query side follows the event log...
    expect((await stack.t.store.readStore.get(SETTINGS_COLLECTION, user.uid))?.data).toMatchObject({ settings: mine });
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json()).toEqual({ success: true, data: mine });
    // ...and the command side is the event log: a PUT appends one SettingsUpdated and nothing else anywhere.
    const before = await stack.t.store.eventStore.headPosition();
    const changed = { ...mine, trading: { ...mine.trading, leverage: 9 } };
    expect((await call(stack.t.app, 'PUT', '/api/settings', user.token, changed)).statusCode).toBe(200);
    const written = (await stack.t.store.eventStore.readStream(userStreamId(user.uid))).filter((e) => e.globalPosition > before);
    expect(written.map((e) => [e.type, (e.data as SettingsUpdated['data']).settings])).toEqual([['SettingsUpdated', changed]]);
    expect(await stack.t.store.eventStore.headPosition()).toBe(written[0]?.globalPosition);
  });

  it('API-13: given saved settings, when reset, then the defaults are back', async () => {
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'PUT', '/api/settings', user.token, mine);
    const reset = await call(stack.t.app, 'POST', '/api/settings/reset', user.token);
    expect(reset.json()).toEqual({ success: true, data: DEFAULT_SETTINGS });
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data).toEqual(DEFAULT_SETTINGS);
  });
});
