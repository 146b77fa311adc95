import { StrategyPatchBodySchema, type StrategyView } from '@hyperhook/domain';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { failureMessage } from '../../lib/api/apiError';
import { useOnline } from '../../lib/offline/useOnline';
import { useBindSubAccount } from './useBindSubAccount';

/** What a sub-account is for, under the field. */
export const SUB_ACCOUNT_HELP = 'A sub-account of your Hyperliquid account gives this strategy its own margin and positions.';
/** Said before anything is sent when the field holds no address. */
export const NOT_AN_ADDRESS = 'Enter the sub-account’s address: 0x and 40 hex digits.';

/** The api's own check of the address (PATCH's body schema), so the screen refuses what it would. */
const isAddress = (text: string) => StrategyPatchBodySchema.safeParse({ subAccountAddress: text }).success;

/**
 * Moves a live strategy to a sub-account by its address, or back to the main account (issue 39).
 * Only Hyperliquid knows whose sub-account an address is: the api asks it, and its refusal (not
 * yours, no API keys, positions still open) sits under the field.
 */
export function SubAccountStep({ strategy, onDone }: { strategy: StrategyView; onDone: () => void }) {
  const online = useOnline();
  const [address, setAddress] = useState(strategy.subAccount?.address ?? '');
  const [malformed, setMalformed] = useState(false);
  const bind = useBindSubAccount(strategy, onDone);
  const error = malformed ? NOT_AN_ADDRESS : bind.isError ? failureMessage(bind.error, 'Failed to change the account') : null;
  const busy = !online || bind.isPending;
  return (
    <form
      className="strategy-row__step"
      aria-label={`The account “${strategy.name}” trades on`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const wanted = address.trim();
        setMalformed(!isAddress(wanted));
        if (isAddress(wanted)) bind.mutate(wanted);
      }}
    >
      <Field label="Sub-account address" hint={SUB_ACCOUNT_HELP} error={error}>
        <input
          className="input mono"
          type="text"
          value={address}
          placeholder="0x…"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-row-focus
          onChange={(event) => {
            setAddress(event.target.value);
            setMalformed(false);
            if (bind.isError) bind.reset();
          }}
        />
      </Field>
      <div className="button-row">
        <button type="button" className="btn btn--small" onClick={onDone}>
          Cancel
        </button>
        {strategy.subAccount !== null && (
          <button
            type="button"
            className="btn btn--small"
            disabled={busy}
            aria-busy={bind.isPending && bind.variables === null}
            onClick={() => bind.mutate(null)}
          >
            {bind.isPending && bind.variables === null ? 'Moving...' : 'Trade on main account'}
          </button>
        )}
        <button type="submit" className="btn btn--small btn--primary" disabled={busy} aria-busy={bind.isPending && bind.variables !== null}>
          {bind.isPending && bind.variables !== null ? 'Saving...' : 'Trade on sub-account'}
        </button>
      </div>
    </form>
  );
}
