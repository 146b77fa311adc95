import { describe, expect, it } from 'vitest';
import { answerFromNotification, answerToast, answerUrlOf, approvalButtonsFromPush, type PostAnswer } from './approvalActions';

const TOKEN = 'q3yJ0c1Zb7ZB6m2s0Yt9xQ4mV8uV1r2Kp3n4L5o6P7Q';
const approveUrl = `/api/approvals/sig-1/approve?token=${TOKEN}`;
const rejectUrl = `/api/approvals/sig-1/reject?token=${TOKEN}`;
/** The api's push for an entry awaiting approval (packages/api/src/push/approvalActions.ts). */
const payload = (actions: unknown) =>
  JSON.stringify({
    title: 'BTC buy 0.01 awaits your approval',
    body: 'Main: Planned at $60010',
    tag: 'signal-sig-1',
    url: '/dashboard?tab=logs&log=sig-1',
    actions,
  });

describe('the Approve and Reject buttons of a push (issue 42)', () => {
  it("given the api's push for an entry awaiting approval, then both buttons with their answer paths", () => {
    const buttons = approvalButtonsFromPush(
      payload([
        { action: 'approve', title: 'Approve', url: approveUrl },
        { action: 'reject', title: 'Reject', url: rejectUrl },
      ]),
    );
    expect(buttons).toEqual([
      { action: 'approve', title: 'Approve', url: approveUrl },
      { action: 'reject', title: 'Reject', url: rejectUrl },
    ]);
  });

  it('given buttons that would post elsewhere, or record the other answer, or are not answers, then they are dropped: a push can make the worker post nowhere but an answer of this app', () => {
    const buttons = approvalButtonsFromPush(
      payload([
        { action: 'approve', title: 'Approve', url: `https://evil.example/api/approvals/sig-1/approve?token=${TOKEN}` },
        { action: 'approve', title: 'Approve', url: `//evil.example/api/approvals/sig-1/approve?token=${TOKEN}` },
        { action: 'approve', title: 'Approve', url: rejectUrl },
        { action: 'reject', title: 'Reject', url: '/api/positions/close-all' },
        { action: 'delete', title: 'Delete', url: approveUrl },
        { action: null, title: 'x', url: '/api/approvals/sig-1/approve' },
        'approve',
        null,
      ]),
    );
    expect(buttons).toEqual([]);
    expect(approvalButtonsFromPush('not json')).toEqual([]);
    expect(approvalButtonsFromPush(null)).toEqual([]);
    expect(approvalButtonsFromPush(JSON.stringify({ title: 'BUY BTC executed' }))).toEqual([]);
  });

  it("given a click, then a button's answer path is read back from the notification's data, and a plain tap or a forged path reads as none", () => {
    const data = { url: '/dashboard?tab=logs&log=sig-1', answers: { approve: approveUrl, reject: rejectUrl } };
    expect(answerUrlOf(data, 'approve')).toBe(approveUrl);
    expect(answerUrlOf(data, 'reject')).toBe(rejectUrl);
    expect(answerUrlOf(data, '')).toBeNull();
    expect(answerUrlOf({ answers: { approve: 'https://evil.example/x' } }, 'approve')).toBeNull();
    expect(answerUrlOf({ answers: { approve: rejectUrl } }, 'approve')).toBeNull();
    expect(answerUrlOf(null, 'approve')).toBeNull();
  });
});

describe('what the worker shows after answering (issue 42)', () => {
  it('given the api approved or rejected the entry, then the entry is named with the answer', () => {
    const data = { logId: 'sig-1', via: 'push', coin: 'BTC', side: 'buy', size: '0.01' };
    expect(answerToast(200, { success: true, data: { ...data, answer: 'approved', status: 'validating' } })).toEqual({
      title: 'Approved: BTC buy 0.01',
      body: 'It is checked again and sent at the current price.',
    });
    expect(answerToast(200, { success: true, data: { ...data, answer: 'rejected', status: 'failed' } })).toEqual({
      title: 'Rejected: BTC buy 0.01',
      body: 'Nothing was sent.',
    });
  });

  it("given a refusal, then the api's own words: the 409 of an answered alert, an expired link", () => {
    expect(answerToast(409, { success: false, error: 'This alert was already approved.' })).toEqual({
      title: 'Not answered',
      body: 'This alert was already approved.',
    });
    expect(answerToast(403, { success: false, error: 'This approval link has expired: the alert was not answered in time.' }).body).toMatch(/expired/);
    expect(answerToast(502, 'Bad gateway').body).toMatch(/could not be reached/);
  });

  it('given a button clicked, then its path is posted without credentials and the answer worded; a network failure is worded too', async () => {
    const posted: [string, unknown][] = [];
    const post: PostAnswer = async (url, init) => {
      posted.push([url, init]);
      return { status: 409, json: async () => ({ success: false, error: 'This alert was already rejected.' }) };
    };
    expect(await answerFromNotification(post, approveUrl)).toEqual({ title: 'Not answered', body: 'This alert was already rejected.' });
    expect(posted).toEqual([[approveUrl, { method: 'POST', credentials: 'omit' }]]);
    const offline: PostAnswer = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await answerFromNotification(offline, approveUrl)).body).toMatch(/could not be reached/);
  });
});
