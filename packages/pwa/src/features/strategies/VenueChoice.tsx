import type { StrategyVenue } from '@hyperhook/domain';
import { useId } from 'react';

const VENUES: readonly { value: StrategyVenue; label: string; hint: string }[] = [
  { value: 'live', label: 'Hyperliquid account', hint: 'Real orders, through the API wallet you save on API KEYS.' },
  { value: 'paper', label: 'Paper — no real money', hint: 'Filled at Hyperliquid’s prices on a paper account of its own. No API keys needed.' },
];

/** Where a new strategy trades (issue 30): the Hyperliquid account, or paper; each choice says what it means. */
export function VenueChoice({ venue, onChange }: { venue: StrategyVenue; onChange: (venue: StrategyVenue) => void }) {
  const venueHintId = useId();
  return (
    <fieldset className="strategy-venue">
      <legend className="field__label">Where it trades</legend>
      {VENUES.map((option) => (
        <label key={option.value} className="checkbox strategy-venue__option">
          <input
            type="radio"
            name="strategy-venue"
            value={option.value}
            checked={venue === option.value}
            aria-describedby={`${venueHintId}-${option.value}`}
            onChange={() => onChange(option.value)}
          />
          <span>
            {option.label}
            <span className="strategy-venue__hint" id={`${venueHintId}-${option.value}`}>
              {option.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
