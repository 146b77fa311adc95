/**
 * Mapping between Notifier channels and NATS subjects. Channels already use NATS syntax
 * (`.`-separated tokens, `*` for one token, a final `>` for the rest); the adapter only adds a
 * prefix, so deployments sharing one NATS server can keep their notices apart.
 *
 * NATS gives meaning to `.`, `*`, `>` and whitespace inside a subject, so a channel built from
 * untrusted text (a user id) could address the wrong subscribers or be dropped by the server.
 * Every channel is therefore checked here, with an error that names the channel, before it
 * reaches the connection. (Channel builders escape what they embed: see `userChannel`.)
 */

/** A subject token: non-empty, no whitespace, no control characters (callers split on `.`). */
function isToken(token: string): boolean {
  if (token.length === 0 || /\s/u.test(token)) return false;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** Throws a TypeError unless `prefix` is one or more plain (wildcard-free) subject tokens. */
export function assertSubjectPrefix(prefix: string): void {
  const tokens = prefix.split('.');
  if (prefix.length === 0 || tokens.some((token) => !isToken(token) || token === '*' || token === '>')) {
    throw new TypeError(`NATS subject prefix must be dot-separated tokens without wildcards or whitespace, got ${JSON.stringify(prefix)}`);
  }
}

/**
 * The NATS subject of a channel (`publish`) or of a channel pattern (`subscribe`, when
 * `allowWildcards`). Throws a TypeError naming the channel when it could not be a subject.
 */
export function subjectOfChannel(prefix: string, channel: string, allowWildcards: boolean): string {
  if (typeof channel !== 'string' || channel.length === 0) throw new TypeError('channel must be a non-empty string');
  const tokens = channel.split('.');
  tokens.forEach((token, i) => {
    if (!isToken(token)) {
      throw new TypeError(`channel ${JSON.stringify(channel)} is not a valid NATS subject: tokens must be non-empty, without whitespace or control characters`);
    }
    const wildcard = token === '*' || token === '>';
    if (wildcard && !allowWildcards) throw new TypeError(`channel ${JSON.stringify(channel)} contains a wildcard; only subscriptions may use patterns`);
    if (token === '>' && i !== tokens.length - 1) throw new TypeError(`channel pattern ${JSON.stringify(channel)} may use '>' only as its last token`);
  });
  return `${prefix}.${channel}`;
}

/** The channel of a subject received under `prefix`, or undefined when it is not one of ours. */
export function channelOfSubject(prefix: string, subject: string): string | undefined {
  return subject.startsWith(`${prefix}.`) ? subject.slice(prefix.length + 1) : undefined;
}
