import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../test/renderWithProviders';
import { App } from './App';
import { isChunkLoadError } from './chunkLoadError';

// The landing page stands for a chunk of an older build that is gone after a deploy; the terms page for a plain bug.
vi.mock('../features/landing/LandingPage', () => ({
  default: () => {
    throw new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/LandingPage-Dk2x9.js');
  },
}));
vi.mock('../features/legal/TermsPage', () => ({
  default: () => {
    throw new Error('Cannot read properties of undefined (reading "supportEmail")');
  },
}));

function openApp(path: string) {
  window.history.pushState({}, '', path);
  render(<App queryClient={testQueryClient()} />);
}

describe("the router's error page (issue 29, point 6)", () => {
  it('issue 29, point 6: given a screen\'s chunk that no longer loads (a deploy since the page opened), then "A new version of hyperhook is available" and Reload, not React Router\'s default page', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'A new version of hyperhook is available' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    // The title is set by an effect, which may run after the heading is found.
    await waitFor(() => expect(document.title).toBe('New version available · hyperhook'));
    quiet.mockRestore();
  });

  it('issue 29, point 6: given any other error, then a plain "Something went wrong" with Reload', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.queryByText(/Cannot read properties/)).toBeNull();
    quiet.mockRestore();
  });

  it("issue 29, point 6: a failed dynamic import reads as a stale chunk in Chrome, Firefox and Safari words, and as webpack's ChunkLoadError; other errors do not", () => {
    const stale = [
      new TypeError('Failed to fetch dynamically imported module: https://hyperhook.app/assets/LogsTab-a1.js'),
      new TypeError('error loading dynamically imported module: https://hyperhook.app/assets/LogsTab-a1.js'),
      new TypeError('Importing a module script failed.'),
      new Error('Unable to preload CSS for /assets/LogsTab-a1.css'),
      Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
    ];
    expect(stale.map(isChunkLoadError)).toEqual(stale.map(() => true));
    expect([new Error('Something else'), new TypeError('Failed to fetch'), 'Failed to fetch dynamically imported module', null].map(isChunkLoadError)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
