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

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Before clearing localStorage: a persisted store writes its reset state there.
  resetAllStores();
  localStorage.clear();
});
afterAll(() => server.close());
