import type { ShareLine } from './coinShares';
import { TriggerList } from './TriggerList';

/**
 * Beneath a coin of the account (issue 39): each strategy's signed share of it and the part
 * outside hyperhook, which `helpId` explains, and each strategy's live stop and target when known.
 * A full-width row, so on phones it joins the coin's card.
 */
export function BreakdownRow({ symbol, lines, columns, helpId }: { symbol: string; lines: readonly ShareLine[]; columns: number; helpId: string }) {
  return (
    <tr className="breakdown-row">
      <td colSpan={columns} className="table__full">
        <ul className="breakdown" aria-label={`Who holds ${symbol}`}>
          {lines.map((line) => (
            <li
              key={line.key}
              className={line.outside ? 'breakdown__line breakdown__line--outside' : 'breakdown__line'}
              aria-describedby={line.outside ? helpId : undefined}
            >
              <span className="breakdown__name">{line.name}</span> <span className="num breakdown__size">{line.size}</span>
              {line.triggers !== undefined && <TriggerList triggers={line.triggers} label={`${line.name}’s protection of ${symbol}`} />}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/** What the outside part is, said once under the table however many coins have one. */
export function OutsideHelp({ id }: { id: string }) {
  return (
    <p id={id} className="muted breakdown-help">
      Outside hyperhook: held before hyperhook or traded in Hyperliquid’s app; no strategy’s alerts act on it.
    </p>
  );
}
