import { isIPv6 } from 'node:net';
import { webhookRateLimiter, type WebhookRateLimit } from './webhookRateLimiter.js';

/**
 * Default budget of unknown webhook URLs per source address: 60 at once, 60 a minute. Generous on
 * purpose: alert services send from a few shared addresses (TradingView from four), and a trader
 * who rotated a URL may leave alerts firing at the old one; those misses must not lock the
 * service's address out for everyone else on the deployment.
 */
export const DEFAULT_WEBHOOK_GUESS_LIMIT: WebhookRateLimit = { burst: 60, perMinute: 60 };

/**
 * Who spends one guess budget: the IPv4 address, or the /64 of an IPv6 address — one subscriber
 * usually holds a whole /64, and per-address buckets would give them 2^64 budgets.
 */
export function guessKeyOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Per-source budget of webhook URL guesses (issue 32, point 4): only unknown secrets spend it, so a
 * service posting valid alerts at any rate never runs it down. Once an address has spent it, its
 * unknown URLs answer 429 instead of 404; its valid ones are still served (see ingressPlugin).
 */
export function guessLimiter(limit: WebhookRateLimit, now: () => number) {
  const buckets = webhookRateLimiter(limit, now);
  return {
    /** Whether `ip` may still guess (be told 404 rather than 429). */
    allows: (ip: string): boolean => buckets.has(guessKeyOf(ip)),
    /** Spends one guess of `ip`'s budget: its secret was unknown. */
    missed: (ip: string): void => void buckets.take(guessKeyOf(ip)),
    /** Seconds until a spent budget allows one more guess, for Retry-After. */
    retryAfterSeconds: Math.max(1, Math.ceil(60 / limit.perMinute)),
  };
}
