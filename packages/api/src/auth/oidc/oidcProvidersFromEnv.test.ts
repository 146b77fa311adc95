import { describe, expect, it } from 'vitest';
import { oidcProvidersFromEnv } from './oidcProvidersFromEnv.js';

describe('oidcProvidersFromEnv (OIDC_<ID>_* variables)', () => {
  it('API-26: given Google and a custom provider, when read, then both with defaults filled', () => {
    expect(
      oidcProviders({
        OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
        OIDC_GOOGLE_CLIENT_ID: 'g-id',
        OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
        OIDC_CORP_SSO_ISSUER: 'https://sso.example.com',
        OIDC_CORP_SSO_CLIENT_ID: 'c-id',
        OIDC_CORP_SSO_LABEL: 'Corp',
        OIDC_CORP_SSO_SCOPE: 'openid email',
      }),
    ).toEqual([
      { id: 'corp_sso', label: 'Corp', issuer: 'https://sso.example.com', clientId: 'c-id', scope: 'openid email' },
      { id: 'google', label: 'Google', issuer: 'https://accounts.google.com', clientId: 'g-id', clientSecret: 'g-secret' },
    ]);
  });

  it('given an issuer without client id, when read, then it throws naming the variable', () => {
    expect(() => oidcProviders({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' })).toThrow('OIDC_GOOGLE_CLIENT_ID');
  });

  it('given plain-http issuers, when read, then only a loopback one may talk http (a local test provider), never a remote one', () => {
    const [local, remote] = oidcProviders({
      OIDC_A_ISSUER: 'http://127.0.0.1:4000',
      OIDC_A_CLIENT_ID: 'a',
      OIDC_B_ISSUER: 'http://sso.example.com',
      OIDC_B_CLIENT_ID: 'b',
    });
    expect(local).toMatchObject({ id: 'a', allowInsecureRequests: true });
    expect(remote).not.toHaveProperty('allowInsecureRequests');
  });

  it('given no OIDC variables, when read, then no provider', () => {
    expect(oidcProviders({ PORT: '8080' })).toEqual([]);
  });
});

function oidcProviders(env: Record<string, string>) {
  return oidcProvidersFromEnv(env);
}
