import type { ParsedAlert } from '../../alert/alertSchema.js';
import { DEFAULT_SETTINGS, type Settings } from '../../settings/settingsSchema.js';
import type { PlanOrderInput } from '../planOrderInputSchema.js';

/** Partial settings, section by section, for tests. */
export interface SettingsPatch {
  positionSizing?: Partial<Settings['positionSizing']>;
  riskLimits?: Partial<Settings['riskLimits']>;
  trading?: Partial<Settings['trading']>;
}

/** DEFAULT_SETTINGS with the given sections overridden. */
export function settingsWith(patch: SettingsPatch = {}): Settings {
  return {
    positionSizing: { ...DEFAULT_SETTINGS.positionSizing, ...patch.positionSizing },
    riskLimits: { ...DEFAULT_SETTINGS.riskLimits, ...patch.riskLimits },
    trading: { ...DEFAULT_SETTINGS.trading, ...patch.trading },
  };
}

/** A valid cloid. */
export const CLOID = '0x0000000000000000000000000000abcd';

/** BTC as mainnet meta describes it. */
export const BTC = { coin: 'BTC', assetId: 0, szDecimals: 5, maxLeverage: 40 } as const;

/** A planOrder input: a $100 market buy of BTC at mid 97,000 on default settings and $1,000 available. */
export function planInput(
  overrides: Partial<Omit<PlanOrderInput, 'alert' | 'settings'>> & { alert?: Partial<ParsedAlert>; settings?: SettingsPatch } = {},
): PlanOrderInput {
  const { alert, settings, ...rest } = overrides;
  return {
    alert: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market', ...alert },
    settings: settingsWith(settings),
    balance: { availableBalance: 1000, totalEquity: 1500 },
    positions: [],
    asset: { ...BTC },
    mid: 97000,
    cloid: CLOID,
    ...rest,
  };
}
