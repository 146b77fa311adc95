import { ApiRequestError } from '@nktkas/hyperliquid';
import { describe, expect, it } from 'vitest';
import { batchStatuses, batchStatusesFromError } from './batchStatuses.js';

const answer = (statuses: unknown[]) => ({ status: 'ok', response: { type: 'cancel', data: { statuses } } });

describe("reading a batch action's answer (issue 39.3)", () => {
  it('given one status per item, when read, then the statuses as sent', () => {
    expect(batchStatuses(answer(['success', { error: 'nope' }]), 2)).toEqual({ ok: true, statuses: ['success', { error: 'nope' }] });
  });

  it("given nk's ApiRequestError for a batch where one item failed, when read, then every item's status, not a failure of the whole", async () => {
    const thrown = new ApiRequestError(answer(['success', { error: 'Order was never placed, already canceled, or filled.' }]));

    expect(await batchStatusesFromError(thrown, 2)).toMatchObject({ ok: true, statuses: ['success', { error: expect.any(String) }] });
  });

  it("given a top-level error, when read, then the whole action failed with the venue's text", () => {
    expect(batchStatuses({ status: 'err', response: 'Invalid nonce: duplicate nonce 1' }, 1)).toMatchObject({
      ok: false,
      outcome: { kind: 'transientError', reason: 'nonce' },
    });
  });

  it('given statuses that do not match the items sent, when read, then uncertain: something was applied', () => {
    expect(batchStatuses(answer(['success']), 2)).toMatchObject({ ok: false, outcome: { kind: 'uncertain', reason: 'unreadableResponse' } });
  });

  it('given a timeout, when read, then uncertain', async () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });

    expect(await batchStatusesFromError(timeout, 1)).toMatchObject({ ok: false, outcome: { kind: 'uncertain', reason: 'timeout' } });
  });
});
