import { shortAddress, type HistoryState } from '@hyperhook/domain';
import { formatDateTime } from '../../lib/format/time';
import { formatUsd } from '../../lib/format/money';
import { formatPrice, formatSize } from '../../lib/format/numbers';
import { AsOfLogs } from './AsOfLogs';
import { AsOfPerformance } from './AsOfPerformance';

function sizingText({ positionSizing }: HistoryState['settings']): string {
  const { mode, value } = positionSizing;
  if (mode === 'fixed') return `${formatUsd(value)} a trade`;
  return `${value}% of ${mode === 'percentage_balance' ? 'available balance' : 'total equity'}`;
}

/** The account as it stood at a moment: settings, keys, balance, positions, the live trades closed by then and the newest log rows. */
export function AsOfSummary({ state }: { state: HistoryState }) {
  const { settings, keys, balance, positions } = state;
  return (
    <section className="history-asof" aria-labelledby="history-asof-result">
      <h3 className="history-asof__title" id="history-asof-result">
        As of {formatDateTime(state.asOf)}
      </h3>
      <p className="muted">
        Rebuilt from {state.events.toLocaleString('en-US')} of your events, up to event #{state.position.toLocaleString('en-US')}.
      </p>
      <dl className="history-asof__facts">
        <dt>Sizing</dt>
        <dd>{sizingText(settings)}</dd>
        <dt>Risk limits</dt>
        <dd>
          {formatUsd(settings.riskLimits.maxPositionSize)} a position · {settings.riskLimits.maxOpenPositions} open at most
        </dd>
        <dt>Trading</dt>
        <dd>
          {settings.trading.leverage}x leverage · {settings.trading.slippageTolerance}% slippage · stop-loss{' '}
          {settings.trading.requireStopLoss ? 'required' : 'optional'}
        </dd>
        <dt>API keys</dt>
        <dd>
          {keys.configured
            ? `Saved for ${keys.accountAddress === null ? '—' : shortAddress(keys.accountAddress)} on ${keys.isTestnet ? 'testnet' : 'mainnet'}`
            : 'None saved'}
        </dd>
        <dt>Equity</dt>
        <dd>{balance === null ? 'Not yet read' : `${formatUsd(balance.totalEquity)} (${formatUsd(balance.availableBalance)} available)`}</dd>
        <dt>Open positions</dt>
        <dd>
          {positions.length === 0 ? (
            'None'
          ) : (
            <ul className="history-asof__list">
              {positions.map((position) => (
                <li key={position.positionId}>
                  {position.symbol} {position.side} {formatSize(position.size)} at {formatPrice(position.entryPrice)}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Live trades</dt>
        <dd>
          <AsOfPerformance asOf={state.asOf} />
        </dd>
        <dt>Webhook logs</dt>
        <dd>
          <AsOfLogs logs={state.webhookLogs} />
        </dd>
      </dl>
    </section>
  );
}
