import { describe, expect, it } from 'vitest';
import { matchChannel } from './matchChannel.js';
import { userChannel } from './userChannel.js';

describe('userChannel', () => {
  it('given a UUID or a plain id, then the channel is user.<uid>', () => {
    expect(userChannel('0b7c1c57-56a4-4d7e-9c1e-3f0f2f8d7a11')).toBe('user.0b7c1c57-56a4-4d7e-9c1e-3f0f2f8d7a11');
    expect(userChannel('u_1')).toBe('user.u_1');
  });

  it('given ids with subject syntax or whitespace, then they are escaped into one distinct token', () => {
    const ids = ['a.b', 'a.*', '>', 'a b', 'a~002eb', 'ü', 'a\nb'];
    const channels = ids.map(userChannel);
    for (const channel of channels) {
      expect(channel.split('.')).toHaveLength(2);
      expect(channel).toMatch(/^user\.[A-Za-z0-9_~-]+$/);
    }
    expect(new Set(channels).size).toBe(ids.length);
    expect(userChannel('a.b')).toBe('user.a~002eb');
    expect(matchChannel(userChannel('*'), userChannel('u-1'))).toBe(false);
  });

  it('given an empty uid, then it throws', () => {
    expect(() => userChannel('')).toThrow(/non-empty/);
  });
});
