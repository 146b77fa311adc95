import { describe, expect, it } from 'vitest';
import { call, createTestApp, startTestSimulator } from '../../testing/testApp.js';

describe('GET /api/config', () => {
  it('PROD-03, PROD-04, LEGAL-07: given a configured referral code and support email, when an anonymous visitor reads the public config, then both are answered in the envelope', async () => {
    // given
    const sim = await startTestSimulator();
    const t = await createTestApp({ sim, config: { referralCode: 'FRIENDS10', supportEmail: 'help@example.org' } });
    try {
      // when
      const res = await call(t.app, 'GET', '/api/config', null);
      // then
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { referralCode: 'FRIENDS10', supportEmail: 'help@example.org' } });
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
