import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { useOnline } from '../../lib/offline/useOnline';
import { isAccountStrategy, isPaperStrategy } from '../../entities/strategies/pickStrategy';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { PreviewResult } from './PreviewResult';
import { firstPreviewText } from './previewTemplates';
import { PreviewTemplatePicker } from './PreviewTemplatePicker';
import { previewOrder } from './webhookApi';

/**
 * Order preview: the alert message goes to POST /api/orders/preview, which answers the exact
 * order(s) the executor would send right now for the strategy on screen, or exactly why it would
 * refuse. Nothing is sent.
 */
export function OrderPreviewCard() {
  const [text, setText] = useState(firstPreviewText);
  const online = useOnline();
  const { strategy, multiple, settled } = useSelectedStrategy();
  const preview = useMutation({ mutationFn: previewOrder });
  const change = (next: string) => {
    setText(next);
    // A result belongs to the text it was asked for.
    preview.reset();
  };
  return (
    <Card
      title="Order preview"
      headingLevel={3}
      id="order-preview"
      subtitle={`Check an alert message against ${isPaperStrategy(strategy) ? 'this strategy’s paper account' : 'your keys'}, settings and the market right now. Nothing is sent to Hyperliquid.${multiple && strategy !== undefined ? ` Uses the settings of “${strategy.name}”.` : ''}`}
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          // The strategy on screen: its settings and pause apply (the first strategy's are the account's, the api's default).
          preview.mutate({ alert: text, strategyId: isAccountStrategy(strategy) ? undefined : strategy?.id });
        }}
      >
        <PreviewTemplatePicker onPick={change} />
        <Field label="Alert message" hint="The JSON your alert source would post to the webhook URL.">
          <textarea className="textarea" rows={8} spellCheck={false} value={text} onChange={(event) => change(event.target.value)} />
        </Field>
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={!online || !settled || preview.isPending || text.trim() === ''}>
            {preview.isPending ? 'Previewing...' : 'Preview order'}
          </button>
        </div>
      </form>
      <PreviewResult preview={preview.data} error={preview.error} />
    </Card>
  );
}
