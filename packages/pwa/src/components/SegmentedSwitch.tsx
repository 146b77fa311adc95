/** One choice of a {@link SegmentedSwitch}: its value and the words on its button. */
export interface SegmentedOption<Value extends string> {
  readonly value: Value;
  readonly label: string;
}

/**
 * A segmented control: a group of pressed/unpressed buttons, as the logs' status chips are, so each
 * says what it shows. On phones the buttons share the width and a long label ends in an ellipsis.
 */
export function SegmentedSwitch<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's accessible name: what the choice is about. */
  label: string;
  options: readonly SegmentedOption<Value>[];
  value: Value;
  onChange(next: Value): void;
}) {
  return (
    <div className="segmented-switch" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented-switch__option"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
