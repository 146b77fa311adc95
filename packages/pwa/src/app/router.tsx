import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RequireSignedIn, RequireSignedOut } from './guards';
import RouteError from './RouteError';
import { DashboardScreen } from './screens';

// Each screen is its own chunk: the landing page never downloads the dashboard.
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const LoginPage = lazy(() => import('../features/login/LoginPage'));
const SignupPage = lazy(() => import('../features/login/SignupPage'));
const HistoryScreen = lazy(() => import('./history/HistoryScreen'));
const PerformanceScreen = lazy(() => import('./performance/PerformanceScreen'));
const TermsPage = lazy(() => import('../features/legal/TermsPage'));
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

/**
 * The routes of spec §2. The error page is in the main chunk, not lazy: it must show when a
 * chunk cannot load (issue 29, point 6).
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/login',
        element: (
          <RequireSignedOut>
            <LoginPage />
          </RequireSignedOut>
        ),
      },
      {
        path: '/signup',
        element: (
          <RequireSignedOut>
            <SignupPage />
          </RequireSignedOut>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <RequireSignedIn>
            <DashboardScreen />
          </RequireSignedIn>
        ),
      },
      {
        path: '/history',
        element: (
          <RequireSignedIn>
            <HistoryScreen />
          </RequireSignedIn>
        ),
      },
      {
        path: '/performance',
        element: (
          <RequireSignedIn>
            <PerformanceScreen />
          </RequireSignedIn>
        ),
      },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
