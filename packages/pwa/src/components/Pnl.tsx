import { formatSignedUsd, pnlDirection } from '../lib/format/money';

/** A P&L signed, coloured and with an arrow, so colour is never the only cue (0 counts as up). */
export function Pnl({ value }: { value: number }) {
  const direction = pnlDirection(value);
  return (
    <span className={`num pnl pnl--${direction}`} data-direction={direction}>
      <span aria-hidden="true">{direction === 'up' ? '▲ ' : '▼ '}</span>
      {formatSignedUsd(value)}
    </span>
  );
}
