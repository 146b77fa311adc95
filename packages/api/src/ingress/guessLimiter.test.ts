import { describe, expect, it } from 'vitest';
import { guessKeyOf, guessLimiter } from './guessLimiter.js';

describe('guessLimiter', () => {
  it('issue 32, point 4: given IPv4 and IPv6 sources, when keyed, then an IPv4 address is its own key and IPv6 addresses share their /64 however spelled', () => {
    expect(guessKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(guessKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(guessKeyOf('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(guessKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(guessKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(guessKeyOf('2001:db8:1:3::1')).not.toBe(guessKeyOf('2001:db8:1:2::1'));
  });

  it('issue 32, point 4: given a budget of 2 at once and 60 a minute, when an address misses, then it is allowed until two misses and again a second later; asking spends nothing', () => {
    // given
    let now = 0;
    const limiter = guessLimiter({ burst: 2, perMinute: 60 }, () => now);
    // when / then
    for (let i = 0; i < 5; i += 1) expect(limiter.allows('203.0.113.7')).toBe(true);
    limiter.missed('203.0.113.7');
    limiter.missed('203.0.113.7');
    expect(limiter.allows('203.0.113.7')).toBe(false);
    expect(limiter.allows('203.0.113.8')).toBe(true);
    now += 1_000;
    expect(limiter.allows('203.0.113.7')).toBe(true);
    expect(limiter.retryAfterSeconds).toBe(1);
  });
});
