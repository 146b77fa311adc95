import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { useOnline } from '../../lib/offline/useOnline';
import { isAccountStrategy, isPaperStrategy } from '../../entities/strategies/pickStrategy';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { useRegenerateWebhook } from './useRegenerateWebhook';
import { webhookUrlQueryOptions } from './webhookApi';
import { WebhookUrlSubtitle } from './WebhookUrlSubtitle';

/**
 * The webhook URL of the strategy on screen, read-only, with Copy and Regenerate Secret. The first
 * strategy's is the account's (GET /api/auth/webhook-url); another's comes with the strategies.
 * A load failure is only logged: the field keeps saying "Loading..." and offers a retry;
 * Regenerate Secret stays available then, since a new secret also gives a new URL.
 */
export function WebhookUrlCard() {
  const { strategy, multiple, settled } = useSelectedStrategy();
  const account = settled && isAccountStrategy(strategy);
  const query = useQuery({ ...webhookUrlQueryOptions, enabled: account });
  const { regenerate, regenerating } = useRegenerateWebhook(strategy);
  const online = useOnline();
  const inputId = useId();
  const hintId = useId();
  const url = (account ? query.data?.webhookUrl : strategy?.webhookUrl) ?? '';
  return (
    <Card title="Your webhook URL" headingLevel={3} id="webhook-url" subtitle={<WebhookUrlSubtitle strategy={strategy} multiple={multiple} />}>
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
          <button
            type="button"
            className="btn btn--danger"
            onClick={() => void regenerate()}
            disabled={!online || regenerating || !settled || (account && query.isPending)}
          >
            {regenerating ? 'Regenerating...' : 'Regenerate Secret'}
          </button>
        </div>
        <p className="field__hint" id={hintId}>
          {isPaperStrategy(strategy)
            ? 'The URL contains your secret: anyone who has it can send alerts to this strategy.'
            : 'The URL contains your secret: anyone who has it can trade on your account.'}{' '}
          Keep it private, and regenerate it if it leaks — the old URL then stops working.
        </p>
        {account && query.isError && !query.isFetching && (
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
