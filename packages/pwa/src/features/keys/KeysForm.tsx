import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { useOnline } from '../../lib/offline/useOnline';
import type { KeysDraft } from './keysDraft';
import { PrivateKeyField } from './PrivateKeyField';
import { ReferralCheckbox } from './referral/ReferralCheckbox';
import { useKeysForm } from './useKeysForm';

/**
 * The form to add or update keys. The domain's
 * rules run before anything is sent; each field shows its own message, with the
 * first problem as a headline. "Cancel" exists only when keys are already saved.
 */
export function KeysForm({ initial, hasKeys, onDone }: { initial: KeysDraft; hasKeys: boolean; onDone: () => void }) {
  const { draft, problems, edit, submit, saving, joinedViaReferral, setJoinedViaReferral } = useKeysForm(initial, onDone);
  const online = useOnline();

  return (
    <Card title={hasKeys ? 'Update your API keys' : 'Connect your Hyperliquid API wallet'} headingLevel={3} id="keys-form">
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {problems !== null && (
          <div className="notice notice--error keys-notice" role="alert">
            <p>
              <strong>{problems.title}</strong>
            </p>
            <p>{problems.message}</p>
          </div>
        )}
        <Field
          label="API wallet address"
          hint="The address of the API wallet you generated on Hyperliquid (More → API)."
          error={problems?.fields.apiWalletAddress}
        >
          <input
            className="input mono"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            required
            disabled={saving}
            value={draft.apiWalletAddress}
            onChange={(e) => edit({ apiWalletAddress: e.target.value })}
          />
        </Field>
        <PrivateKeyField value={draft.privateKey} onChange={(privateKey) => edit({ privateKey })} error={problems?.fields.privateKey} disabled={saving} />
        <Field label="Main account address" hint="The wallet you deposit with and trade from — not the API wallet." error={problems?.fields.accountAddress}>
          <input
            className="input mono"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            required
            disabled={saving}
            value={draft.accountAddress}
            onChange={(e) => edit({ accountAddress: e.target.value })}
          />
        </Field>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" checked={draft.isTestnet} disabled={saving} onChange={(e) => edit({ isTestnet: e.target.checked })} />
            <span>Testnet keys (made on app.hyperliquid-testnet.xyz)</span>
          </label>
        </div>
        <ReferralCheckbox checked={joinedViaReferral} onChange={setJoinedViaReferral} disabled={saving} />
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={saving || !online}>
            {saving ? 'Saving...' : 'Save Keys'}
          </button>
          {hasKeys && (
            <button type="button" className="btn btn--ghost" onClick={onDone} disabled={saving}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </Card>
  );
}
