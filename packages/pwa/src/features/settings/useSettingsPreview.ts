import { sizingPreview, type Settings, type SizingPreview } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useBalance, type BalanceState } from '../../entities/balance/useBalance';
import { accountPositionsQueryOptions } from '../../entities/positions/positionsQuery';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { referenceMarketQueryOptions } from './settingsApi';
import { draftForPreview, type SettingsDraft } from './settingsDraft';

/** What the three preview panels show. */
export interface SettingsPreviewState {
  /** The domain's previews of the current draft. */
  readonly preview: SizingPreview;
  /** The draft as settings (blank or invalid numbers are NaN, counted as 0). */
  readonly settings: Settings;
  readonly balance: BalanceState;
  /** How many positions are open; null until the positions are known. */
  readonly openPositions: number | null;
}

/**
 * Previews the draft, not the saved settings, so they follow every keystroke. The balance, the
 * open positions (the Positions tab's own query) and the BTC reference market feed them: for a
 * paper strategy (issue 30) its paper account's, which is what its alerts are sized from.
 */
export function useSettingsPreview(draft: SettingsDraft): SettingsPreviewState {
  const { strategy } = useSelectedStrategy();
  const balance = useBalance(strategy);
  const positions = useQuery(accountPositionsQueryOptions(strategy));
  // The market is read on the network of the user's keys (mainnet without, paper's prices): without a balance there are none yet.
  const market = useQuery({ ...referenceMarketQueryOptions, enabled: balance.balance !== null }).data;
  const settings = draftForPreview(draft);
  const openPositions = positions.data?.length ?? null;
  const preview = sizingPreview(
    settings,
    balance.balance,
    openPositions ?? 0,
    market === undefined ? undefined : { coin: market.coin, mid: market.mid, szDecimals: market.szDecimals },
  );
  return { preview, settings, balance, openPositions };
}
