import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPersistedCaches, persistUserCache } from './persistUserCache';

afterEach(() => localStorage.clear());

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('persistUserCache', () => {
  it('given a signed-in user whose data is being persisted, then it lands under a key of their own', async () => {
    const client = new QueryClient();
    const stop = persistUserCache(client, 'user-a');
    client.setQueryData(['positions'], [{ symbol: 'BTC' }]);
    await settle(1_300);
    stop();
    expect(localStorage.getItem('hyperhook-cache-user-a')).toContain('BTC');
  });

  it('given a save still held by the throttle, when the user signs out (stop, then forget), then nothing of theirs is written back afterwards', async () => {
    // given
    const client = new QueryClient();
    const stop = persistUserCache(client, 'user-a');
    await settle(50);
    client.setQueryData(['positions'], [{ symbol: 'BTC' }]);
    // when: signing out before the throttled save ran
    stop();
    forgetPersistedCaches();
    await settle(1_300);
    // then
    expect(Object.keys(localStorage).filter((key) => key.startsWith('hyperhook-cache-'))).toEqual([]);
  });
});
