import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./screens', () => ({ loadDashboard: () => (loaded.push('dashboard'), Promise.resolve({})) }));
vi.mock('./dashboard/tabPanels', () => ({
  TAB_PANELS: Object.fromEntries(['webhook', 'keys', 'logs', 'positions', 'settings'].map((tab) => [tab, () => (loaded.push(tab), Promise.resolve({}))])),
}));

const { preloadScreen } = await import('./preloadScreen');

beforeEach(() => {
  loaded.length = 0;
});

describe('preloadScreen', () => {
  it('given /dashboard?tab=logs and a stored session, then the dashboard and the logs tab start downloading at once', () => {
    preloadScreen({ pathname: '/dashboard', search: '?tab=logs' }, true);
    expect(loaded).toEqual(['dashboard', 'logs']);
  });

  it('given /dashboard without a tab, then the default WEBHOOK tab', () => {
    preloadScreen({ pathname: '/dashboard', search: '' }, true);
    expect(loaded).toEqual(['dashboard', 'webhook']);
  });

  it('given no stored session (a signed-out device keeps the key with a null session), or another page, then nothing is fetched ahead', () => {
    preloadScreen({ pathname: '/dashboard', search: '' }, false);
    preloadScreen({ pathname: '/', search: '' }, true);
    expect(loaded).toEqual([]);
  });
});
