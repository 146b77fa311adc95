import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient';

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('createQueryClient', () => {
  it('given the app opened offline, then queries pause until the network is back instead of failing', async () => {
    // given
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createQueryClient();
    // As QueryClientProvider does: the client listens to the online manager.
    client.mount();
    const queryFn = vi.fn(() => Promise.resolve(42));
    // when
    const result = client.fetchQuery({ queryKey: ['offline-start'], queryFn });
    await Promise.resolve();
    // then
    expect(onlineManager.isOnline()).toBe(false);
    expect(queryFn).not.toHaveBeenCalled();
    expect(client.getQueryState(['offline-start'])?.fetchStatus).toBe('paused');
    onlineManager.setOnline(true);
    await expect(result).resolves.toBe(42);
    client.unmount();
  });
});
