import { describe, expect, it } from 'vitest';
import { alertsOfLogs, executionAverages, withExecutionQuality } from './executionQuality.js';
import { roundTrips } from './roundTrips.js';

const at = (seconds: number): string => new Date(Date.parse('2026-12-01T10:00:00.000Z') + seconds * 1000).toISOString();
const fill = (seconds: number, isBuy: boolean, px: string, signalId?: string) => ({
  strategyId: 'main',
  coin: 'ETH',
  time: at(seconds),
  isBuy,
  px,
  sz: '1',
  fee: '0',
  ...(signalId !== undefined ? { signalId } : {}),
});

describe('execution quality (issue 43, point 1)', () => {
  it('given a long opened 250 ms after its alert at 3 above the signal price and closed 1.5 below it, then both are worse by their basis points', () => {
    const alerts = new Map([
      ['open', { receivedAt: '2026-12-01T09:59:59.750Z', price: 3000 }],
      ['close', { receivedAt: at(59), price: 3100 }],
    ]);
    const [trade] = withExecutionQuality(roundTrips([fill(0, true, '3003', 'open'), fill(60, false, '3098.45', 'close')]), alerts);

    expect(trade).toMatchObject({ entrySlippageBps: 10, exitSlippageBps: 5, alertToFillMs: 250 });
    expect(executionAverages(trade === undefined ? [] : [trade])).toEqual({ averageSlippageBps: 7.5, averageAlertToFillMs: 250 });
  });

  it('given a short filled better than its signal, then its slippage is negative', () => {
    const [trade] = withExecutionQuality(roundTrips([fill(0, false, '101', 'open')]), new Map([['open', { receivedAt: at(0), price: 100 }]]));
    expect(trade?.entrySlippageBps).toBe(-100);
    expect(trade?.exitSlippageBps).toBeUndefined();
  });

  it('given alerts without a price, or a stop that closed it, then the trade tells only what is known, and no average is made up', () => {
    const [trade] = withExecutionQuality(roundTrips([fill(0, true, '100', 'open'), fill(5, false, '90')]), new Map([['open', { receivedAt: at(-1) }]]));
    expect(trade).not.toHaveProperty('entrySlippageBps');
    expect(trade).not.toHaveProperty('exitSlippageBps');
    expect(trade?.alertToFillMs).toBe(1000);
    expect(executionAverages([])).toEqual({});
  });

  it('given log rows, then each alert is read with its price where the parsed alert carried one; a malformed body has none', () => {
    const alerts = alertsOfLogs([
      { webhookLogId: 'a', createdAt: at(0), payload: { symbol: 'ETH', coin: 'ETH', action: 'buy', orderType: 'market', price: 3000 } },
      { webhookLogId: 'b', createdAt: at(1), payload: 'not json' },
      { webhookLogId: 'c', createdAt: at(2), payload: { price: '3000' } },
    ]);
    expect([...alerts]).toEqual([
      ['a', { receivedAt: at(0), price: 3000 }],
      ['b', { receivedAt: at(1) }],
      ['c', { receivedAt: at(2) }],
    ]);
  });
});
