import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { useConfirmStore } from '../components/confirmStore';
import { installApiAuth } from '../lib/auth/installApiAuth';
import { useSessionStore } from '../lib/auth/sessionStore';
import { useToastStore } from '../lib/toasts/toastStore';
import { server } from './server';

installApiAuth();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  useToastStore.setState({ toasts: [] });
  useConfirmStore.setState({ request: null });
  useSessionStore.setState({ status: 'signedOut', session: null, endedBecause: null });
});
afterAll(() => server.close());
