import { formatSince } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { useTradingDialogStore } from './tradingDialogStore';
import { useTradingSwitch } from './useTradingSwitch';

/** The kill switch: pause (or resume) all trading, with the way on to closing every position. */
export function SwitchView({ titleId, descriptionId, onClose }: { titleId: string; descriptionId: string; onClose: () => void }) {
  const online = useOnline();
  const trading = useTradingSwitch();
  const openCloseAll = useTradingDialogStore((state) => state.open);
  const act = async () => {
    if (await (trading.paused ? trading.resume() : trading.pause())) onClose();
  };
  return (
    <>
      <h2 id={titleId} className="dialog__title">
        {trading.paused ? 'All trading is paused' : 'Pause all trading?'}
      </h2>
      <p id={descriptionId}>
        {trading.paused
          ? `Since ${formatSince(trading.pausedSince)}: alerts are logged, not traded. Resume to trade new alerts again.`
          : 'Every new alert is still logged but not traded until you resume. Open positions and orders already on the book are not touched.'}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn" data-autofocus onClick={onClose}>
          {trading.paused ? 'Keep paused' : 'Cancel'}
        </button>
        <button
          type="button"
          className={trading.paused ? 'btn btn--primary' : 'btn btn--danger-solid'}
          disabled={trading.busy || !online}
          aria-busy={trading.busy}
          onClick={() => void act()}
        >
          {trading.paused ? 'Resume trading' : 'Pause all trading'}
        </button>
      </div>
      <section className="trading-dialog__more" aria-labelledby={`${titleId}-close-all`}>
        <h3 id={`${titleId}-close-all`} className="trading-dialog__subtitle">
          Close all positions
        </h3>
        <p className="muted">Get flat now: a reduce-only market close for every open position, even while trading is paused.</p>
        <button type="button" className="btn btn--danger" onClick={() => openCloseAll('closeAll')}>
          Close all positions…
        </button>
      </section>
    </>
  );
}
