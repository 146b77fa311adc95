import type { ParsedAlert } from '../alert/alertSchema.js';
import { breakEvenPrices } from './breakEven.js';
import type { ProtectionPrices } from './protectionPlan.js';
import { takeProfitTargets, type TakeProfitTooSmall } from './takeProfits.js';
import { armTrail } from './trailingStop.js';

/**
 * The protection an entry's alert arms once its fill is known (issue 41), counted from the average
 * fill `avgPx` and the strategy's position after it (`held`, signed): the take-profits' sizes, the
 * break-even prices, and the trail with the stop it asks for now. A trail starts at the alert's
 * stop-loss when it gave one (`stopLoss`), else the trail's distance behind the entry.
 */
export function armExits(
  alert: Pick<ParsedAlert, 'takeProfits' | 'breakEven' | 'trailingStop'>,
  fill: { readonly avgPx: string; readonly held: string; readonly isLong: boolean; readonly szDecimals: number; readonly stopLoss?: string },
): { prices: ProtectionPrices; tooSmall: TakeProfitTooSmall[] } {
  const { avgPx, held, isLong, szDecimals } = fill;
  let prices: ProtectionPrices = {};
  let tooSmall: TakeProfitTooSmall[] = [];
  if (alert.takeProfits !== undefined) {
    const armed = takeProfitTargets(alert.takeProfits, avgPx, held, szDecimals);
    prices = { ...prices, takeProfits: armed.targets };
    tooSmall = armed.tooSmall;
  }
  if (alert.breakEven !== undefined) {
    const breakEven = breakEvenPrices(avgPx, isLong, alert.breakEven, szDecimals);
    if (breakEven !== null) prices = { ...prices, breakEven };
  }
  if (alert.trailingStop !== undefined) {
    const armed = armTrail(alert.trailingStop, avgPx, isLong, szDecimals);
    if (armed !== null) prices = { ...prices, trailingStop: armed.trail, stopLoss: fill.stopLoss ?? armed.stopPx };
  }
  return { prices, tooSmall };
}
