import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '../../../test/fixtures';
import { fail, ok, server } from '../../../test/server';
import { useSessionStore } from '../../../lib/auth/sessionStore';
import { clickReferralJoin, declineReferral, logReferralEvent, REFERRAL_UNAUTHENTICATED, reportJoinedViaReferral } from './referralActions';
import { referralInfo } from './referral.fixtures';

afterEach(() => vi.restoreAllMocks());

const signIn = () => useSessionStore.setState({ status: 'signedIn', session: testSession(), endedBecause: null });

/** Answers every referral action with `answer` and records what was sent. */
function referralNetwork(answer: (path: string) => Response) {
  const sent: { path: string; auth: string | null; body: string }[] = [];
  for (const path of ['/api/referral/self-report', '/api/referral/decline', '/api/referral/join-click', '/api/referral/events']) {
    server.use(
      http.post(path, async ({ request }) => {
        sent.push({ path, auth: request.headers.get('authorization'), body: await request.text() });
        return answer(path);
      }),
    );
  }
  return sent;
}

describe('referral actions (spec §4, §5, §7)', () => {
  it('API-20, API-22, API-23, API-24: given a signed-in user, then each action sends its body and answers the updated referral info', async () => {
    signIn();
    const updated = referralInfo({ joinedViaReferral: true, lastUpdatedAt: '2026-11-24T12:00:00.000Z' });
    const sent = referralNetwork((path) => (path === '/api/referral/events' ? ok({ recorded: true }) : ok(updated)));
    await expect(reportJoinedViaReferral()).resolves.toEqual(updated);
    await expect(declineReferral('Already have an account')).resolves.toEqual(updated);
    await expect(clickReferralJoin()).resolves.toEqual(updated);
    await expect(logReferralEvent('referral_code_copied', {})).resolves.toBe(true);
    expect(sent.map(({ path, body }) => [path, body])).toEqual([
      ['/api/referral/self-report', '{"joinedViaReferral":true}'],
      ['/api/referral/decline', '{"reason":"Already have an account"}'],
      ['/api/referral/join-click', ''],
      ['/api/referral/events', '{"type":"referral_code_copied","metadata":{}}'],
    ]);
    expect(sent.every((s) => s.auth === `Bearer ${testSession().token}`)).toBe(true);
  });

  it('VAL-25: given no signed-in user, then self-report, decline and join-click fail with "User must be authenticated to update referral info" and send nothing', async () => {
    const sent = referralNetwork(() => ok(referralInfo()));
    await expect(reportJoinedViaReferral()).rejects.toThrow('User must be authenticated to update referral info');
    await expect(declineReferral('x')).rejects.toThrow(REFERRAL_UNAUTHENTICATED);
    await expect(clickReferralJoin()).rejects.toThrow(REFERRAL_UNAUTHENTICATED);
    expect(REFERRAL_UNAUTHENTICATED).toBe('User must be authenticated to update referral info');
    expect(sent).toEqual([]);
  });

  it('VAL-25: given no signed-in user, then logging an event is still allowed (sent without a token; the api does not record it)', async () => {
    const sent = referralNetwork(() => ok({ recorded: false }));
    await expect(logReferralEvent('referral_code_copied')).resolves.toBe(false);
    expect(sent).toEqual([{ path: '/api/referral/events', auth: null, body: '{"type":"referral_code_copied","metadata":{}}' }]);
  });

  it('STATE-16, ERR-24: given the api fails, then each action answers null (an event log false) and the failure is only logged to the console', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    referralNetwork((path) => (path === '/api/referral/join-click' ? HttpResponse.error() : fail(500, 'Event store unavailable')));
    await expect(reportJoinedViaReferral()).resolves.toBeNull();
    await expect(declineReferral('x')).resolves.toBeNull();
    await expect(clickReferralJoin()).resolves.toBeNull();
    await expect(logReferralEvent('referral_code_copied')).resolves.toBe(false);
    expect(logged.mock.calls.map((c) => c[0])).toEqual([
      'Referral self-report failed',
      'Referral decline failed',
      'Referral join click failed',
      'Referral event log failed',
    ]);
  });
});
