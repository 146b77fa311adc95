import { useDeferredValue } from 'react';
import { OrderPreviewCard } from './OrderPreviewCard';
import { TemplatesCard } from './TemplatesCard';
import { UsageTipsCard } from './UsageTipsCard';
import { WebhookUrlCard } from './WebhookUrlCard';
import './webhook.css';

/**
 * The WEBHOOK tab (spec §2): the URL, templates, usage tips and an order preview. The URL card
 * renders first and the cards below it in a second, deferred render: on a phone the URL is the
 * first screen, and those cards (most of the tab's elements) would hold back its paint by their
 * render and layout (issue 44, point 6). Their place is held a screen high meanwhile, so the
 * footer does not show and jump.
 */
export default function WebhookTab() {
  const below = useDeferredValue(true, false);
  return (
    <section className="stack" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook</h2>
      <WebhookUrlCard />
      {below ? (
        <div className="webhook-columns">
          <TemplatesCard />
          <div className="stack">
            <UsageTipsCard />
            <OrderPreviewCard />
          </div>
        </div>
      ) : (
        <div className="webhook-columns--pending" aria-busy="true" />
      )}
    </section>
  );
}
