import { jwtVerify, SignJWT } from 'jose';

/** What the start step must hand to the callback, kept in a signed, short-lived, HttpOnly cookie. */
export interface OidcFlowState {
  readonly provider: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The flow must finish within 10 minutes. */
export const OIDC_STATE_TTL_SECONDS = 600;

/** Cookie name of a provider's pending flow. */
export function oidcCookieName(provider: string): string {
  return `hh_oidc_${provider}`;
}

/** Signs the flow state (HS256, typ oidc-state) so the callback can trust it without server memory. */
export async function sealFlowState(secret: Uint8Array, now: Date, flow: OidcFlowState): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256', typ: 'oidc-state' })
    .setAudience('hyperhook-oidc')
    .setIssuedAt(iat)
    .setExpirationTime(iat + OIDC_STATE_TTL_SECONDS)
    .sign(secret);
}

/** Verifies and reads the flow state; null when absent, forged, expired or for another provider. */
export async function openFlowState(secret: Uint8Array, now: Date, token: string | undefined, provider: string): Promise<OidcFlowState | null> {
  if (token === undefined) return null;
  try {
    const { payload, protectedHeader } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: 'hyperhook-oidc', currentDate: now });
    if (protectedHeader.typ !== 'oidc-state' || payload.provider !== provider) return null;
    const { state, nonce, codeVerifier } = payload;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return null;
    return { provider, state, nonce, codeVerifier };
  } catch {
    return null;
  }
}

/** The value of one cookie of a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
