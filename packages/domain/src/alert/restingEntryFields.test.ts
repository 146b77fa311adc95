import { describe, expect, it } from 'vitest';
import { parseAlert } from './parseAlert.js';

function rejection(result: ReturnType<typeof parseAlert>): { code: string; field?: string; message: string } | undefined {
  return result.ok ? undefined : result.rejection;
}

const limit = { symbol: 'ETH', action: 'buy', orderType: 'limit', price: 3000, size: 100 };

describe('parseAlert: cancelAfterMinutes (issue 41 §1)', () => {
  it.each([
    [30, 30],
    ['90', 90],
    [43_200, 43_200],
  ])('issue 41 §1 cancelAfterMinutes: given a GTC limit entry with %j, when parsed, then it is cancelled after %d minutes', (value, minutes) => {
    expect(parseAlert({ ...limit, cancelAfterMinutes: value })).toMatchObject({ ok: true, alert: { cancelAfterMinutes: minutes } });
  });

  it('issue 41 §1 cancelAfterMinutes: given a post-only limit, when parsed, then it is accepted: ALO rests too', () => {
    expect(parseAlert({ ...limit, timeInForce: 'ALO', cancelAfterMinutes: 5 })).toMatchObject({
      ok: true,
      alert: { timeInForce: 'ALO', cancelAfterMinutes: 5 },
    });
  });

  it.each([0, -5, 43_201, 'soon'])('issue 41 §1 cancelAfterMinutes: given %j, when parsed, then it is refused naming the field and its bounds', (value) => {
    expect(rejection(parseAlert({ ...limit, cancelAfterMinutes: value }))).toMatchObject({
      code: 'INVALID_NUMBER',
      field: 'cancelAfterMinutes',
      message: expect.stringContaining('at most 43,200 (30 days)') as string,
    });
  });

  it.each([
    ['a market order', { symbol: 'ETH', action: 'buy', size: 100 }],
    ['an IOC limit', { ...limit, timeInForce: 'IOC' }],
    ['a close', { symbol: 'ETH', action: 'close' }],
    ['a cancel', { symbol: 'ETH', action: 'cancel' }],
  ])('issue 41 §1 cancelAfterMinutes: given %s, when parsed, then it is refused: only a resting limit entry can be cancelled later', (_what, alert) => {
    expect(rejection(parseAlert({ ...alert, cancelAfterMinutes: 30 }))).toMatchObject({
      code: 'UNSUPPORTED_VALUE',
      field: 'cancelAfterMinutes',
      message: expect.stringContaining('needs a resting limit entry') as string,
    });
  });
});

describe('parseAlert: ladder (issue 41 §2)', () => {
  const ladder = { symbol: 'ETH', action: 'buy', size: 500, ladder: { from: 3400, to: 3300, orders: 5 } };

  it('issue 41 §2 ladder: given a buy with a ladder and no price or orderType, when parsed, then it is a limit entry with the ladder', () => {
    expect(parseAlert(ladder)).toMatchObject({ ok: true, alert: { orderType: 'limit', ladder: { from: 3400, to: 3300, orders: 5 } } });
  });

  it('issue 41 §2 ladder: given a ladder with cancelAfterMinutes and numbers as text, when parsed, then both are read', () => {
    expect(parseAlert({ ...ladder, ladder: { from: '3400', to: '3300', orders: '3' }, cancelAfterMinutes: 30 })).toMatchObject({
      ok: true,
      alert: { ladder: { from: 3400, to: 3300, orders: 3 }, cancelAfterMinutes: 30 },
    });
  });

  it.each([
    [{ from: 3400, to: 3300, orders: 1 }, 'ladder.orders'],
    [{ from: 3400, to: 3300, orders: 21 }, 'ladder.orders'],
    [{ from: 3400, to: 3300, orders: 2.5 }, 'ladder.orders'],
    [{ from: 0, to: 3300, orders: 5 }, 'ladder.from'],
    [{ from: 3400, orders: 5 }, 'ladder.to'],
    [{ from: 3300, to: 3300, orders: 5 }, 'ladder.to'],
    ['3400-3300', 'ladder'],
  ])('issue 41 §2 ladder: given %j, when parsed, then it is refused naming %s', (value, field) => {
    expect(rejection(parseAlert({ ...ladder, ladder: value }))).toMatchObject({ field });
  });

  it.each([
    ['a price of its own', { price: 3350 }, 'price'],
    ['a market orderType', { orderType: 'market' }, 'ladder'],
    ['IOC', { timeInForce: 'IOC' }, 'timeInForce'],
    ['a close', { action: 'close' }, 'ladder'],
    ['a target', { action: undefined, target: 'long' }, 'ladder'],
    ['a stop-loss', { stopLoss: 3000 }, 'stopLoss'],
  ])('issue 41 §2 ladder: given a ladder with %s, when parsed, then it is refused naming the field', (_what, extra, field) => {
    expect(rejection(parseAlert({ ...ladder, ...extra }))).toMatchObject({ code: 'UNSUPPORTED_VALUE', field });
  });
});
