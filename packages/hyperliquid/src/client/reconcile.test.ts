import type { OrderStatusResponse } from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { reconcileFromOrderStatus } from './reconcile.js';

const found = (status: string, sz: string, origSz = '1.0'): OrderStatusResponse =>
  ({
    status: 'order',
    order: {
      order: {
        coin: 'BTC',
        side: 'B',
        limitPx: '100000.0',
        sz,
        oid: 42,
        timestamp: 1,
        origSz,
        triggerCondition: 'N/A',
        isTrigger: false,
        triggerPx: '0.0',
        children: [],
        isPositionTpsl: false,
        reduceOnly: false,
        orderType: 'Limit',
        tif: 'Ioc',
        cloid: `0x${'cd'.repeat(16)}`,
      },
      status,
      statusTimestamp: 2,
    },
  }) as OrderStatusResponse;

describe('reconcileFromOrderStatus', () => {
  it('given unknownOid before the order expired, when read, then notFound and not final', () => {
    expect(reconcileFromOrderStatus({ status: 'unknownOid' }, 2000, 1000)).toEqual({ kind: 'notFound', final: false });
  });

  it('given unknownOid after the order expired, when read, then notFound and final', () => {
    expect(reconcileFromOrderStatus({ status: 'unknownOid' }, 2000, 2001)).toEqual({ kind: 'notFound', final: true });
  });

  it('given unknownOid without an expiry, when read, then never final', () => {
    expect(reconcileFromOrderStatus({ status: 'unknownOid' }, undefined, 9e12)).toEqual({ kind: 'notFound', final: false });
  });

  it('given a filled order, when read, then found with a filled outcome and unknown average price', () => {
    const result = reconcileFromOrderStatus(found('filled', '0.0'), undefined, 0);
    expect(result).toMatchObject({ kind: 'found', oid: 42, status: 'filled', isBuy: true, filledSize: 1, originalSize: 1 });
    expect(result.kind === 'found' && result.outcome).toEqual({
      kind: 'filled',
      oid: 42,
      cloid: `0x${'cd'.repeat(16)}`,
      filledSize: 1,
      avgPrice: null,
      partial: false,
      children: [],
    });
  });

  it('given an IOC cancelled after a partial fill, when read, then filled and partial', () => {
    const result = reconcileFromOrderStatus(found('canceled', '0.6'), undefined, 0);
    expect(result.kind === 'found' && result.outcome).toMatchObject({ kind: 'filled', filledSize: 0.4, partial: true });
  });

  it('given an open order, when read, then resting', () => {
    const result = reconcileFromOrderStatus(found('open', '1.0'), undefined, 0);
    expect(result.kind === 'found' && result.outcome).toMatchObject({ kind: 'resting', oid: 42 });
  });

  it('given a rejected order with nothing filled, when read, then found with a rejected outcome naming the status', () => {
    const result = reconcileFromOrderStatus(found('iocCancelRejected', '1.0'), undefined, 0);
    expect(result).toMatchObject({ kind: 'found', status: 'iocCancelRejected' });
    expect(result.kind === 'found' && result.outcome).toMatchObject({ kind: 'rejected', message: expect.stringContaining('iocCancelRejected') });
  });
});
