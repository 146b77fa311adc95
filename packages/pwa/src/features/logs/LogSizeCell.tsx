import type { WebhookLogView } from '@hyperhook/domain';
import { formatUsdPrice } from '../../lib/format/numbers';
import type { PayloadSummary } from '../../entities/signals/readPayload';
import { logSizeText } from './model/logSize';

/** A log's size and, under it, the alert's price; a hidden "Price" tells it from the size to screen readers, who do not see the layout. */
export function LogSizeCell({ log, price }: { log: WebhookLogView; price: PayloadSummary['price'] }) {
  return (
    <td data-label="Size" className="num">
      <div>
        {logSizeText(log)}
        {price !== null && (
          <span className="cell-sub">
            <span className="visually-hidden">Price </span>
            {formatUsdPrice(price)}
          </span>
        )}
      </div>
    </td>
  );
}
