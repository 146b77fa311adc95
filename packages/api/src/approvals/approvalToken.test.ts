import { describe, expect, it } from 'vitest';
import { approvalToken, approvalTokenKey, approvalTokenMatches } from './approvalToken.js';

const jwtSecret = new Uint8Array(32).fill(7);
const key = approvalTokenKey(jwtSecret);
const claims = { uid: 'u-1', logId: 'sig-1', expiresAt: '2026-12-04T18:35:00.000Z' };

describe('approval tokens (issue 42)', () => {
  it('given a held alert, when its token is made, then it is 32 bytes base64url and matches those claims only', () => {
    const token = approvalToken(key, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(approvalTokenMatches(key, claims, token)).toBe(true);
    expect(approvalTokenMatches(key, { ...claims, uid: 'u-2' }, token)).toBe(false);
    expect(approvalTokenMatches(key, { ...claims, logId: 'sig-2' }, token)).toBe(false);
    expect(approvalTokenMatches(key, { ...claims, expiresAt: '2026-12-04T18:35:00.001Z' }, token)).toBe(false);
  });

  it('given a token with its last character changed within the two bits a decoder ignores, then it does not match: a token has one spelling', () => {
    const tokens = Array.from({ length: 64 }, (_, i) => approvalToken(key, { ...claims, logId: `sig-${i}` }));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const [i, token] of tokens.entries()) {
      const last = alphabet.indexOf(token.slice(-1));
      expect(last % 4).toBe(0);
      for (const low of [1, 2, 3]) {
        const respelled = `${token.slice(0, -1)}${alphabet[last + low] ?? ''}`;
        expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(token, 'base64url'))).toBe(true);
        expect(approvalTokenMatches(key, { ...claims, logId: `sig-${i}` }, respelled)).toBe(false);
      }
    }
  });

  it('given claims whose parts could be shifted across a separator, then the tokens differ: the signed text is unambiguous', () => {
    expect(approvalToken(key, { uid: 'a', logId: 'b-c', expiresAt: 'x' })).not.toBe(approvalToken(key, { uid: 'a-b', logId: 'c', expiresAt: 'x' }));
  });

  it('given the key, then it is derived for this purpose only: neither the session key itself nor the same under another master secret', () => {
    expect(Buffer.from(key).equals(Buffer.from(jwtSecret))).toBe(false);
    const other = approvalTokenKey(new Uint8Array(32).fill(8));
    expect(approvalTokenMatches(other, claims, approvalToken(key, claims))).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['too short', 'abc'],
    ['too long', 'A'.repeat(44)],
    ['not base64url', `${'A'.repeat(42)}+`],
    ['padded', `${'A'.repeat(42)}=`],
  ])('given a token that is %s, when checked, then it does not match and nothing throws', (_name, token) => {
    expect(approvalTokenMatches(key, claims, token)).toBe(false);
  });
});
