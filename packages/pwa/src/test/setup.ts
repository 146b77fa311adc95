import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type * as Zustand from 'zustand';
import { installApiAuth } from '../lib/auth/installApiAuth';
import { server } from './server';
import { resetAllStores } from './storeReset';

// Every store made through zustand is remembered with its initial state (test/storeReset.ts).
vi.mock('zustand', async (importOriginal) => {
  const { resettableZustand } = await import('./storeReset');
  return resettableZustand(await importOriginal<typeof Zustand>());
});

installApiAuth();

// jsdom's Blob has no text(), which every browser the PWA supports has (a backtest upload reads its file with it).
if (!('text' in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, 'text', {
    value(this: Blob): Promise<string> {
      return new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
        reader.readAsText(this);
      });
    },
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Before clearing localStorage: a persisted store writes its reset state there.
  resetAllStores();
  localStorage.clear();
});
afterAll(() => server.close());
