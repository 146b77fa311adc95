import { Route, Switch } from 'wouter';
import DashboardPage from '../app/dashboard/DashboardPage';
import { renderWithProviders } from './renderWithProviders';
import { Where } from './Where';

/**
 * Renders the dashboard at `route` (default /dashboard) under the app's providers, as its route:
 * a test that leaves /dashboard sees the page go. `where` adds the current location (Where).
 */
export function renderDashboardPage(options: { route?: string; where?: boolean } = {}) {
  return renderWithProviders(
    <Switch>
      <Route path="/dashboard">
        <DashboardPage />
        {options.where === true && <Where />}
      </Route>
    </Switch>,
    { route: options.route ?? '/dashboard' },
  );
}
