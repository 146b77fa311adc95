import { describe, expect, it } from 'vitest';
import { redactUrl } from './loggerOptions.js';

describe('redactUrl', () => {
  it('given a webhook URL, when redacted, then the secret is gone', () => {
    expect(redactUrl('/hook/AbC_123-xyz?x=1')).toBe('/hook/[REDACTED]?x=1');
  });

  it('given an OIDC callback, when redacted, then code and state are gone and the rest stays', () => {
    expect(redactUrl('/api/auth/oidc/google/callback?code=SECRET&state=S2&iss=x')).toBe('/api/auth/oidc/google/callback?code=[REDACTED]&state=[REDACTED]&iss=x');
  });

  it('given an ordinary path, when redacted, then unchanged', () => {
    expect(redactUrl('/api/positions/BTC')).toBe('/api/positions/BTC');
  });
});
