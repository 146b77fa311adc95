/** True when `channelOrPattern` contains a wildcard token (`*` or a final `>`). */
export function isChannelPattern(channelOrPattern: string): boolean {
  return channelOrPattern.split('.').some((token) => token === '*' || token === '>');
}

/**
 * NATS subject matching, so that the in-process notifier and the NATS adapter agree:
 * tokens are separated by `.`, `*` matches exactly one token, a final `>` matches one or more.
 */
export function matchChannel(pattern: string, channel: string): boolean {
  const want = pattern.split('.');
  const have = channel.split('.');
  for (let i = 0; i < want.length; i++) {
    const token = want[i];
    if (token === '>') return i === want.length - 1 && have.length > i;
    if (i >= have.length) return false;
    if (token !== '*' && token !== have[i]) return false;
  }
  return want.length === have.length;
}
