import { OrderPreviewCard } from './OrderPreviewCard';
import { TemplatesCard } from './TemplatesCard';
import { UsageTipsCard } from './UsageTipsCard';
import './webhook.css';

/** The WEBHOOK tab's cards below its URL: templates beside tips and the order preview on wide screens. */
export default function WebhookCards() {
  return (
    <div className="webhook-columns">
      <TemplatesCard />
      <div className="stack">
        <UsageTipsCard />
        <OrderPreviewCard />
      </div>
    </div>
  );
}
