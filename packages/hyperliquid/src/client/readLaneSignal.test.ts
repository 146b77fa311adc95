import { describe, expect, it } from 'vitest';
import { HyperliquidReadError } from './readError.js';
import { ONE_ETH_MARKET, scriptedClient } from './testing/scriptedClient.js';

const ACCOUNT = { accountAddress: '0x1111111111111111111111111111111111111111', isTestnet: true, mode: 'standard' as const };
const T0 = Date.UTC(2026, 11, 1);

/** A client on a scripted venue with a budget of 100 a minute, on a clock that stands still: room never comes back by itself. */
const clientOnFullBudget = () => scriptedClient(() => ONE_ETH_MARKET, { weightBudget: { perMinute: 100 }, now: () => T0 });

describe('HyperliquidClient: a deferrable read given up by its signal', () => {
  it('given the deferrable share filled, when the fills and account reads wait for room and their signal aborts, then each is given up as a cancelled read and none is sent', async () => {
    const { client, sent } = clientOnFullBudget();
    for (let i = 0; i < 3; i += 1) await client.getFundingRates(true); // 3 × 20 at the order-read priority: 60, the deferrable share
    const stop = new AbortController();
    const lane = { priority: 'deferrable', signal: stop.signal } as const;

    const fills = client.getUserFills(ACCOUNT, T0, lane);
    const snapshot = client.getAccountSnapshot(ACCOUNT, lane);
    const settled = Promise.allSettled([fills, snapshot]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.budget(true).byPriority.deferrable.waits).toBe(3);
    stop.abort();

    const [fillsRead, snapshotRead] = await settled;
    for (const given of [fillsRead, snapshotRead]) {
      expect(given?.status === 'rejected' && given.reason).toBeInstanceOf(HyperliquidReadError);
      expect(given?.status === 'rejected' && (given.reason as HyperliquidReadError).outcome).toMatchObject({
        reason: 'aborted',
        message: 'The request was cancelled.',
      });
    }
    expect([...sent('userFillsByTime'), ...sent('clearinghouseState'), ...sent('spotClearinghouseState')]).toEqual([]);
  });
});
