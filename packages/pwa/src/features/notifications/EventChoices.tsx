import { eventText, OFFERED_EVENTS } from './notificationEvents';

/**
 * The events one destination gets, as checkboxes under a legend. The events the trader ticked
 * that the screen does not offer (kept from the server) stay ticked, unseen.
 */
export function EventChoices({
  legend,
  events,
  onChange,
  disabled = false,
}: {
  legend: string;
  events: readonly string[];
  onChange: (events: string[]) => void;
  disabled?: boolean;
}) {
  const toggle = (event: string, on: boolean) => onChange(on ? [...events.filter((e) => e !== event), event] : events.filter((e) => e !== event));
  return (
    <fieldset className="event-choices" disabled={disabled}>
      <legend className="event-choices__legend">{legend}</legend>
      <div className="event-choices__grid">
        {OFFERED_EVENTS.map((event) => {
          const text = eventText(event);
          return (
            <label key={event} className="checkbox event-choice">
              <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
              <span>
                {text.label}
                {text.hint !== '' && <span className="event-choice__hint">{text.hint}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
