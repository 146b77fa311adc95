import { afterEach, describe, expect, it } from 'vitest';
import { preloadScript } from './preloadScript.ts';

const script = preloadScript({
  path: '/dashboard',
  sessionKey: 'hyperhook-session',
  screen: ['assets/dashboard-1.js', 'assets/dashboard-1.css'],
  tabs: { webhook: ['assets/WebhookTab-2.js'], logs: ['assets/LogsTab-3.js', 'assets/LogsTab-3.css'] },
  tabParam: 'tab',
  defaultTab: 'webhook',
});

/** Runs the script as the page would, at `url`, with `stored` in localStorage. */
function runAt(url: string, stored: string | null) {
  window.history.replaceState({}, '', url);
  if (stored !== null) localStorage.setItem('hyperhook-session', stored);
  new Function(script)();
  return [...document.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('as'),
    link.getAttribute('crossorigin'),
    link.getAttribute('href'),
  ]);
}

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  localStorage.clear();
});

const session = JSON.stringify({ state: { session: { token: 't' } }, version: 0 });

describe('preloadScript', () => {
  it('given a stored session on /dashboard, then the screen and its default tab are asked for, scripts as modules and the stylesheet as a style, both as vite asks for them', () => {
    expect(runAt('/dashboard', session)).toEqual([
      ['modulepreload', null, '', '/assets/dashboard-1.js'],
      ['preload', 'style', '', '/assets/dashboard-1.css'],
      ['modulepreload', null, '', '/assets/WebhookTab-2.js'],
    ]);
  });

  it('given a URL that names another tab (a notification opening a log), then the screen with that tab', () => {
    expect(runAt('/dashboard?tab=logs&log=01', session).map(([, , , href]) => href)).toEqual([
      '/assets/dashboard-1.js',
      '/assets/dashboard-1.css',
      '/assets/LogsTab-3.js',
      '/assets/LogsTab-3.css',
    ]);
  });

  it('given a URL that names no known tab, then the default one, as the app opens it', () => {
    expect(runAt('/dashboard?tab=toString', session).map(([, , , href]) => href)).toEqual([
      '/assets/dashboard-1.js',
      '/assets/dashboard-1.css',
      '/assets/WebhookTab-2.js',
    ]);
  });

  it('given a signed-out device (the key kept with a null session), another page, or storage that does not parse, then nothing', () => {
    expect(runAt('/dashboard', JSON.stringify({ state: { session: null }, version: 0 }))).toEqual([]);
    expect(runAt('/', session)).toEqual([]);
    expect(runAt('/dashboard', '{not json')).toEqual([]);
  });
});
