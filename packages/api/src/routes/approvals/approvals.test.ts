import { APPROVAL_EXPIRED, signalStreamId, type SignalEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import { describe, expect, it } from 'vitest';
import { EXPIRED_APPROVAL_LINK, INVALID_APPROVAL_LINK, NO_SUCH_APPROVAL } from '../../approvals/approvalGates.js';
import { approvalToken, approvalTokenKey } from '../../approvals/approvalToken.js';
import { holdForApproval } from '../../testing/holdForApproval.js';
import { receiveSignal } from '../../testing/receiveSignal.js';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

// The gateway's clock stands still unless a test moves it: expiry is judged on it, never on the wall clock.
const stack = useTestApp({ frozenClock: true });

/** The events recorded on a log's signal stream. */
const streamOf = async (logId: string) => decodeStreamEvents(await stack.t.store.eventStore.readStream(signalStreamId(logId)));
/** The answers recorded on it. */
const answersOn = async (logId: string) => (await streamOf(logId)).filter((e) => e.type === 'SignalApproved' || e.type === 'SignalRejected');
/** The token a push for this held entry carries. */
const tokenFor = (uid: string, held: { logId: string; expiresAt: string }) =>
  approvalToken(approvalTokenKey(stack.t.deps.config.jwtSecret), { uid, logId: held.logId, expiresAt: held.expiresAt });
const post = (url: string, token: string | null = null) => call(stack.t.app, 'POST', url, token);

describe('GET /api/approvals (issue 42)', () => {
  it('given A with two held entries and an ordinary alert and B with one held entry, when each lists, then each sees only its own held entries, the newest held first, with what was planned and until when', async () => {
    // given
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    const first = await holdForApproval(stack.t, a.uid, { coin: 'ETH', side: 'sell', size: '0.5', price: '3120.4' });
    stack.t.advanceClock(1_000);
    const second = await holdForApproval(stack.t, a.uid);
    await receiveSignal(stack.t, a.uid, stack.t.deps.clock().toISOString());
    const bHeld = await holdForApproval(stack.t, b.uid);
    // when
    const listA = await call(stack.t.app, 'GET', '/api/approvals', a.token);
    const listB = await call(stack.t.app, 'GET', '/api/approvals', b.token);
    // then
    expect(listA.statusCode, listA.body).toBe(200);
    expect(listA.json().data).toEqual([
      expect.objectContaining({ logId: second.logId, coin: 'BTC', side: 'buy', size: '0.01', price: '60010', expiresAt: second.expiresAt }),
      {
        logId: first.logId,
        strategyId: 'main',
        strategyName: 'Main',
        venue: 'live',
        coin: 'ETH',
        side: 'sell',
        size: '0.5',
        price: '3120.4',
        heldAt: new Date(Date.parse(first.expiresAt) - 300_000).toISOString(),
        expiresAt: first.expiresAt,
      },
    ]);
    expect(listB.json().data.map((entry: { logId: string }) => entry.logId)).toEqual([bHeld.logId]);
    expect((await call(stack.t.app, 'GET', '/api/approvals', null)).statusCode).toBe(401);
  });
});

describe('POST /api/approvals/:logId/approve and /reject, signed in (issue 42)', () => {
  it("given A's held entry, when A approves it, then SignalApproved via the app is on its stream at the gateway's time, the answer says validating, and the list no longer shows it", async () => {
    // given
    const a = await signUp(stack.t.app);
    const held = await holdForApproval(stack.t, a.uid);
    // when
    const res = await post(`/api/approvals/${held.logId}/approve`, a.token);
    // then
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { logId: held.logId, answer: 'approved', via: 'app', status: 'validating', coin: 'BTC', side: 'buy', size: '0.01' },
    });
    expect(await answersOn(held.logId)).toEqual([{ type: 'SignalApproved', v: 1, data: { at: stack.t.deps.clock().toISOString(), via: 'app' } }]);
    expect((await call(stack.t.app, 'GET', '/api/approvals', a.token)).json().data).toEqual([]);
  });

  it("given A's held entry, when A rejects it, then SignalRejected APPROVAL_REJECTED with the trader's words, and the log row is failed", async () => {
    const a = await signUp(stack.t.app);
    const held = await holdForApproval(stack.t, a.uid);
    const res = await post(`/api/approvals/${held.logId}/reject`, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ answer: 'rejected', via: 'app', status: 'failed' });
    expect(await answersOn(held.logId)).toEqual([
      { type: 'SignalRejected', v: 1, data: { at: stack.t.deps.clock().toISOString(), code: 'APPROVAL_REJECTED', reason: 'You rejected this entry.' } },
    ]);
    const logs = (await call(stack.t.app, 'GET', '/api/webhook-logs', a.token)).json().data as { webhookLogId: string; status: string; error?: string }[];
    expect(logs.find((log) => log.webhookLogId === held.logId)).toMatchObject({ status: 'failed', error: 'You rejected this entry.' });
  });

  it.each([
    ['approve', 'approve', 'This alert was already approved.'],
    ['approve', 'reject', 'This alert was already approved.'],
    ['reject', 'approve', 'This alert was already rejected.'],
    ['reject', 'reject', 'This alert was already rejected.'],
  ] as const)(
    'given an entry answered with %s, when answered again with %s, then 409 with "%s" and nothing more is recorded',
    async (first, second, message) => {
      // given
      const a = await signUp(stack.t.app);
      const held = await holdForApproval(stack.t, a.uid);
      expect((await post(`/api/approvals/${held.logId}/${first}`, a.token)).statusCode).toBe(200);
      const before = await streamOf(held.logId);
      // when
      const res = await post(`/api/approvals/${held.logId}/${second}`, a.token);
      // then
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, error: message, code: 'APPROVAL_ALREADY_ANSWERED' });
      expect(await streamOf(held.logId)).toEqual(before);
    },
  );

  it('given an entry whose wait ran out on the gateway clock, when approved before or after the expiry keeper records it, then 409 "already expired" and the api records nothing of its own; a millisecond earlier it is answered', async () => {
    // given: two entries held for a minute
    const a = await signUp(stack.t.app);
    const held = await holdForApproval(stack.t, a.uid, { waitMs: 60_000 });
    const edge = await holdForApproval(stack.t, a.uid, { waitMs: 60_000 });
    stack.t.advanceClock(59_999);
    expect((await post(`/api/approvals/${edge.logId}/approve`, a.token)).statusCode).toBe(200);
    stack.t.advanceClock(1);
    // when: at its expiry, not yet recorded
    const atExpiry = await post(`/api/approvals/${held.logId}/approve`, a.token);
    // then
    expect(atExpiry.statusCode, atExpiry.body).toBe(409);
    expect(atExpiry.json().error).toBe('This alert was already expired.');
    expect(await answersOn(held.logId)).toEqual([]);
    // when: the keeper has recorded it
    const expired: SignalEvent = { type: 'SignalRejected', v: 1, data: { at: held.expiresAt, code: APPROVAL_EXPIRED, reason: 'Not approved within 1 min.' } };
    await stack.t.store.eventStore.append(signalStreamId(held.logId), [toNewEvent(expired, { userId: a.uid })]);
    const afterKeeper = await post(`/api/approvals/${held.logId}/reject`, a.token);
    // then
    expect(afterKeeper.statusCode).toBe(409);
    expect(afterKeeper.json().error).toBe('This alert was already expired.');
    expect(await answersOn(held.logId)).toEqual([expired]);
  });

  it("given A's held entry, when B answers it, or anyone answers an unknown id or a signal never held, then the same 404 and nothing is recorded on A's stream", async () => {
    // given
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    const held = await holdForApproval(stack.t, a.uid);
    const plain = await receiveSignal(stack.t, a.uid, stack.t.deps.clock().toISOString());
    const before = await streamOf(held.logId);
    // when
    const answers = [
      await post(`/api/approvals/${held.logId}/approve`, b.token),
      await post(`/api/approvals/${held.logId}/reject`, b.token),
      await post('/api/approvals/no-such-log/approve', a.token),
      await post(`/api/approvals/${plain}/approve`, a.token),
    ];
    // then
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ success: false, error: NO_SUCH_APPROVAL });
    }
    expect(await streamOf(held.logId)).toEqual(before);
    expect((await streamOf(plain)).map((e) => e.type)).toEqual(['SignalReceived']);
  });

  it('given a held entry, when it is approved twice at once against the real embedded store, then exactly one answer is recorded and the other is told 409', async () => {
    // given
    const a = await signUp(stack.t.app);
    const held = await holdForApproval(stack.t, a.uid);
    // when
    const both = await Promise.all([post(`/api/approvals/${held.logId}/approve`, a.token), post(`/api/approvals/${held.logId}/approve`, a.token)]);
    // then
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.statusCode === 409)?.json().error).toBe('This alert was already approved.');
    expect((await answersOn(held.logId)).map((e) => e.type)).toEqual(['SignalApproved']);
  });

  it('given no session and no token, when an answer is posted, then 401 before anything is read or validated', async () => {
    expect((await post('/api/approvals/any/approve')).statusCode).toBe(401);
    expect((await post('/api/approvals/%00/reject')).statusCode).toBe(401);
  });
});

describe("POST /api/approvals/:logId/{approve,reject}?token= (a push notification's buttons, issue 42)", () => {
  it('given the token of the push for a held entry, when posted without a session, then the answer is recorded as given via push', async () => {
    // given
    const a = await signUp(stack.t.app);
    const approveMe = await holdForApproval(stack.t, a.uid);
    const rejectMe = await holdForApproval(stack.t, a.uid);
    // when
    const approved = await post(`/api/approvals/${approveMe.logId}/approve?token=${tokenFor(a.uid, approveMe)}`);
    const rejected = await post(`/api/approvals/${rejectMe.logId}/reject?token=${tokenFor(a.uid, rejectMe)}`);
    // then
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ answer: 'approved', via: 'push', status: 'validating' });
    expect(await answersOn(approveMe.logId)).toEqual([{ type: 'SignalApproved', v: 1, data: { at: stack.t.deps.clock().toISOString(), via: 'push' } }]);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await answersOn(rejectMe.logId)).toMatchObject([
      { type: 'SignalRejected', data: { code: 'APPROVAL_REJECTED', reason: 'Rejected from a notification.' } },
    ]);
  });

  it("given a wrong token, another alert's token, another user's token, or a token for an id that names nothing, then the same 403, nothing recorded, and the token appears in no answer nor log line", async () => {
    // given
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    const held = await holdForApproval(stack.t, a.uid);
    const other = await holdForApproval(stack.t, a.uid);
    const bHeld = await holdForApproval(stack.t, b.uid);
    const right = tokenFor(a.uid, held);
    const wrongs = [
      `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`,
      tokenFor(a.uid, other),
      tokenFor(b.uid, bHeld),
      tokenFor(b.uid, held),
      'not-a-token',
      '',
    ];
    // when
    const answers = await Promise.all([
      ...wrongs.map((token) => post(`/api/approvals/${held.logId}/approve?token=${token}`)),
      post(`/api/approvals/no-such-log/approve?token=${right}`),
      // A session does not make a wrong token right: the token, when given, is what is checked.
      post(`/api/approvals/${held.logId}/reject?token=${tokenFor(a.uid, other)}`, a.token),
    ]);
    // then
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ success: false, error: INVALID_APPROVAL_LINK });
    }
    expect(await answersOn(held.logId)).toEqual([]);
    expect(stack.t.logs.join('\n')).not.toContain(right);
    expect(stack.t.logs.join('\n')).toContain('token=[REDACTED]');
  });

  it('given the right token, when posted at the expiry on the gateway clock, then 403 "expired", while a millisecond earlier it answers', async () => {
    // given
    const a = await signUp(stack.t.app);
    const late = await holdForApproval(stack.t, a.uid, { waitMs: 10_000 });
    const onTime = await holdForApproval(stack.t, a.uid, { waitMs: 10_001 });
    stack.t.advanceClock(10_000);
    // when
    const refused = await post(`/api/approvals/${late.logId}/approve?token=${tokenFor(a.uid, late)}`);
    const answered = await post(`/api/approvals/${onTime.logId}/approve?token=${tokenFor(a.uid, onTime)}`);
    // then
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toBe(EXPIRED_APPROVAL_LINK);
    expect(await answersOn(late.logId)).toEqual([]);
    expect(answered.statusCode, answered.body).toBe(200);
  });

  it('given a token used once, when the other button is pressed, then 409 with the first answer: the token answers one alert once', async () => {
    const a = await signUp(stack.t.app);
    const held = await holdForApproval(stack.t, a.uid);
    const token = tokenFor(a.uid, held);
    expect((await post(`/api/approvals/${held.logId}/reject?token=${token}`)).statusCode).toBe(200);
    const again = await post(`/api/approvals/${held.logId}/approve?token=${token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This alert was already rejected.');
  });
});

describe('OpenAPI (issue 42)', () => {
  it('given the approval routes, when reading /api/docs, then the list and both answers are documented, the answers with their log id and optional token', async () => {
    const doc = (await stack.t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>;
    }>();
    expect(doc.paths['/api/approvals']?.get).toBeDefined();
    for (const answer of ['approve', 'reject']) {
      const parameters = doc.paths[`/api/approvals/{logId}/${answer}`]?.post?.parameters ?? [];
      expect(parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'logId', in: 'path', required: true }),
          expect.objectContaining({ name: 'token', in: 'query', required: false }),
        ]),
      );
    }
  });
});
