import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createExchangeClient } from './exchangeClientFactory.js';
import { NonceManager } from './nonceManager.js';
import { ScriptedTransport } from './testing/scriptedTransport.js';

const SIGNER = '0xAbC0000000000000000000000000000000000001';

describe('NonceManager', () => {
  it('given a moving clock, when asked, then it returns the clock', () => {
    let now = 1_700_000_000_000;
    const nonces = new NonceManager(() => now);
    expect(nonces.next(SIGNER)).toBe(1_700_000_000_000);
    now += 5;
    expect(nonces.next(SIGNER)).toBe(1_700_000_000_005);
  });

  it('given a frozen clock, when asked twice, then the second is last + 1', () => {
    const nonces = new NonceManager(() => 1000);
    expect([nonces.next(SIGNER), nonces.next(SIGNER), nonces.next(SIGNER)]).toEqual([1000, 1001, 1002]);
  });

  it('given a clock that steps back, when asked, then nonces still increase', () => {
    let now = 5000;
    const nonces = new NonceManager(() => now);
    nonces.next(SIGNER);
    now = 4000;
    expect(nonces.next(SIGNER)).toBe(5001);
  });

  it('issue 32, point 3: given the clock jumps back an hour, when the signer signs for the whole hour, then every nonce is above the last one before the jump (the venue refuses a reused or smaller nonce)', () => {
    const HOUR = 3_600_000;
    let now = 1_700_000_000_000;
    const nonces = new NonceManager(() => now);
    const before = nonces.next(SIGNER);
    now -= HOUR;
    const during: number[] = [];
    for (let step = 0; step <= HOUR; step += 60_000) {
      now = 1_700_000_000_000 - HOUR + step;
      during.push(nonces.next(SIGNER));
    }
    expect(during[0]).toBe(before + 1);
    for (let i = 1; i < during.length; i++) expect(during[i]).toBeGreaterThan(during[i - 1] as number);
    now = (during.at(-1) as number) + 1_000; // the clock has passed the nonces: it leads again
    expect(nonces.next(SIGNER)).toBe(now);
  });

  it('issue 32, point 3: given the clock jumps forward an hour and back, when asked, then nonces keep increasing from the highest one handed out', () => {
    const HOUR = 3_600_000;
    let now = 1_700_000_000_000;
    const nonces = new NonceManager(() => now);
    now += HOUR;
    const ahead = nonces.next(SIGNER);
    now -= HOUR;
    expect(nonces.next(SIGNER)).toBe(ahead + 1);
  });

  it('given two signers, when asked, then each has its own sequence', () => {
    const nonces = new NonceManager(() => 1000);
    nonces.next(SIGNER);
    nonces.next(SIGNER);
    expect(nonces.next('0x0000000000000000000000000000000000000002')).toBe(1000);
  });

  it('given one signer spelled in two cases, when asked, then they share one sequence', () => {
    const nonces = new NonceManager(() => 1000);
    nonces.next(SIGNER);
    expect(nonces.next(SIGNER.toLowerCase())).toBe(1001);
  });

  it('given 1,000 concurrent calls for one signer, when awaited, then all nonces are distinct and increase in call order', async () => {
    const nonces = new NonceManager(() => 42);
    const results = await Promise.all(
      Array.from({ length: 1000 }, async () => {
        await Promise.resolve();
        return nonces.next(SIGNER);
      }),
    );
    expect(new Set(results).size).toBe(1000);
    for (let i = 1; i < results.length; i++) expect(results[i]).toBeGreaterThan(results[i - 1] as number);
  });

  it('given 1,000 concurrent orders signed by one API wallet, when sent, then the venue sees strictly increasing nonces', async () => {
    const transport = new ScriptedTransport(true, () => ({ status: 'ok', response: { type: 'order', data: { statuses: [{ resting: { oid: 1 } }] } } }));
    const nonces = new NonceManager(() => 1_700_000_000_000); // frozen: every nonce comes from last + 1
    const exchange = createExchangeClient({ transport, wallet: privateKeyToAccount(`0x${'11'.repeat(32)}`), nonces });
    const order = { a: 0, b: true, p: '100', s: '1', r: false, t: { limit: { tif: 'Gtc' as const } } };
    await Promise.all(Array.from({ length: 1000 }, () => exchange.order({ orders: [order], grouping: 'na' })));
    const seen = transport.sentTo('exchange').map((request) => request.payload.nonce as number);
    expect(seen).toHaveLength(1000);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);
  });
});
