import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { useOnline } from '../../lib/offline/useOnline';
import { PreviewPlan } from './PreviewPlan';
import { PreviewRefusal } from './PreviewRefusal';
import { TEMPLATE_GROUPS, templateText, withSampleValues } from './templates';
import { previewOrder } from './webhookApi';
import { failureMessage } from '../../lib/api/apiError';
import { isAccountStrategy, isPaperStrategy } from '../../lib/strategies/pickStrategy';
import { useSelectedStrategy } from '../../lib/strategies/useStrategies';

const TEMPLATES = TEMPLATE_GROUPS.flatMap((group) => group.templates.map((template) => ({ group, template })));
const FIRST = TEMPLATES[0];

/** The message a template puts in the preview: TradingView placeholders are filled with sample values, as TradingView would. */
function previewTextOf(id: string): string {
  const found = TEMPLATES.find((t) => t.template.id === id);
  if (found === undefined) return '';
  const text = templateText(found.template);
  return found.group.placeholders ? withSampleValues(text) : text;
}

/**
 * Order preview: the alert message goes to POST /api/orders/preview, which answers the exact
 * order(s) the executor would send right now for the strategy on screen, or exactly why it would
 * refuse. Nothing is sent.
 */
export function OrderPreviewCard() {
  const [text, setText] = useState(() => (FIRST === undefined ? '' : previewTextOf(FIRST.template.id)));
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
        <Field label="Use template">
          <select className="select" value="" onChange={(event) => {
              if (event.target.value !== '') change(previewTextOf(event.target.value));
            }}>
            <option value="">Choose a template…</option>
            {TEMPLATE_GROUPS.map((group) => (
              <optgroup key={group.id} label={group.title}>
                {group.templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field label="Alert message" hint="The JSON your alert source would post to the webhook URL.">
          <textarea className="textarea" rows={8} spellCheck={false} value={text} onChange={(event) => change(event.target.value)} />
        </Field>
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={!online || !settled || preview.isPending || text.trim() === ''}>
            {preview.isPending ? 'Previewing...' : 'Preview order'}
          </button>
        </div>
      </form>
      <div className="preview-result" aria-live="polite">
        {preview.data?.ok === true && <PreviewPlan preview={preview.data} />}
        {preview.data?.ok === false && <PreviewRefusal refusal={preview.data} />}
        {preview.isError && (
          <p className="notice notice--error" role="alert">
            Preview unavailable: {failureMessage(preview.error, 'Failed to preview the order')}
          </p>
        )}
        {preview.data !== undefined && <p className="muted">Preview only: nothing was sent to Hyperliquid.</p>}
      </div>
    </Card>
  );
}
