import { Suspense } from 'react';
import { lazyScreen } from '../../app/lazyScreen';
import { WebhookUrlCard } from './WebhookUrlCard';

/**
 * The cards below the URL, in a chunk of their own with their stylesheet: their code (the
 * templates, the preview and the domain's alert schemas they build) is most of the tab's, and on a
 * phone it would hold back the URL's paint by its download and evaluation (issue 44, point 6).
 */
const WebhookCards = lazyScreen(() => import('./WebhookCards'));

/**
 * The WEBHOOK tab (spec §2): the URL, templates, usage tips and an order preview. The URL card
 * renders first; the cards below it come when their code has arrived, their place held a screen
 * high meanwhile.
 */
export default function WebhookTab() {
  return (
    <section className="stack" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook</h2>
      <WebhookUrlCard />
      <Suspense fallback={<div className="below-fold-pending" aria-busy="true" />}>
        <WebhookCards />
      </Suspense>
    </section>
  );
}
