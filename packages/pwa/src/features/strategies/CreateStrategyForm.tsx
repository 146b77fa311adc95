import { DEFAULT_PAPER_BALANCE, MAX_STRATEGIES, type StrategyVenue } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { failureMessage } from '../../lib/api/apiError';
import { formatUsd } from '../../lib/format/money';
import { useOnline } from '../../lib/offline/useOnline';
import { useSelectedStrategy } from '../../lib/strategies/useStrategies';
import { useStrategyCache } from '../../lib/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { refusedField, usdcInput } from './paperInput';
import { createStrategy, type NewStrategy } from './strategiesApi';

const VENUES: readonly { value: StrategyVenue; label: string; hint: string }[] = [
  { value: 'live', label: 'Hyperliquid account', hint: 'Real orders, through the API wallet you save on API KEYS.' },
  { value: 'paper', label: 'Paper — no real money', hint: 'Filled at Hyperliquid’s prices on a paper account of its own. No API keys needed.' },
];

/**
 * New strategy: a name, where it trades (issue 30: the Hyperliquid account, or paper) and, for
 * paper, its starting balance. The api's refusal sits under the field it is about.
 */
export function CreateStrategyForm({ count }: { count: number }) {
  const online = useOnline();
  const { put } = useStrategyCache();
  const { select } = useSelectedStrategy();
  const [name, setName] = useState('');
  const [venue, setVenue] = useState<StrategyVenue>('live');
  const [balance, setBalance] = useState(String(DEFAULT_PAPER_BALANCE));
  const venueHintId = useId();
  const create = useMutation({
    mutationFn: (input: NewStrategy) => createStrategy(input),
    onSuccess: (view) => {
      put(view);
      select(view.id);
      setName('');
      setBalance(String(DEFAULT_PAPER_BALANCE));
      const where = view.venue === 'paper' ? ` It trades on paper with ${formatUsd(view.paper?.balance ?? 0)}.` : '';
      toast({ variant: 'success', title: `Strategy “${view.name}” created`, description: `It is now on screen: its webhook URL is on the Webhook tab.${where}` });
    },
  });
  const full = count >= MAX_STRATEGIES;
  const failure = create.isError ? failureMessage(create.error, 'Failed to create the strategy') : null;
  const failedField = create.isError ? refusedField(create.error) : null;
  const edited = () => {
    if (create.isError) create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !online || full) return;
    create.mutate(venue === 'paper' ? { name, venue, paperBalance: usdcInput(balance) } : { name, venue });
  };
  const hint = full ? `You have ${MAX_STRATEGIES} strategies, the most allowed: delete one to add another.` : `A name you will recognise, such as “BTC trend”. ${count} of ${MAX_STRATEGIES} strategies.`;
  return (
    <form className="strategy-create" onSubmit={submit} noValidate>
      <Field label="New strategy" hint={hint} error={failedField === 'name' ? failure : null}>
        <input
          className="input"
          type="text"
          value={name}
          maxLength={200}
          autoComplete="off"
          data-autofocus
          onChange={(event) => {
            setName(event.target.value);
            edited();
          }}
        />
      </Field>
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
              onChange={() => {
                setVenue(option.value);
                edited();
              }}
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
      {venue === 'paper' && (
        <Field label="Starting balance (USDC)" hint="From 100 to 10,000,000 USDC. You can reset it later." error={failedField === 'paperBalance' ? failure : null}>
          <input
            className="input num"
            type="text"
            inputMode="decimal"
            value={balance}
            autoComplete="off"
            onChange={(event) => {
              setBalance(event.target.value);
              edited();
            }}
          />
        </Field>
      )}
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={!online || full || create.isPending} aria-busy={create.isPending}>
          {create.isPending ? 'Creating...' : venue === 'paper' ? 'Create paper strategy' : 'Create'}
        </button>
      </div>
    </form>
  );
}
