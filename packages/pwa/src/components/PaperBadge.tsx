/**
 * "Paper" (issue 30): what it marks trades on a paper account, at Hyperliquid's prices with no real
 * money. One colour of its own, distinct from the states' (trading, paused, on screen), so a
 * trader never takes paper numbers for their account's. `title` says so on hover.
 */
export function PaperBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`badge badge--paper ${className}`.trim()} title="Paper trading: no real money">
      Paper
    </span>
  );
}

/** The line under paper numbers: they are simulated, and none of them is on the trader's account. */
export const PAPER_NUMBERS_NOTE = 'Paper numbers: filled at Hyperliquid’s prices, no real money.';
