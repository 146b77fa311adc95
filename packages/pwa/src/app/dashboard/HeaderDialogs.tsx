import { lazy, Suspense } from 'react';
import { useStrategiesDialogStore } from '../../features/strategies/strategiesDialogStore';
import { useTradingDialogStore } from '../../features/trading/tradingDialogStore';

const TradingDialog = lazy(() => import('../../features/trading/TradingDialog').then((module) => ({ default: module.TradingDialog })));
const StrategiesDialog = lazy(() => import('../../features/strategies/StrategiesDialog').then((module) => ({ default: module.StrategiesDialog })));

/**
 * The dialogs the header opens: the kill switch's (pause, close all) and Manage strategies. Their
 * code loads when one first opens, not with the screen: a trader's first screen on a phone's slow
 * network does not wait for dialogs it may never open (issue 44, point 6). An installed app has
 * them in its offline cache already.
 */
export function HeaderDialogs() {
  const trading = useTradingDialogStore((state) => state.view !== null);
  const strategies = useStrategiesDialogStore((state) => state.open);
  return (
    <>
      {trading && (
        <Suspense fallback={null}>
          <TradingDialog />
        </Suspense>
      )}
      {strategies && (
        <Suspense fallback={null}>
          <StrategiesDialog />
        </Suspense>
      )}
    </>
  );
}
