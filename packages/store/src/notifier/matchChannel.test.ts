import { describe, expect, it } from 'vitest';
import { isChannelPattern, matchChannel } from './matchChannel.js';

describe('matchChannel', () => {
  it.each([
    ['proj.logs.u1', 'proj.logs.u1', true],
    ['proj.logs.u1', 'proj.logs.u2', false],
    ['proj.*.u1', 'proj.logs.u1', true],
    ['proj.*', 'proj.logs.u1', false],
    ['proj.>', 'proj.logs.u1', true],
    ['proj.>', 'proj', false],
    ['proj.logs.>', 'proj.logs.u1', true],
    ['proj.logs', 'proj.logs.u1', false],
    ['*', 'proj', true],
    ['>', 'a.b.c', true],
  ])('given pattern %s, when matching %s, then %s', (pattern, channel, expected) => {
    expect(matchChannel(pattern, channel)).toBe(expected);
  });

  it('given channels with and without wildcards, then only wildcard tokens make a pattern', () => {
    expect(isChannelPattern('proj.*.u1')).toBe(true);
    expect(isChannelPattern('proj.>')).toBe(true);
    expect(isChannelPattern('proj.a*b')).toBe(false);
    expect(isChannelPattern('proj.logs')).toBe(false);
  });
});
