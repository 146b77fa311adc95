import { describe, expect, it } from 'vitest';
import { rateLimitOf } from './apiDeps.js';
import { exchangeTuningOf } from './buildRoleDeps.js';
import { loadConfig } from './config.js';

describe('CLI wiring from the environment (ARCHITECTURE §6)', () => {
  it('given no tuning variables, when read, then the client defaults apply (10 s timeout, 60 s order expiry)', () => {
    expect(exchangeTuningOf(loadConfig({}))).toEqual({ timeoutMs: 10_000, orderExpiryMs: 60_000 });
  });

  it('given valid and invalid tuning variables, when read, then valid ones apply and invalid ones fall back', () => {
    expect(exchangeTuningOf(loadConfig({ HYPERLIQUID_TIMEOUT_MS: '1500', HYPERLIQUID_ORDER_EXPIRY_MS: 'soon' }))).toEqual({
      timeoutMs: 1_500,
      orderExpiryMs: 60_000,
    });
  });

  it('given no rate-limit variables, when read, then the gateway keeps its defaults; given both, then both are passed', () => {
    expect(rateLimitOf(loadConfig({}))).toEqual({});
    expect(rateLimitOf(loadConfig({ HYPERHOOK_RATE_LIMIT_MAX: '1000', HYPERHOOK_AUTH_RATE_LIMIT_MAX: '50' }))).toEqual({
      rateLimit: { max: 1000, authMax: 50 },
    });
    expect(rateLimitOf(loadConfig({ HYPERHOOK_AUTH_RATE_LIMIT_MAX: '-1' }))).toEqual({});
  });
});
