import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createExchangeClient } from './exchangeClientFactory.js';
import { type ExchangeOutcome, ExchangeOutcomeSchema } from './exchangeOutcome.js';
import { NonceManager } from './nonceManager.js';
import { RetryingTransport } from './retryingTransport.js';
import { type ScriptStep, ScriptedTransport } from './testing/scriptedTransport.js';
import { answers, droppedConnectionError, httpError, refusedConnectionError, timeoutError } from './testing/transportErrors.js';
import { outcomeFromError, outcomeFromResponse, type OrderExpectation } from './toExchangeOutcome.js';

const ENTRY = { a: 0, b: true, p: '100', s: '1', r: false, t: { limit: { tif: 'Ioc' as const } }, c: `0x${'ab'.repeat(16)}` as `0x${string}` };
const TP = { a: 0, b: false, p: '99', s: '1', r: true, t: { trigger: { isMarket: true, triggerPx: '110', tpsl: 'tp' as const } } };
const SL = { a: 0, b: false, p: '81', s: '1', r: true, t: { trigger: { isMarket: true, triggerPx: '90', tpsl: 'sl' as const } } };

/**
 * Sends one order through the production exchange path (nk ExchangeClient over the retrying
 * transport) to a fake venue that answers with `steps`, and maps the result as the client does.
 */
async function send(steps: ScriptStep[], expectation: OrderExpectation = { requestedSize: 1, children: [] }) {
  const fake = new ScriptedTransport(true).then(...steps);
  const sleeps: number[] = [];
  const transport = new RetryingTransport(fake, { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 });
  const exchange = createExchangeClient({ transport, wallet: privateKeyToAccount(`0x${'22'.repeat(32)}`), nonces: new NonceManager() });
  const orders = expectation.children.length === 2 ? [ENTRY, TP, SL] : [ENTRY];
  let outcome: ExchangeOutcome;
  try {
    outcome = outcomeFromResponse(await exchange.order({ orders, grouping: orders.length > 1 ? 'normalTpsl' : 'na' }), expectation);
  } catch (error) {
    outcome = await outcomeFromError(error, 'exchange', expectation);
  }
  ExchangeOutcomeSchema.parse(outcome); // every outcome is valid against its zod description
  return { outcome, fake, sleeps };
}

const answer =
  (body: unknown): ScriptStep =>
  () =>
    body;
const fail =
  (error: unknown): ScriptStep =>
  () => {
    throw error;
  };

describe('exchange answers mapped to outcomes', () => {
  it('given a resting status, when mapped, then the outcome is resting with the oid', async () => {
    const { outcome } = await send([answer(answers.resting(77738308))]);
    expect(outcome).toEqual({ kind: 'resting', oid: 77738308, children: [] });
  });

  it('given a full fill, when mapped, then filled with numbers and not partial', async () => {
    const { outcome } = await send([answer(answers.filled(9, '1.0', '1891.4'))]);
    expect(outcome).toEqual({ kind: 'filled', oid: 9, filledSize: 1, avgPrice: 1891.4, partial: false, children: [] });
  });

  it('given an IOC that filled less than asked, when mapped, then filled and partial', async () => {
    const { outcome } = await send([answer(answers.filled(9, '0.4', '100'))]);
    expect(outcome).toMatchObject({ kind: 'filled', filledSize: 0.4, partial: true });
  });

  it('given a filled entry with TP and SL, when mapped, then both children wait for their trigger', async () => {
    const body = answers.statuses({ filled: { totalSz: '1', avgPx: '100', oid: 5 } }, 'waitingForTrigger', 'waitingForTrigger');
    const { outcome } = await send([answer(body)], { requestedSize: 1, children: ['tp', 'sl'] });
    expect(outcome).toMatchObject({
      kind: 'filled',
      children: [
        { kind: 'tp', status: 'waitingForTrigger' },
        { kind: 'sl', status: 'waitingForTrigger' },
      ],
    });
  });

  it('given a resting entry with TP and SL, when mapped, then both children wait for the fill', async () => {
    const body = answers.statuses({ resting: { oid: 6 } }, 'waitingForFill', 'waitingForFill');
    const { outcome } = await send([answer(body)], { requestedSize: 1, children: ['tp', 'sl'] });
    expect(outcome).toMatchObject({ kind: 'resting', oid: 6, children: [{ status: 'waitingForFill' }, { status: 'waitingForFill' }] });
  });

  it('given a filled entry whose stop-loss was refused, when mapped, then the entry is filled and the child carries the error', async () => {
    const body = answers.statuses({ filled: { totalSz: '1', avgPx: '100', oid: 5 } }, 'waitingForTrigger', { error: 'Invalid TP/SL price. asset=0' });
    const { outcome } = await send([answer(body)], { requestedSize: 1, children: ['tp', 'sl'] });
    expect(outcome).toMatchObject({
      kind: 'filled',
      children: [{ status: 'waitingForTrigger' }, { kind: 'sl', status: 'rejected', message: 'Invalid TP/SL price. asset=0' }],
    });
  });

  const perOrder: Array<[string, string]> = [
    ['Order must have minimum value of $10. asset=0', 'minNotional'],
    ['Insufficient margin to place order. asset=0', 'insufficientMargin'],
    ['Reduce only order would increase position. asset=0', 'reduceOnly'],
    ['Order could not immediately match against any resting orders. asset=0', 'noLiquidity'],
    ['Price must be divisible by tick size. asset=0', 'invalidPrice'],
    ['Order has invalid size.', 'invalidSize'],
    ['Post only order would have immediately matched, bbo was 1@2', 'postOnly'],
    ['Order price cannot be more than 80% away from the reference price', 'priceBand'],
    ['Order would increase open interest while open interest is capped', 'openInterestCap'],
    ['Something new the venue says', 'orderRejected'],
  ];
  for (const [text, reason] of perOrder) {
    it(`given the per-order error "${text}", when mapped, then rejected (${reason}), not transient, text kept`, async () => {
      const { outcome } = await send([answer(answers.orderError(text))]);
      expect(outcome).toEqual({ kind: 'rejected', transient: false, reason, message: text, stage: 'venue' });
    });
  }

  it('given one pre-validation error for a three-order batch, when mapped, then the entry is rejected with it', async () => {
    const { outcome } = await send([answer(answers.statuses({ error: 'Invalid TP/SL price.' }))], { requestedSize: 1, children: ['tp', 'sl'] });
    expect(outcome).toMatchObject({ kind: 'rejected', reason: 'invalidTpsl', message: 'Invalid TP/SL price.' });
  });

  const topLevel: Array<[string, string, boolean]> = [
    ['Invalid nonce: duplicate nonce 1700000000000', 'nonce', true],
    ['Too many cumulative requests sent (97460 > 97456) for cumulative volume traded $87457.46.', 'rateLimited', true],
    ['Action already expired', 'expired', true],
    ['L1 error: User or API Wallet 0x1234567890123456789012345678901234567890 does not exist.', 'signer', false],
    ['Must deposit before performing actions. User: 0x1234567890123456789012345678901234567890', 'signer', false],
    ['Vault not registered: 0x1234567890123456789012345678901234567890', 'exchangeError', false],
  ];
  for (const [text, reason, transient] of topLevel) {
    it(`given the top-level error "${text.slice(0, 40)}…", when mapped, then ${transient ? 'transientError' : 'rejected'} (${reason})`, async () => {
      const { outcome } = await send([answer(answers.topLevel(text))]);
      expect(outcome).toMatchObject({ kind: transient ? 'transientError' : 'rejected', transient, reason, message: text, stage: 'venue' });
    });
  }

  it('given an unknown API wallet, when mapped, then the outcome carries advice for the user', async () => {
    const { outcome } = await send([answer(answers.topLevel('User or API Wallet 0xabc does not exist.'))]);
    expect(outcome).toMatchObject({ reason: 'signer', hint: expect.stringContaining('authorize it again') });
  });

  it('given HTTP 422 with a text body, when mapped, then rejected badRequest keeping the text', async () => {
    const { outcome } = await send([fail(httpError(422, 'Failed to deserialize the JSON body into the target type'))]);
    expect(outcome).toEqual({
      kind: 'rejected',
      transient: false,
      reason: 'badRequest',
      message: 'Failed to deserialize the JSON body into the target type',
      stage: 'venue',
      httpStatus: 422,
    });
  });

  it('given two 429s then a fill, when sent, then it backs off twice, resends the same signed body and succeeds', async () => {
    const { outcome, fake, sleeps } = await send([
      fail(httpError(429, 'rate limited')),
      fail(httpError(429, 'rate limited')),
      answer(answers.filled(3, '1', '100')),
    ]);
    expect(outcome).toMatchObject({ kind: 'filled', oid: 3 });
    expect(sleeps).toEqual([188, 375]); // 250·2^n with jitter 0.5 → 3/4 of it
    const bodies = fake.sentTo('exchange').map((request) => JSON.stringify(request.payload));
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
  });

  it('given a Retry-After header on a 429, when backing off, then the hint lengthens the wait', async () => {
    const { sleeps } = await send([fail(httpError(429, 'slow down', { 'retry-after': '2' })), answer(answers.resting(1))]);
    expect(sleeps).toEqual([2000]);
  });

  it('given 429 on every attempt, when retries run out, then transientError rateLimited after the bounded retries', async () => {
    const steps = Array.from({ length: 5 }, () => fail(httpError(429, 'rate limited')));
    const { outcome, fake, sleeps } = await send(steps);
    expect(outcome).toMatchObject({ kind: 'transientError', transient: true, reason: 'rateLimited', httpStatus: 429 });
    expect(fake.sentTo('exchange')).toHaveLength(5);
    expect(sleeps).toHaveLength(4);
  });

  it('given HTTP 502 on an order, when mapped, then transientError serverError and no automatic resend', async () => {
    const { outcome, fake } = await send([fail(httpError(502, 'Bad Gateway')), answer(answers.resting(1))]);
    expect(outcome).toMatchObject({ kind: 'transientError', transient: true, reason: 'serverError', httpStatus: 502 });
    expect(fake.sentTo('exchange')).toHaveLength(1);
  });

  it('given a timeout, when mapped, then uncertain: the order may have been placed', async () => {
    const { outcome, fake } = await send([fail(timeoutError())]);
    expect(outcome).toMatchObject({ kind: 'uncertain', transient: true, reason: 'timeout', stage: 'network' });
    expect(fake.sentTo('exchange')).toHaveLength(1);
  });

  it('given a connection dropped after sending, when mapped, then uncertain connectionDropped', async () => {
    const { outcome } = await send([fail(droppedConnectionError())]);
    expect(outcome).toMatchObject({ kind: 'uncertain', reason: 'connectionDropped', message: expect.stringContaining('other side closed') });
  });

  it('given a refused connection, when mapped, then transientError unreachable: nothing was sent', async () => {
    const { outcome } = await send([fail(refusedConnectionError())]);
    expect(outcome).toMatchObject({ kind: 'transientError', reason: 'unreachable' });
  });

  it('given an ok answer in a shape nobody knows, when mapped, then uncertain (something was accepted)', async () => {
    const { outcome } = await send([answer({ status: 'ok', response: { type: 'order', data: { statuses: [{ surprise: true }] } } })]);
    expect(outcome).toMatchObject({ kind: 'uncertain', reason: 'unreadableResponse' });
  });

  it('given a default answer to a non-order action, when mapped, then ok', () => {
    expect(outcomeFromResponse(answers.ok())).toEqual({ kind: 'ok' });
  });

  it('given a read that timed out, when mapped for info, then transientError rather than uncertain', async () => {
    expect(await outcomeFromError(timeoutError(), 'info')).toMatchObject({ kind: 'transientError', reason: 'timeout' });
    expect(await outcomeFromError(droppedConnectionError(), 'info')).toMatchObject({ kind: 'transientError', reason: 'connectionDropped' });
  });

  it('given an order nk refuses before signing, when mapped, then rejected invalidOrder from the client', async () => {
    const fake = new ScriptedTransport(true);
    const exchange = createExchangeClient({ transport: fake, wallet: privateKeyToAccount(`0x${'22'.repeat(32)}`), nonces: new NonceManager() });
    // nk validates synchronously, before returning a promise.
    const error = await (async () => exchange.order({ orders: [{ ...ENTRY, p: '0' }], grouping: 'na' }))().catch((e: unknown) => e);
    expect(await outcomeFromError(error, 'exchange')).toMatchObject({ kind: 'rejected', reason: 'invalidOrder', stage: 'client' });
    expect(fake.requests).toHaveLength(0);
  });

  it('given a programming error, when mapped, then it is rethrown rather than disguised as an answer', async () => {
    await expect(outcomeFromError(new Error('bug'), 'exchange')).rejects.toThrow('bug');
  });
});

describe('RetryingTransport on reads', () => {
  it('given a 5xx then an answer on info, when read, then the read is retried', async () => {
    const fake = new ScriptedTransport(true).then(fail(httpError(503, 'busy')), answer({ BTC: '1' }));
    const transport = new RetryingTransport(fake, { sleep: async () => undefined });
    await expect(transport.request('info', { type: 'allMids' })).resolves.toEqual({ BTC: '1' });
    expect(fake.requests).toHaveLength(2);
  });

  it('given a 422 on info, when read, then it is not retried', async () => {
    const fake = new ScriptedTransport(true).then(fail(httpError(422, 'bad')), answer({}));
    const transport = new RetryingTransport(fake, { sleep: async () => undefined });
    await expect(transport.request('info', { type: 'nope' })).rejects.toThrow();
    expect(fake.requests).toHaveLength(1);
  });
});
