import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { useSessionStore } from '../lib/auth/sessionStore';
import { Toaster } from '../lib/toasts/Toaster';
import { testSession } from './fixtures';

/** A query client for one test: no retries, so a failure shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * Renders a screen the way the app does (server state, auth, router, toasts, confirmations),
 * signed in unless `signedIn: false`.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: { route?: string; signedIn?: boolean; queryClient?: QueryClient } = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup>; queryClient: QueryClient } {
  const queryClient = options.queryClient ?? testQueryClient();
  if (options.signedIn !== false) useSessionStore.setState({ status: 'signedIn', session: testSession(), endedBecause: null });
  const user = userEvent.setup();
  const location = memoryLocation({ path: options.route ?? '/dashboard' });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Router hook={location.hook}>
          {ui}
          <Toaster />
          <ConfirmDialog />
        </Router>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
