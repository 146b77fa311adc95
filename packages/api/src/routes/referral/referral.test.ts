import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

describe('referral routes', () => {
  it('API-19, ENT-22: given a new user, when reading referral info, then nothing reported yet and the configured code', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/referral', user.token);
    expect(res.json()).toEqual({
      success: true,
      data: {
        joinedViaReferral: false,
        joinedReportedAt: null,
        declinedReason: null,
        declinedAt: null,
        joinClicks: 0,
        eventsCount: 0,
        lastEventType: null,
        lastUpdatedAt: null,
        referralCode: 'HYPERHOOK',
      },
    });
  });

  it('API-20, API-21, ENT-20: given a self-report with extra fields, when posted, then joinedViaReferral and an ISO lastUpdatedAt', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/referral/self-report', user.token, { joinedViaReferral: true, source: 'keys-tab' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ joinedViaReferral: true, lastUpdatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const event = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).find((e) => e.type === 'ReferralSelfReported');
    expect(event?.data).toMatchObject({ extra: { source: 'keys-tab' } });
  });

  it('API-20: given joinedViaReferral false, when self-reporting, then 400 naming the field', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/referral/self-report', user.token, { joinedViaReferral: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('joinedViaReferral');
  });

  it('API-22: given a reason, when declining, then the reason is kept; an empty reason is 400', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/referral/decline', user.token, { reason: ' already have an account ' });
    expect(res.json().data.declinedReason).toBe('already have an account');
    const empty = await call(stack.t.app, 'POST', '/api/referral/decline', user.token, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please give a reason.');
  });

  it('API-23: given two join clicks without body, when posted, then joinClicks is 2', async () => {
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'POST', '/api/referral/join-click', user.token);
    const res = await call(stack.t.app, 'POST', '/api/referral/join-click', user.token);
    expect(res.json().data.joinClicks).toBe(2);
  });

  it('API-24: given an event {type, metadata}, when logged, then it is recorded and counted', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/referral/events', user.token, { type: 'banner_shown', metadata: { tab: 'keys' } });
    expect(res.json()).toEqual({ success: true, data: { recorded: true } });
    const info = (await call(stack.t.app, 'GET', '/api/referral', user.token)).json().data;
    expect(info).toMatchObject({ eventsCount: 1, lastEventType: 'banner_shown' });
  });

  it('VAL-25, ERR: given no signed-in user, when calling referral actions, then 401 "User must be authenticated to update referral info"; anonymous events are acknowledged, not recorded', async () => {
    for (const [url, body] of [
      ['/api/referral/self-report', { joinedViaReferral: true }],
      ['/api/referral/decline', { reason: 'no' }],
      ['/api/referral/join-click', undefined],
    ] as const) {
      const res = await call(stack.t.app, 'POST', url, null, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'User must be authenticated to update referral info' });
    }
    const anonymous = await call(stack.t.app, 'POST', '/api/referral/events', null, { type: 'landing_view', metadata: {} });
    expect(anonymous.json()).toEqual({ success: true, data: { recorded: false } });
    expect((await call(stack.t.app, 'GET', '/api/referral', null)).statusCode).toBe(401);
  });
});
