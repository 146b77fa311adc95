import { DEFAULT_PAPER_BALANCE, MAX_STRATEGIES, type StrategyVenue } from '@hyperhook/domain';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { failureMessage } from '../../lib/api/apiError';
import { useOnline } from '../../lib/offline/useOnline';
import { refusedField, usdcInput } from './paperInput';
import { PaperBalanceField } from './PaperBalanceField';
import { useCreateStrategy } from './useCreateStrategy';
import { VenueChoice } from './VenueChoice';

/**
 * New strategy: a name, where it trades (issue 30: the Hyperliquid account, or paper) and, for
 * paper, its starting balance. The api's refusal sits under the field it is about.
 */
export function CreateStrategyForm({ count }: { count: number }) {
  const online = useOnline();
  const [name, setName] = useState('');
  const [venue, setVenue] = useState<StrategyVenue>('live');
  const [balance, setBalance] = useState(String(DEFAULT_PAPER_BALANCE));
  const create = useCreateStrategy(() => {
    setName('');
    setBalance(String(DEFAULT_PAPER_BALANCE));
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
  const hint = full
    ? `You have ${MAX_STRATEGIES} strategies, the most allowed: delete one to add another.`
    : `A name you will recognise, such as “BTC trend”. ${count} of ${MAX_STRATEGIES} strategies.`;
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
      <VenueChoice
        venue={venue}
        onChange={(next) => {
          setVenue(next);
          edited();
        }}
      />
      {venue === 'paper' && (
        <PaperBalanceField
          balance={balance}
          error={failedField === 'paperBalance' ? failure : null}
          onChange={(next) => {
            setBalance(next);
            edited();
          }}
        />
      )}
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={!online || full || create.isPending} aria-busy={create.isPending}>
          {create.isPending ? 'Creating...' : venue === 'paper' ? 'Create paper strategy' : 'Create'}
        </button>
      </div>
    </form>
  );
}
