import { OrderPreviewCard } from './OrderPreviewCard';
import { TemplatesCard } from './TemplatesCard';
import { UsageTipsCard } from './UsageTipsCard';
import { WebhookUrlCard } from './WebhookUrlCard';
import './webhook.css';

/** The WEBHOOK tab (spec §2): the URL, templates, usage tips and an order preview. */
export default function WebhookTab() {
  return (
    <section className="stack" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook</h2>
      <WebhookUrlCard />
      <div className="webhook-columns">
        <TemplatesCard />
        <div className="stack">
          <UsageTipsCard />
          <OrderPreviewCard />
        </div>
      </div>
    </section>
  );
}
