import { describe, expect, it } from 'vitest';
import { redactUrl } from './loggerOptions.js';

describe('redactUrl', () => {
  it('given a webhook URL, when redacted, then the secret is gone', () => {
    expect(redactUrl('/hook/AbC_123-xyz?x=1')).toBe('/hook/[REDACTED]?x=1');
  });

  it('given an OIDC callback, when redacted, then code and state are gone and the rest stays', () => {
    expect(redactUrl('/api/auth/oidc/google/callback?code=SECRET&state=S2&iss=x')).toBe(
      '/api/auth/oidc/google/callback?code=[REDACTED]&state=[REDACTED]&iss=x',
    );
  });

  it('given an ordinary path, when redacted, then unchanged', () => {
    expect(redactUrl('/api/positions/BTC')).toBe('/api/positions/BTC');
  });

  it('given the live WebSocket URL, when redacted, then the token in the query is gone wherever it sits', () => {
    expect(redactUrl('/api/live?token=eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl')).toBe('/api/live?token=[REDACTED]');
    expect(redactUrl('/api/live?since=5&token=abc&x=1')).toBe('/api/live?since=5&token=[REDACTED]&x=1');
    expect(redactUrl('/api/live?TOKEN=abc&access_token=def')).toBe('/api/live?TOKEN=[REDACTED]&access_token=[REDACTED]');
  });

  it('given mistyped webhook URLs, when redacted, then the secret is gone too', () => {
    expect(redactUrl('//hook/AbC_123')).toBe('//hook/[REDACTED]');
    expect(redactUrl('/Hook/AbC_123/extra')).toBe('/Hook/[REDACTED]/extra');
    expect(redactUrl('/hook//AbC_123')).toBe('/hook//[REDACTED]');
    expect(redactUrl('/hook/AbC_123?token=t')).toBe('/hook/[REDACTED]?token=[REDACTED]');
  });

  it('issue 32, point 1: given a webhook secret in any spelling of the path, when redacted, then the secret is gone', () => {
    const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    for (const spelled of [
      `/%68ook/${secret}`,
      `/%2568ook/${secret}`,
      `/HOOK/${secret}`,
      `/hook./${secret}`,
      `/hook/${secret}.`,
      `/hook%2F${secret}`,
      `/h%6F%6Fk//${secret}/`,
      `/api/../hook/${secret}`,
      `/${secret}`,
      `/hooks/${secret}x`,
      `/x?ref=${secret}`,
      `/x?%74oken=abc`,
    ]) {
      const redacted = redactUrl(spelled);
      expect(redacted, spelled).not.toContain(secret);
      expect(redacted, spelled).toContain('[REDACTED]');
    }
    expect(redactUrl(`/%68ook/${secret}`)).toBe('/hook/[REDACTED]');
  });

  it('given escapes that are not ASCII or not escapes at all, then they stay as sent and nothing throws', () => {
    expect(redactUrl('/api/positions/%E2%82%AC%ZZ%')).toBe('/api/positions/%E2%82%AC%ZZ%');
    expect(redactUrl('/api/webhook-logs/0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b')).toBe('/api/webhook-logs/0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b');
  });

  it('given paths that only look alike, when redacted, then unchanged', () => {
    expect(redactUrl('/api/webhook-logs?status=failed&limit=20')).toBe('/api/webhook-logs?status=failed&limit=20');
    expect(redactUrl('/api/auth/webhook-url')).toBe('/api/auth/webhook-url');
    expect(redactUrl('/api/live?tokens=2')).toBe('/api/live?tokens=2');
  });
});
