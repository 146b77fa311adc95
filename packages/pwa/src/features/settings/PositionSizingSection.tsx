import { MAX_SIZING_PERCENTAGE, SETTINGS_STEPS, type SizingMode } from '@hyperhook/domain';
import { Field } from '../../components/Field';
import type { SectionProps } from './formTypes';
import { SettingsSection } from './SettingsSection';
import { LivePreview } from './LivePreview';

/** The sizing modes, in order. */
export const SIZING_MODES: readonly { value: SizingMode; label: string }[] = [
  { value: 'fixed', label: 'Fixed USD Amount' },
  { value: 'percentage_balance', label: 'Percentage of Available Balance' },
  { value: 'percentage_equity', label: 'Percentage of Total Equity' },
];

const HINTS: Record<SizingMode, string> = {
  fixed: 'US dollars per trade, in whole dollars.',
  percentage_balance: `Share of your available balance per trade, up to ${MAX_SIZING_PERCENTAGE}%.`,
  percentage_equity: `Share of your total equity per trade, up to ${MAX_SIZING_PERCENTAGE}%.`,
};

/** Section 1 (VAL-19 decided). */
export function PositionSizingSection({ draft, errors, edit, preview }: SectionProps) {
  const fixed = draft.mode === 'fixed';
  return (
    <SettingsSection title="Position Sizing" preview={<LivePreview state={preview} />}>
      <Field label="Sizing Mode" error={errors.mode}>
        <select className="select" value={draft.mode} onChange={(e) => edit({ mode: e.target.value as SizingMode })}>
          {SIZING_MODES.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {mode.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label={fixed ? 'Position Size (USD)' : 'Percentage (%)'} hint={HINTS[draft.mode]} error={errors.value}>
        <input
          className="input num"
          type="number"
          inputMode="decimal"
          required
          min={0}
          max={fixed ? undefined : MAX_SIZING_PERCENTAGE}
          step={fixed ? SETTINGS_STEPS.fixedValue : SETTINGS_STEPS.percentageValue}
          value={draft.value}
          onChange={(e) => edit({ value: e.target.value })}
        />
      </Field>
    </SettingsSection>
  );
}
