import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPersistedCaches, persistUserCache } from './persistUserCache';

// Saving is timer-driven (the persister's 1 s throttle): the tests run its timers themselves.
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('persistUserCache', () => {
  it('given a signed-in user whose data is being persisted, then it lands under a key of their own', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const stop = persistUserCache(client, 'user-a');
    client.setQueryData(['positions'], [{ symbol: 'BTC' }]);
    await vi.advanceTimersByTimeAsync(1_000);
    stop();
    expect(localStorage.getItem('hyperhook-cache-user-a')).toContain('BTC');
  });

  it('given a save still held by the throttle, when the user signs out (stop, then forget), then nothing of theirs is written back afterwards', async () => {
    // given: the restore is done and saving has begun (its first save is held by the throttle)
    vi.useFakeTimers();
    const client = new QueryClient();
    const stop = persistUserCache(client, 'user-a');
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    client.setQueryData(['positions'], [{ symbol: 'BTC' }]);
    // when: signing out before the throttled save ran
    stop();
    forgetPersistedCaches();
    // then: every timer has run, the held save included, and nothing was written
    await vi.runAllTimersAsync();
    expect(vi.getTimerCount()).toBe(0);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('hyperhook-cache-'))).toEqual([]);
  });
});
