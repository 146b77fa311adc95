import { lazy } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Switch, useLocation } from 'wouter';
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
 * chunk cannot load (issue 29, point 6). It replaces the whole frame, as a broken frame may be
 * what threw, and a move to another path tries again.
 */
export function AppRoutes() {
  const [path] = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[path]}>
      <AppLayout>
        <Switch>
          <Route path="/">
            <LandingPage />
          </Route>
          <Route path="/login">
            <RequireSignedOut>
              <LoginPage />
            </RequireSignedOut>
          </Route>
          <Route path="/signup">
            <RequireSignedOut>
              <SignupPage />
            </RequireSignedOut>
          </Route>
          <Route path="/dashboard">
            <RequireSignedIn>
              <DashboardScreen />
            </RequireSignedIn>
          </Route>
          <Route path="/history">
            <RequireSignedIn>
              <HistoryScreen />
            </RequireSignedIn>
          </Route>
          <Route path="/performance">
            <RequireSignedIn>
              <PerformanceScreen />
            </RequireSignedIn>
          </Route>
          <Route path="/terms">
            <TermsPage />
          </Route>
          <Route path="/privacy">
            <PrivacyPage />
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </AppLayout>
    </ErrorBoundary>
  );
}
