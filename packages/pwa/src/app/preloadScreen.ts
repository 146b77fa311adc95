import { TAB_PANELS } from './dashboard/tabPanels';
import { tabFromSearch } from './dashboard/tabs';
import { loadDashboard } from './screens';

/**
 * Starts downloading the dashboard and its open tab at start-up when a stored session will very
 * likely show them, instead of after the api has confirmed the session: on a slow phone network
 * that saves two round trips before the trader sees their tab. A wrong guess costs one prefetch.
 */
export function preloadScreen(location: Pick<Location, 'pathname' | 'search'>, hasStoredSession: boolean): void {
  if (location.pathname !== '/dashboard' || !hasStoredSession) return;
  void loadDashboard().catch(() => undefined);
  void TAB_PANELS[tabFromSearch(new URLSearchParams(location.search))]().catch(() => undefined);
}
