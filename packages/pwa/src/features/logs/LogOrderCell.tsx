import { formatSize } from '../../lib/format/numbers';
import type { PayloadSummary } from '../../entities/signals/readPayload';

/** A log's order type (an alert without one is sent at market) and, when the alert set it, its leverage as sent. */
export function LogOrderCell({ orderType, leverage }: { orderType: PayloadSummary['orderType']; leverage: PayloadSummary['leverage'] }) {
  return (
    <td data-label="Order">
      <div>
        {orderType?.toUpperCase() ?? 'MARKET'}
        {leverage !== null && <span className="cell-sub num">{`${typeof leverage === 'number' ? formatSize(leverage) : leverage}x leverage`}</span>}
      </div>
    </td>
  );
}
