import type { ReactNode } from 'react';

/**
 * Two sets of figures side by side (paper and live, a backtest and live): a row a figure, its name
 * as the row's header and the two values right-aligned.
 */
export function SideBySideTable({
  caption,
  columns,
  rows,
  className,
}: {
  caption: string;
  columns: readonly [string, string];
  rows: readonly (readonly [string, ReactNode, ReactNode])[];
  className: string;
}) {
  return (
    <div className="table-wrap">
      <table className={`table side-by-side ${className}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {columns.map((column) => (
              <th key={column} scope="col" className="num">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, left, right]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">{left}</td>
              <td className="num">{right}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
