import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { useOnline } from '../../lib/offline/useOnline';
import { useRegenerateWebhook } from './useRegenerateWebhook';
import { webhookUrlQueryOptions } from './webhookApi';

/**
 * The webhook URL, read-only, with Copy and Regenerate Secret.
 * A load failure is only logged: the field keeps saying "Loading..." and offers a retry;
 * Regenerate Secret stays available then, since a new secret also gives a new URL.
 */
export function WebhookUrlCard() {
  const query = useQuery(webhookUrlQueryOptions);
  const { regenerate, regenerating } = useRegenerateWebhook();
  const online = useOnline();
  const inputId = useId();
  const hintId = useId();
  const url = query.data?.webhookUrl ?? '';
  return (
    <Card title="Your webhook URL" headingLevel={3} id="webhook-url" subtitle="Paste it into your alert source: every alert posted to it becomes an order on your Hyperliquid account.">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Webhook URL
        </label>
        <div className="input-group">
          <input
            id={inputId}
            className="input mono"
            type="text"
            readOnly
            value={url}
            placeholder="Loading..."
            aria-describedby={hintId}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={url} disabled={url === ''} />
          <button type="button" className="btn btn--danger" onClick={() => void regenerate()} disabled={!online || regenerating || query.isPending}>
            {regenerating ? 'Regenerating...' : 'Regenerate Secret'}
          </button>
        </div>
        <p className="field__hint" id={hintId}>
          The URL contains your secret: anyone who has it can trade on your account. Keep it private, and regenerate it if it leaks — the old URL then stops working.
        </p>
        {query.isError && !query.isFetching && (
          <div>
            <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
              Retry
            </button>
          </div>
        )}
      </div>
    </Card>
  );
}
