import { describe, expect, it } from 'vitest';
import { agedFromApproval, approvalHold } from './approvalHold.js';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const buy = { coin: 'ETH', isBuy: true, size: '0.2', referencePrice: '3000.5' };
const sell = { ...buy, isBuy: false };

describe('approvalHold: which plans wait for the trader (issue 42)', () => {
  it('given manual approval and no position, when an entry is planned, then it waits the default 5 min with what was planned', () => {
    expect(approvalHold({ approval: 'manual' }, { ...buy, heldSzi: '0' }, null, NOW)).toEqual({
      kind: 'await',
      expiresAt: '2026-03-02T10:05:00.000Z',
      coin: 'ETH',
      side: 'buy',
      size: '0.2',
      price: '3000.5',
    });
  });

  it('given a 30 s timeout, when a short is opened, then it waits 30 s as a sell', () => {
    expect(approvalHold({ approval: 'manual', approvalTimeoutSeconds: 30 }, { ...sell, heldSzi: '0' }, null, NOW)).toMatchObject({
      expiresAt: '2026-03-02T10:00:30.000Z',
      side: 'sell',
    });
  });

  it.each([
    ['adds to a long', true, buy, '0.1'],
    ['flips a long of 0.1 into a short', true, sell, '0.1'],
    ['reduces a long of 0.5', false, sell, '0.5'],
    ['closes a long of exactly its size', false, sell, '0.2'],
    ['reduces a short of 0.3', false, buy, '-0.3'],
  ] as const)('given manual approval, when the plan %s, then it waits: %s', (_what, waits, plan, heldSzi) => {
    expect(approvalHold({ approval: 'manual' }, { ...plan, heldSzi }, null, NOW) !== null).toBe(waits);
  });

  it('given automatic or no approval, or an alert already approved, when an entry is planned, then it goes', () => {
    expect(approvalHold({ approval: 'auto' }, { ...buy, heldSzi: '0' }, null, NOW)).toBeNull();
    expect(approvalHold(undefined, { ...buy, heldSzi: '0' }, null, NOW)).toBeNull();
    expect(approvalHold({ approval: 'manual' }, { ...buy, heldSzi: '0' }, '2026-03-02T09:59:00.000Z', NOW)).toBeNull();
  });
});

describe("agedFromApproval: an approved alert's age (issue 42)", () => {
  const received = { receivedAt: '2026-03-02T09:55:00.000Z', alert: { coin: 'ETH', sentAt: '2026-03-02T09:54:59.000Z' } };

  it('given an alert not approved, then its age counts from receipt and its own sentAt', () => {
    expect(agedFromApproval(received, null)).toEqual({ ageFrom: received.receivedAt, alert: received.alert });
  });

  it('given an approved alert, then both the stale check and the age guard count from the approval', () => {
    expect(agedFromApproval(received, '2026-03-02T09:59:30.000Z')).toEqual({
      ageFrom: '2026-03-02T09:59:30.000Z',
      alert: { coin: 'ETH', sentAt: '2026-03-02T09:59:30.000Z' },
    });
  });

  it('given an approved alert that says nothing of when it was sent, then it still says nothing', () => {
    const silent: { receivedAt: string; alert: { coin: string; sentAt?: string } } = { receivedAt: received.receivedAt, alert: { coin: 'ETH' } };
    expect(agedFromApproval(silent, '2026-03-02T09:59:30.000Z').alert).toEqual({ coin: 'ETH' });
  });
});
