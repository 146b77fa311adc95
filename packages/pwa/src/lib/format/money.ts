import { onFirstUse } from './onFirstUse';

const usd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const compactUsd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 }));

/** US dollars with two decimals ("$1,234.50", "-$3.20"). Not-a-number shows as $0.00. */
export function formatUsd(value: number): string {
  const cents = Number.isFinite(value) ? Math.round(value * 100) : 0;
  // A loss that rounds to nothing is not shown as "-$0.00".
  return usd().format(cents === 0 ? 0 : cents / 100);
}

/** Large amounts made short for cards on phones ("$1.25M"); small ones as {@link formatUsd}. */
export function formatUsdCompact(value: number): string {
  return Math.abs(value) >= 100_000 ? compactUsd().format(value) : formatUsd(value);
}

/** Which way a P&L went: 0 counts as up (green at 0 or more). */
export function pnlDirection(value: number): 'up' | 'down' {
  return value < 0 ? 'down' : 'up';
}

/**
 * A P&L as traders read it: always signed ("+$12.50", "−$3.20"), never by colour alone — the
 * caller adds the arrow and the colour from {@link pnlDirection}.
 */
export function formatSignedUsd(value: number): string {
  const amount = Number.isFinite(value) ? value : 0;
  const text = formatUsd(Math.abs(amount));
  return amount < 0 && text !== '$0.00' ? `−${text}` : `+${text}`;
}
