import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes: short enough that a leaked one expires soon. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh tokens live 30 days; each use rotates it (the old one is revoked). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const ISSUER = 'hyperhook';
const AUDIENCE = 'hyperhook-api';

/** What a verified token says. */
export interface TokenClaims {
  readonly uid: string;
  readonly email: string;
  /** Token id, the handle of revocation (SessionRevoked). */
  readonly jti: string;
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
  readonly kind: 'access' | 'refresh';
}

/** A pair of tokens as sign-up, login, refresh and OIDC answer them. */
export interface IssuedSession {
  readonly token: string;
  readonly refreshToken: string;
  readonly user: { readonly uid: string; readonly email: string };
}

/** Why a token was refused; the gateway answers 401 with these words. */
export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

async function sign(secret: Uint8Array, now: Date, uid: string, email: string, kind: TokenClaims['kind'], ttl: number): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email, kind })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(secret);
}

/** Issues an access token (15 min) and a refresh token (30 d) for the user. */
export async function issueSession(secret: Uint8Array, now: Date, user: { uid: string; email: string }): Promise<IssuedSession> {
  const [token, refreshToken] = await Promise.all([
    sign(secret, now, user.uid, user.email, 'access', ACCESS_TOKEN_TTL_SECONDS),
    sign(secret, now, user.uid, user.email, 'refresh', REFRESH_TOKEN_TTL_SECONDS),
  ]);
  return { token, refreshToken, user: { uid: user.uid, email: user.email } };
}

/**
 * Verifies signature (HS256 only: no `alg` downgrade), issuer, audience, expiry against `now` and
 * the expected kind, so a refresh token is never accepted as an access token or the other way round.
 */
export async function verifyToken(secret: Uint8Array, now: Date, token: string, kind: TokenClaims['kind']): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, currentDate: now });
    if (
      payload.kind !== kind ||
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.email !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      throw new TokenError('Invalid token');
    }
    return { uid: payload.sub, email: payload.email, jti: payload.jti, exp: payload.exp, kind };
  } catch (error) {
    if (error instanceof TokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new TokenError('Token expired');
    throw new TokenError('Invalid token');
  }
}
