import { useLiveConnection } from '../../features/live/useLiveConnection';
import HistoryView from '../../features/history/HistoryView';
import { HeaderDialogs } from '../dashboard/HeaderDialogs';
import { TradingPausedBanner } from '../../features/trading/TradingPausedBanner';
import { DashboardHeader } from '../dashboard/DashboardHeader';

/**
 * /history: the History view under the dashboard's own header, so the kill switch, the strategy
 * switcher and the live state stay one tap away. It is reached by the header's History button
 * from every tab; the dashboard keeps the spec's five tabs (DASH-07).
 */
export default function HistoryScreen() {
  useLiveConnection();
  return (
    <div className="dashboard">
      <DashboardHeader />
      <TradingPausedBanner />
      <main id="main" className="dash-main history">
        <HistoryView />
      </main>
      <HeaderDialogs />
    </div>
  );
}
