import { TAB_PANELS } from './dashboard/tabPanels';
import { tabFromSearch } from './dashboard/tabs';
import { DashboardScreen } from './screens';

/**
 * Loads the dashboard and its open tab at start-up when a stored session will very likely show
 * them, instead of after the api has confirmed the session: on a slow phone network that saves two
 * round trips before the trader sees their tab (the page's first script has already asked for the
 * files). Resolves when both are here, or could not be (the screens then load as usual), so the
 * first render can show them without a Suspense fallback. A wrong guess costs one prefetch.
 */
export async function preloadScreen(location: Pick<Location, 'pathname' | 'search'>, hasStoredSession: boolean): Promise<void> {
  if (location.pathname !== '/dashboard' || !hasStoredSession) return;
  await Promise.all([DashboardScreen.load(), TAB_PANELS[tabFromSearch(new URLSearchParams(location.search))].load()]).catch(() => undefined);
}
