import { WEEKDAYS, type Weekday } from '@hyperhook/domain';
import { NEW_WINDOW, type WindowDraft } from './guardsDraft';

const DAY_LABEL: Readonly<Record<Weekday, string>> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/**
 * The trading windows (issue 42): each its days, its first minute and the first minute after it
 * (earlier than the first: it runs past midnight). None: entries at any time.
 */
export function WindowsField({
  windows,
  errors,
  onChange,
}: {
  windows: readonly WindowDraft[];
  errors: Readonly<Record<string, string>>;
  onChange: (windows: readonly WindowDraft[]) => void;
}) {
  const change = (index: number, patch: Partial<WindowDraft>) => onChange(windows.map((w, i) => (i === index ? { ...w, ...patch } : w)));
  const toggle = (index: number, day: Weekday, on: boolean) => {
    const days = windows[index]?.days ?? [];
    change(index, { days: on ? WEEKDAYS.filter((d) => d === day || days.includes(d)) : days.filter((d) => d !== day) });
  };
  return (
    <div className="field guards-windows">
      <span className="field__label">Trading windows</span>
      <p className="field__hint">Entries only inside one of these, in the time zone below. None: entries at any time.</p>
      {windows.map((window, index) => {
        const error = errors[`tradingWindows.${index}.days`] ?? errors[`tradingWindows.${index}.from`] ?? errors[`tradingWindows.${index}.to`];
        return (
          <fieldset key={index} className="guards-window">
            <legend>Window {index + 1}</legend>
            <div className="guards-window__days">
              {WEEKDAYS.map((day) => (
                <label key={day} className="checkbox">
                  <input type="checkbox" checked={window.days.includes(day)} onChange={(e) => toggle(index, day, e.target.checked)} />
                  {DAY_LABEL[day]}
                </label>
              ))}
            </div>
            <div className="guards-window__times">
              <label>
                From <input className="input num" type="time" value={window.from} onChange={(e) => change(index, { from: e.target.value })} />
              </label>
              <label>
                to <input className="input num" type="time" value={window.to} onChange={(e) => change(index, { to: e.target.value })} />
              </label>
              <button type="button" className="btn btn--small" onClick={() => onChange(windows.filter((_, i) => i !== index))}>
                Remove
              </button>
            </div>
            {error !== undefined && (
              <p className="field__error" role="alert">
                {error}
              </p>
            )}
          </fieldset>
        );
      })}
      <button type="button" className="btn btn--small" onClick={() => onChange([...windows, NEW_WINDOW])}>
        Add a trading window
      </button>
    </div>
  );
}
