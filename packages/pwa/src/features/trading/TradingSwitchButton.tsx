import { Icon } from '../../components/Icon';
import { useTradingDialogStore } from './tradingDialogStore';
import { useTradingSwitch } from './useTradingSwitch';
import './trading.css';

/**
 * The header's kill switch, on every tab: one tap opens the dialog that pauses all trading (or
 * resumes it) and leads on to closing every position; the second tap acts. Its words are short
 * ("Pause trading", "Trading paused"), so the user's email keeps its room in the phone's header.
 */
export function TradingSwitchButton() {
  const { paused } = useTradingSwitch();
  const open = useTradingDialogStore((state) => state.open);
  return (
    <button
      type="button"
      className={paused ? 'btn btn--small trading-switch trading-switch--paused' : 'btn btn--small btn--danger trading-switch'}
      aria-haspopup="dialog"
      onClick={() => open('switch')}
    >
      <Icon name="pause" size={16} />
      {paused ? 'Trading paused' : 'Pause trading'}
    </button>
  );
}
