import type { ProtectionPlanPreview as Plan } from '@hyperhook/domain';
import { formatUsdPrice } from '../../lib/format/numbers';
import { ExitRules } from './ExitRules';
import { TakeProfitPlan } from './TakeProfitPlan';

/**
 * The protection plan that follows the entry (issue 41 §2): what hyperhook arms once the order
 * fills and keeps afterwards, counted here from the price the plan was sized at. Nothing when the
 * alert asks for no take-profits, trail or break-even.
 */
export function ProtectionPlanPreview({ protection, coin }: { protection: Plan | undefined; coin: string }) {
  if (protection === undefined) return null;
  return (
    <section className="stack protection-plan" aria-label="Protection after the fill">
      <h3 className="protection-plan__title">After the fill</h3>
      {protection.takeProfits !== undefined && <TakeProfitPlan targets={protection.takeProfits} coin={coin} />}
      <ExitRules trail={protection.trailingStop} breakEven={protection.breakEven} />
      <p className="muted">
        Counted from {formatUsdPrice(Number(protection.fillPx))}, the price the size was computed at; hyperhook counts from the real average fill.
      </p>
    </section>
  );
}
