import { Suspense } from 'react';
import { useSearchParams } from 'wouter';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLiveConnection } from '../../features/live/useLiveConnection';
import { HeaderDialogs } from './HeaderDialogs';
import { TradingPausedBanner } from '../../features/trading/TradingPausedBanner';
import { StrategyPausedBanner } from '../../features/strategies/StrategyPausedBanner';
import { DashboardHeader } from './DashboardHeader';
import { TabBar } from './TabBar';
import { TAB_PANELS } from './tabPanels';
import { TABS, tabFromSearch, type TabId } from './tabs';

/**
 * The dashboard: header, the paused-trading and paused-strategy banners (every tab), the five tabs with the current
 * one in the URL (`?tab=logs`, so a reload or a notification lands on it), the trading and strategies dialogs,
 * and the live connection that keeps every tab's data fresh.
 */
export default function DashboardPage() {
  useLiveConnection();
  const [search, setSearch] = useSearchParams();
  const current = tabFromSearch(search);
  const tab = TABS.find((t) => t.id === current) ?? TABS[0];
  useDocumentTitle(tab.title);
  const Panel = TAB_PANELS[current];
  const select = (next: TabId) => {
    if (next === current) return;
    // A tab change drops the other tab's URL state (such as an opened log), keeping history short.
    setSearch(next === 'webhook' ? {} : { tab: next });
  };
  return (
    <div className="dashboard">
      <DashboardHeader />
      <TradingPausedBanner />
      <StrategyPausedBanner />
      <TabBar current={current} onSelect={select} />
      <main id="main" className="dash-main">
        <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} tabIndex={-1}>
          <Suspense fallback={<p className="page-loading">Loading...</p>}>
            <Panel />
          </Suspense>
        </div>
      </main>
      <HeaderDialogs />
    </div>
  );
}
