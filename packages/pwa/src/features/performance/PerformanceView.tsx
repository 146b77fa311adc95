import { Link, useSearchParams } from 'wouter';
import { PaperBadge } from '../../components/PaperBadge';
import { useAnalyticsFreshness } from '../../entities/analytics/useAnalyticsFreshness';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BacktestCard } from './BacktestCard';
import { PerformanceBody } from './PerformanceBody';
import { PerformanceScopeSwitch } from './PerformanceScopeSwitch';
import { VenueComparison } from './VenueComparison';
import { analyticsScopeOf, paperScopeOf, scopeFromSearch, searchOfScope } from './performanceScope';
import './performance.css';

/**
 * Performance (issue 43, point 3): pictures, not tables of numbers. The strategy chosen in the
 * header's switcher, or the whole live account: its figures, its equity curve with the drawdowns,
 * its trades, a promoted strategy's paper run beside its live one, and the strategy against its
 * TradingView backtest. The scope lives in the URL.
 */
export default function PerformanceView() {
  useDocumentTitle('Performance');
  useAnalyticsFreshness();
  const [search, setSearch] = useSearchParams();
  const scope = scopeFromSearch(search);
  const { strategy, settled } = useSelectedStrategy();
  const analytics = analyticsScopeOf(scope, strategy);
  const paper = paperScopeOf(scope, strategy);
  const name = strategy?.name ?? 'This strategy';
  return (
    <>
      <nav className="performance__back" aria-label="Breadcrumb">
        <Link to="/dashboard">← Dashboard</Link>
      </nav>
      <h1 className="performance__title">Performance</h1>
      <p className="muted performance__lede">
        Closed trades, from the fills on your account’s log.{' '}
        {scope === 'strategy' && strategy?.venue === 'paper' ? (
          <>
            <PaperBadge /> Paper trades of this strategy’s current run.
          </>
        ) : (
          'Live trades on your Hyperliquid account.'
        )}
      </p>
      <div className="stack">
        <PerformanceScopeSwitch scope={scope} strategyName={name} onChange={(next) => setSearch(searchOfScope(next), { replace: true })} />
        {settled ? (
          <PerformanceBody
            key={`${analytics.venue}:${analytics.strategyId ?? 'all'}`}
            scope={analytics}
            whose={scope === 'account' ? 'the whole account' : name}
          />
        ) : (
          <p className="page-loading" role="status">
            Loading...
          </p>
        )}
        {paper !== null && <VenueComparison live={analytics} paper={paper} />}
        {settled && scope === 'strategy' && strategy !== undefined && <BacktestCard key={strategy.id} strategyId={strategy.id} />}
      </div>
    </>
  );
}
