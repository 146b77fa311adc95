import type { ProtectiveOrderView } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { hasNoStop } from './coinTriggers';
import { StopNotes } from './StopNotes';
import { Fragment } from 'react';
import { useNow } from '../../lib/useNow';

const KIND = { stopLoss: 'Stop-loss', takeProfit: 'Take-profit' } as const;

/**
 * A position's stop-loss and take-profit live at Hyperliquid (issue 39), each with its trigger
 * price and size; "No stop" stands out when nothing would close it at a loss, which the trader
 * must see: the product's promise is that a position keeps the protection its alert asked for.
 * A stop's trail, armed break-even and last move follow it (issue 41 §2).
 */
export function TriggerList({ triggers, label, coin }: { triggers: readonly ProtectiveOrderView[]; label: string; coin?: string }) {
  const nowMs = useNow();
  return (
    <ul className="triggers" aria-label={label}>
      {hasNoStop(triggers) && (
        <li className="trigger">
          <span className="badge badge--yellow trigger__none">
            <span aria-hidden="true">⚠</span> No stop
          </span>
        </li>
      )}
      {triggers.map((order) => (
        <Fragment key={order.cloid}>
          <li className="trigger">
            <span className="trigger__kind">{KIND[order.kind]}</span> <span className="num">{formatUsdPrice(order.triggerPrice)}</span>{' '}
            <span className="muted num">
              for {formatSize(order.size)}
              {coin === undefined ? '' : ` ${coin}`}
            </span>
          </li>
          {order.kind === 'stopLoss' && <StopNotes stop={order} nowMs={nowMs} />}
        </Fragment>
      ))}
    </ul>
  );
}
