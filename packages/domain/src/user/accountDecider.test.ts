import { foldState } from '../shared/decider.js';
import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { accountDecider, type AccountCommand } from './accountDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, ARGON2_HASH, at, SECRET_HASH_1, SECRET_HASH_2, sealed, UID } from '../testing/fixtures.js';

const spec = deciderSpec(accountDecider);

const signUp = (overrides: Partial<Extract<AccountCommand, { type: 'SignUp' }>> = {}): AccountCommand => ({
  type: 'SignUp',
  uid: UID,
  email: '  Trader@Example.COM ',
  credential: { kind: 'password', passwordHash: ARGON2_HASH, passwordLength: 8 },
  webhookSecret: { secretHash: SECRET_HASH_1, sealedSecret: sealed('wk-1') },
  at: at(0),
  ...overrides,
});

describe('accountDecider — SignUp', () => {
  it('VAL-01, CARD-17: a new account records the user (email trimmed and lower-cased) and its first webhook secret', () => {
    spec
      .given([])
      .when(signUp())
      .then([
        { type: 'UserSignedUp', v: 1, data: { uid: UID, email: 'trader@example.com', passwordHash: ARGON2_HASH, at: at(0) } },
        { type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_1, sealedSecret: sealed('wk-1'), at: at(0) } },
        { type: 'StrategyCreated', v: 1, data: { strategyId: 'main', name: 'Main', venue: 'live', at: at(0) } },
      ]);
  });

  it('VAL-01: an empty email is refused', () => {
    spec
      .given([])
      .when(signUp({ email: '   ' }))
      .then({ code: 'EMAIL_REQUIRED', message: 'Please enter your email address.' });
  });

  it('VAL-01: a malformed email is refused', () => {
    spec
      .given([])
      .when(signUp({ email: 'not-an-email' }))
      .then({ code: 'EMAIL_INVALID', message: 'Please enter a valid email address.' });
  });

  it('VAL-02: a password of 5 characters is refused with "Password must be at least 6 characters"', () => {
    spec
      .given([])
      .when(signUp({ credential: { kind: 'password', passwordHash: ARGON2_HASH, passwordLength: 5 } }))
      .then({ code: 'PASSWORD_TOO_SHORT', title: 'Password too short', message: 'Password must be at least 6 characters' });
  });

  it('VAL-02: a password of exactly 6 characters is accepted', () => {
    const [first] = accountDecider.decide(
      signUp({ credential: { kind: 'password', passwordHash: ARGON2_HASH, passwordLength: 6 } }),
      accountDecider.initialState(),
    );
    expect(first?.type).toBe('UserSignedUp');
  });

  it('PROD-06: an OpenID Connect sign-up has no password hash and links the identity', () => {
    spec
      .given([])
      .when(signUp({ credential: { kind: 'external', issuer: 'https://accounts.google.com', subject: 'g-123', email: 'Trader@Example.com' } }))
      .then([
        { type: 'UserSignedUp', v: 1, data: { uid: UID, email: 'trader@example.com', passwordHash: null, at: at(0) } },
        { type: 'ExternalIdentityLinked', v: 1, data: { issuer: 'https://accounts.google.com', subject: 'g-123', email: 'trader@example.com', at: at(0) } },
        { type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_1, sealedSecret: sealed('wk-1'), at: at(0) } },
        { type: 'StrategyCreated', v: 1, data: { strategyId: 'main', name: 'Main', venue: 'live', at: at(0) } },
      ]);
  });

  it('a second sign-up on an existing stream is refused', () => {
    spec.given(account).when(signUp()).then({ code: 'ACCOUNT_EXISTS', title: 'Failed to create account', message: 'An account already exists for this user.' });
  });
});

describe('accountDecider — RotateWebhookSecret', () => {
  const rotate: AccountCommand = { type: 'RotateWebhookSecret', secretHash: SECRET_HASH_2, sealedSecret: sealed('wk-1'), at: at(1000) };

  it('API-07, STATE-11: records the new secret hash, which replaces the old one for lookups', () => {
    spec
      .given(account)
      .when(rotate)
      .then([{ type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_2, sealedSecret: sealed('wk-1'), at: at(1000) } }]);
  });

  it('needs an existing account', () => {
    spec.given([]).when(rotate).then({ code: 'ACCOUNT_NOT_FOUND', title: 'Account not found', message: 'No account exists for this user.' });
  });

  it('STATE-11: a "new" secret equal to the current one is refused (the old URL would keep working)', () => {
    spec
      .given(account)
      .when({ ...rotate, secretHash: SECRET_HASH_1 })
      .then({ code: 'WEBHOOK_SECRET_UNCHANGED', title: 'Unable to regenerate webhook' });
  });

  it('after a rotation, rotating back to the first secret is a change again', () => {
    const events = accountDecider.decide(rotate, foldState(accountDecider, account));
    spec
      .given([...account, ...events])
      .when({ ...rotate, secretHash: SECRET_HASH_1, at: at(2000) })
      .then([{ type: 'WebhookSecretRotated', v: 1, data: { secretHash: SECRET_HASH_1, sealedSecret: sealed('wk-1'), at: at(2000) } }]);
  });
});

describe('accountDecider — identities, sessions, IP allowlist', () => {
  const link: AccountCommand = { type: 'LinkExternalIdentity', issuer: 'https://accounts.google.com', subject: 'g-9', at: at(10) };
  const linked = { type: 'ExternalIdentityLinked', v: 1, data: { issuer: 'https://accounts.google.com', subject: 'g-9', at: at(10) } } as const;

  it('links an external identity once; linking it again records nothing', () => {
    spec.given(account).when(link).then([linked]);
    spec
      .given([...account, linked])
      .when(link)
      .thenNothing();
  });

  it('linking needs an account', () => {
    spec.given([]).when(link).then({ code: 'ACCOUNT_NOT_FOUND' });
  });

  const revoke: AccountCommand = { type: 'RevokeSession', jti: 'jti-1', expiresAt: at(3_600_000), at: at(10) };
  const revoked = { type: 'SessionRevoked', v: 1, data: { jti: 'jti-1', expiresAt: at(3_600_000), at: at(10) } } as const;

  it('revokes a live session once; a repeat records nothing', () => {
    spec.given(account).when(revoke).then([revoked]);
    spec
      .given([...account, revoked])
      .when(revoke)
      .thenNothing();
  });

  it('an already expired session needs no revocation', () => {
    spec
      .given(account)
      .when({ ...revoke, expiresAt: at(10) })
      .thenNothing();
  });

  it('stores the allowlist trimmed, lower-cased and without duplicates', () => {
    spec
      .given(account)
      .when({ type: 'UpdateIpAllowlist', ips: [' 52.89.214.238 ', '52.89.214.238', '2001:DB8::1', '34.212.75.30/32', ''], at: at(10) })
      .then([{ type: 'IpAllowlistUpdated', v: 1, data: { ips: ['52.89.214.238', '2001:db8::1', '34.212.75.30/32'], at: at(10) } }]);
  });

  it('refuses an entry that is not an IP address or CIDR range, naming it', () => {
    spec
      .given(account)
      .when({ type: 'UpdateIpAllowlist', ips: ['52.89.214.238', 'example.com'], at: at(10) })
      .then({
        code: 'INVALID_IP_ALLOWLIST',
        message: '"example.com" is not an IP address or CIDR range.',
        fieldErrors: [{ field: 'ips.1', message: '"example.com" is not an IP address or CIDR range.' }],
      });
  });

  it('refuses more than 50 entries', () => {
    const ips = Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`);
    spec
      .given(account)
      .when({ type: 'UpdateIpAllowlist', ips, at: at(10) })
      .then({ code: 'INVALID_IP_ALLOWLIST', message: 'At most 50 entries are allowed.' });
  });

  it('the same set in another order records nothing', () => {
    const updated: UserEvent = { type: 'IpAllowlistUpdated', v: 1, data: { ips: ['1.2.3.4', '5.6.7.8'], at: at(10) } };
    spec
      .given([...account, updated])
      .when({ type: 'UpdateIpAllowlist', ips: ['5.6.7.8', '1.2.3.4'], at: at(20) })
      .thenNothing();
  });

  it('clearing the allowlist is a change', () => {
    const updated: UserEvent = { type: 'IpAllowlistUpdated', v: 1, data: { ips: ['1.2.3.4'], at: at(10) } };
    spec
      .given([...account, updated])
      .when({ type: 'UpdateIpAllowlist', ips: [], at: at(20) })
      .then([{ type: 'IpAllowlistUpdated', v: 1, data: { ips: [], at: at(20) } }]);
  });
});
