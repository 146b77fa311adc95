import { useLiveConnection } from '../../features/live/useLiveConnection';
import PerformanceView from '../../features/performance/PerformanceView';
import { HeaderDialogs } from '../dashboard/HeaderDialogs';
import { TradingPausedBanner } from '../../features/trading/TradingPausedBanner';
import { DashboardHeader } from '../dashboard/DashboardHeader';

/**
 * /performance (issue 43): the Performance view under the dashboard's own header, as the History
 * is, so the strategy switcher picks whose performance shows and the kill switch stays one tap away.
 * The live connection keeps the logs fresh, and with them the trades.
 */
export default function PerformanceScreen() {
  useLiveConnection();
  return (
    <div className="dashboard">
      <DashboardHeader />
      <TradingPausedBanner />
      <main id="main" className="dash-main performance">
        <PerformanceView />
      </main>
      <HeaderDialogs />
    </div>
  );
}
