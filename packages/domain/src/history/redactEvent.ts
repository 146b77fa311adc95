/**
 * What stands in for a secret in an event shown outside the store (the api's history, the
 * `export` command); the stored event itself is never changed.
 */
export const REDACTED = '[redacted]';

/**
 * Fields that hold secret material wherever they appear: a password's hash, a webhook secret's
 * hash, a browser's push keys, and the secrets alert sources put in alert bodies (3Commas'
 * `secret`, a signal service's `passphrase` or `token`).
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'passwordHash',
  'secretHash',
  'keys',
  'secret',
  'passphrase',
  'password',
  'token',
  'botToken',
  'signingSecret',
  'apiKey',
  'apiSecret',
]);

/** Fields that are capability URLs: their origin may be shown, never their path (a push endpoint's path is its token). */
const URL_FIELDS: ReadonlySet<string> = new Set(['endpoint']);

/** A value sealed by the crypto adapter (see sealed.ts): its ciphertext never leaves the store. */
function isSealed(value: object): boolean {
  return 'ciphertext' in value && 'iv' in value && 'tag' in value;
}

function originOnly(value: unknown): unknown {
  if (typeof value !== 'string') return REDACTED;
  try {
    return `${new URL(value).origin}/…`;
  } catch {
    return REDACTED;
  }
}

/** An alert's raw body: when it is JSON, its secret fields are redacted; any other text is kept as sent. */
function redactRawBody(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null) return body;
  const redacted = redactEventData(parsed);
  return JSON.stringify(redacted) === JSON.stringify(parsed) ? body : JSON.stringify(redacted);
}

/**
 * An event's data as it may be shown to its owner or an auditor: every sealed value, secret field
 * and capability URL replaced, everything else as stored. It walks the whole value rather than
 * naming event types, so a secret added to a new event later is redacted as long as it is sealed
 * or named like one.
 */
export function redactEventData(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(redactEventData);
  if (typeof data !== 'object' || data === null) return data;
  if (isSealed(data)) return REDACTED;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      if (value === null || value === undefined) return [key, value];
      if (SECRET_FIELDS.has(key)) return [key, REDACTED];
      if (URL_FIELDS.has(key)) return [key, originOnly(value)];
      if (key === 'rawBody' && typeof value === 'string') return [key, redactRawBody(value)];
      return [key, redactEventData(value)];
    }),
  );
}
