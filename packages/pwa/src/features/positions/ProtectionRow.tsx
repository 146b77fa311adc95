import type { ProtectiveOrderView } from '@hyperhook/domain';
import { TriggerList } from './TriggerList';

/** Beneath a strategy's own position (issue 39): what protects it at Hyperliquid now. A full-width row, so on phones it joins the coin's card. */
export function ProtectionRow({ symbol, triggers, columns }: { symbol: string; triggers: readonly ProtectiveOrderView[]; columns: number }) {
  return (
    <tr className="breakdown-row protection-row">
      <td colSpan={columns} className="table__full">
        <TriggerList triggers={triggers} label={`Live protection of ${symbol}`} coin={symbol} />
      </td>
    </tr>
  );
}
