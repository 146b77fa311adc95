import { DEFAULT_SETTINGS, type OrderPlan, type ParsedAlert, planOrder, type PlanOrderResult, type Settings } from '@hyperhook/domain';
import type { SimHarness } from './simHarness.js';

/** An alert as a test writes it: coin and action, a market order unless it says otherwise. */
export type TestAlert = Pick<ParsedAlert, 'coin' | 'action'> & Partial<ParsedAlert>;

/**
 * What the executor plans for `alert` on the simulator's market right now: the same reads (the
 * asset, the mids, the account) and the domain's planOrder, on default settings changed by
 * `trading`. Orders priced and sized here are the product's, not a test's own arithmetic.
 */
export async function planOnSim(h: SimHarness, alert: TestAlert, cloid: string, trading: Partial<Settings['trading']> = {}): Promise<PlanOrderResult> {
  const [asset, mids, account] = await Promise.all([h.client.getAsset(true, alert.coin), h.client.getMids(true), h.client.getAccountSnapshot(h.signer)]);
  if (asset === undefined) throw new Error(`The simulator does not list ${alert.coin}.`);
  return planOrder({
    alert: { symbol: alert.coin, orderType: 'market', ...alert },
    settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, ...trading } },
    balance: account.balance,
    positions: account.positions,
    asset,
    mid: mids[alert.coin] ?? Number.NaN,
    cloid,
  });
}

/** The plan for `alert`; a refusal means the test's setup is wrong, so it throws with the reason. */
export async function orderPlanOnSim(h: SimHarness, alert: TestAlert, cloid: string, trading: Partial<Settings['trading']> = {}): Promise<OrderPlan> {
  const planned = await planOnSim(h, alert, cloid, trading);
  if (!planned.ok) throw new Error(`${planned.code}: ${planned.message}`);
  return planned.plan;
}
