import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
const loader = (name: string) => ({ load: () => (loaded.push(name), Promise.resolve({})) });
vi.mock('./screens', () => ({ DashboardScreen: loader('dashboard') }));
vi.mock('./dashboard/tabPanels', () => ({
  TAB_PANELS: Object.fromEntries(['webhook', 'keys', 'logs', 'positions', 'settings'].map((tab) => [tab, loader(tab)])),
}));

const { preloadScreen } = await import('./preloadScreen');

beforeEach(() => {
  loaded.length = 0;
});

describe('preloadScreen', () => {
  it('given /dashboard?tab=logs and a stored session, then the dashboard and the logs tab start downloading at once', async () => {
    await preloadScreen({ pathname: '/dashboard', search: '?tab=logs' }, true);
    expect(loaded).toEqual(['dashboard', 'logs']);
  });

  it('given /dashboard without a tab, then the default WEBHOOK tab', async () => {
    await preloadScreen({ pathname: '/dashboard', search: '' }, true);
    expect(loaded).toEqual(['dashboard', 'webhook']);
  });

  it('given no stored session (a signed-out device keeps the key with a null session), or another page, then nothing is fetched ahead', async () => {
    await preloadScreen({ pathname: '/dashboard', search: '' }, false);
    await preloadScreen({ pathname: '/', search: '' }, true);
    expect(loaded).toEqual([]);
  });

  it('given a download that fails (offline), then it still resolves, so the app renders and the screen loads as usual', async () => {
    const { TAB_PANELS } = await import('./dashboard/tabPanels');
    vi.spyOn(TAB_PANELS.webhook, 'load').mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(preloadScreen({ pathname: '/dashboard', search: '' }, true)).resolves.toBeUndefined();
  });
});
