import type { StrategyView } from '@hyperhook/domain';

/** "0x1234…cdef": enough of an address to tell two sub-accounts apart on a phone. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * Which Hyperliquid account a live strategy trades on (issue 39): its margin and positions are
 * that account's, so the trader must see it beside the strategy. `onChange` opens the step that
 * moves it; without it (another step open) the line only says where it trades.
 */
export function StrategyAccountLine({ strategy, onChange }: { strategy: StrategyView; onChange?: () => void }) {
  const sub = strategy.subAccount;
  return (
    <div className="strategy-account">
      <p className="muted strategy-account__text">
        Trades on{' '}
        {sub === null ? (
          <strong className="strategy-account__name">Main account</strong>
        ) : (
          <>
            <strong className="strategy-account__name">Sub-account{sub.name === null ? '' : ` ${sub.name}`}</strong>{' '}
            <span className="mono strategy-account__address" title={sub.address}>
              {shortAddress(sub.address)}
            </span>
          </>
        )}
      </p>
      {onChange !== undefined && (
        <button type="button" className="btn btn--small" data-opens="account" onClick={onChange}>
          Change<span className="visually-hidden"> the account of {strategy.name}</span>
        </button>
      )}
    </div>
  );
}
