import { SETTINGS_LIMITS, SETTINGS_STEPS, type MarginMode } from '@hyperhook/domain';
import { useId } from 'react';
import { Field } from '../../components/Field';
import { ExecutionPreview } from './ExecutionPreview';
import type { SectionProps } from './formTypes';
import { SettingsSection } from './SettingsSection';

/** The margin modes, in order (issue 39.2). */
export const MARGIN_MODES: readonly { value: MarginMode; label: string }[] = [
  { value: 'cross', label: 'Cross' },
  { value: 'isolated', label: 'Isolated' },
];

/** Section 3. */
export function TradingSection({ draft, errors, edit, preview }: SectionProps) {
  const stopLossHint = useId();
  return (
    <SettingsSection title="Trading Preferences" preview={<ExecutionPreview state={preview} />}>
      <Field
        label="Default Leverage"
        hint={`A whole number from ${SETTINGS_LIMITS.minLeverage} to ${SETTINGS_LIMITS.maxLeverage}; an alert's own leverage overrides it.`}
        error={errors.leverage}
      >
        <input
          className="input num"
          type="number"
          inputMode="numeric"
          required
          min={SETTINGS_LIMITS.minLeverage}
          max={SETTINGS_LIMITS.maxLeverage}
          step={1}
          value={draft.leverage}
          onChange={(e) => edit({ leverage: e.target.value })}
        />
      </Field>
      <Field label="Slippage Tolerance (%)" hint="Orders are rejected when price impact exceeds the slippage threshold." error={errors.slippageTolerance}>
        <input
          className="input num"
          type="number"
          inputMode="decimal"
          required
          min={SETTINGS_LIMITS.minSlippage}
          max={SETTINGS_LIMITS.maxSlippage}
          step={SETTINGS_STEPS.slippageTolerance}
          value={draft.slippageTolerance}
          onChange={(e) => edit({ slippageTolerance: e.target.value })}
        />
      </Field>
      <Field
        label="Margin Mode"
        hint="Cross shares your balance across positions; isolated gives each its own margin. A coin already open keeps its mode until closed."
        error={errors.marginMode}
      >
        <select className="select" value={draft.marginMode} onChange={(e) => edit({ marginMode: e.target.value as MarginMode })}>
          {MARGIN_MODES.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {mode.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.requireStopLoss}
            onChange={(e) => edit({ requireStopLoss: e.target.checked })}
            aria-describedby={stopLossHint}
          />
          <span>Require stop-loss for all trades</span>
        </label>
        <p className="field__hint" id={stopLossHint}>
          When this is on, webhooks without a stop-loss parameter are rejected.
        </p>
        {errors.requireStopLoss ? <p className="field__error">{errors.requireStopLoss}</p> : null}
      </div>
    </SettingsSection>
  );
}
