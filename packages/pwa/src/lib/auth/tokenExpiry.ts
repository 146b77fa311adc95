/**
 * Seconds since the epoch at which a JWT expires, read from its payload without verifying it (the
 * api verifies; the client only plans its refresh), or null for a token it cannot read.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** How long before expiry the access token is renewed: long enough for a slow phone network. */
export const REFRESH_MARGIN_MS = 60_000;

/** Milliseconds until the token should be renewed (≤ 0: now). Unreadable tokens are renewed now. */
export function msUntilRefresh(token: string, nowMs: number): number {
  const exp = tokenExpiresAt(token);
  return exp === null ? 0 : exp * 1000 - REFRESH_MARGIN_MS - nowMs;
}
