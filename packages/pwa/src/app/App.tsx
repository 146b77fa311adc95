import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './router';

/** Providers (server state, auth) around the routes, which follow the browser's location. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
    </QueryClientProvider>
  );
}
