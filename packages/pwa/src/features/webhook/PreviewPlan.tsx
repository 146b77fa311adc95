import type { OrderPreview } from '@hyperhook/domain';
import type { ReactNode } from 'react';
import { PaperBadge } from '../../components/PaperBadge';
import { DASH } from '../../lib/format/latency';
import { formatUsd } from '../../lib/format/money';
import { formatLeverage, formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { amountText, orderKindLabel, priceMeaning, sideLabel, tifLabel } from './previewTexts';
import { LadderOrders } from './LadderOrders';
import { ProtectionPlanPreview } from './ProtectionPlanPreview';
import { ProtectiveLegs } from './ProtectiveLegs';

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="preview-figure">
      <dt>{label}</dt>
      <dd className="num">{value}</dd>
      {detail !== undefined && <dd className="preview-figure__detail">{detail}</dd>}
    </div>
  );
}

/** The exact order(s) the executor would sign for the alert now, with the sizing that led to them. */
export function PreviewPlan({ preview }: { preview: Extract<OrderPreview, { ok: true }> }) {
  const { plan } = preview;
  return (
    <section className="preview-plan" aria-label="Order that would be sent">
      <div className="preview-plan__head">
        {preview.venue === 'paper' ? (
          <PaperBadge />
        ) : (
          <span className={`badge ${preview.network === 'mainnet' ? 'badge--accent' : 'badge--yellow'}`}>
            {preview.network === 'mainnet' ? 'Mainnet' : 'Testnet'}
          </span>
        )}
        <strong className="preview-plan__coin">{plan.coin}</strong>
        <span className={`badge ${plan.isBuy ? 'badge--green' : 'badge--red'}`}>{sideLabel(plan.isBuy)}</span>
        <span>{orderKindLabel(plan)}</span>
      </div>
      <dl className="preview-figures">
        <Figure label="Size" value={`${formatSize(Number(plan.size))} ${plan.coin}`} detail="After rounding to the coin's size step" />
        <Figure label="Limit price" value={formatUsdPrice(Number(plan.price))} detail={priceMeaning(plan)} />
        <Figure label="Time in force" value={tifLabel(plan.tif)} />
        <Figure label="Leverage" value={formatLeverage(plan.leverage)} detail={plan.leverageClamped ? "Lowered to the coin's maximum" : undefined} />
        <Figure
          label="Amount (USD)"
          value={amountText(plan)}
          detail={plan.requestedUsd === null ? undefined : 'Requested → after Max Position Size and balance'}
        />
        <Figure label="Notional" value={formatUsd(plan.orderNotionalUsd)} detail={`Size × ${formatUsdPrice(Number(plan.referencePrice))}`} />
        <Figure label="Margin" value={formatUsd(preview.marginUsd)} detail={plan.reduceOnly ? 'A close frees margin' : undefined} />
        <Figure label="Mid price" value={preview.mid === null ? DASH : formatUsdPrice(preview.mid)} />
      </dl>
      <LadderOrders plan={plan} />
      <ProtectiveLegs plan={plan} exitsFollow={preview.protection !== undefined} />
      <ProtectionPlanPreview protection={preview.protection} coin={plan.coin} />
    </section>
  );
}
