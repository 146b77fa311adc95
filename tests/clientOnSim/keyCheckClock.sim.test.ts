import { describe, expect, it } from 'vitest';
import { ADDRESSES, KEYS, startHarness } from './testing/simHarness.js';

const HOUR = 3_600_000;

describe('remembered key checks when the wall clock jumps back (issue 32, point 3)', () => {
  it('issue 32, point 3: given an approved key checked a moment ago and the clock set back an hour, when it is checked again, then the venue is asked again (a revoked key is not vouched for the hour)', async () => {
    // given
    let now = Date.now();
    const h = await startHarness({ client: { now: () => now } });
    try {
      const input = { privateKey: KEYS.agent, apiWalletAddress: ADDRESSES.agent, accountAddress: ADDRESSES.master, isTestnet: true };
      await h.client.verifyAgentKey(input);
      const asked = h.sim.stats().requestsByType['info extraAgents'];
      // when
      now -= HOUR;
      await h.client.verifyAgentKey(input);
      // then
      expect(h.sim.stats().requestsByType['info extraAgents']).toBe((asked ?? 0) + 1);
    } finally {
      await h.close();
    }
  });
});
