import { DEFAULT_SETTINGS, SETTINGS_LIMITS, SETTINGS_STEPS } from '@hyperhook/domain';
import { Field } from '../../components/Field';
import type { SectionProps } from './formTypes';
import { SettingsSection } from './SettingsSection';
import { RiskSnapshotPanel } from './RiskSnapshotPanel';

/** The hinted default of Max Open Positions (3). */
const DEFAULT_MAX_OPEN = String(DEFAULT_SETTINGS.riskLimits.maxOpenPositions);

/** Section 2. */
export function RiskLimitsSection({ draft, errors, edit, preview }: SectionProps) {
  return (
    <SettingsSection title="Risk Limits" preview={<RiskSnapshotPanel state={preview} />}>
      <Field label="Max Position Size (USD)" hint="The most one trade may use, in steps of $100. 0 means no cap." error={errors.maxPositionSize}>
        <input
          className="input num"
          type="number"
          inputMode="decimal"
          required
          min={0}
          step={SETTINGS_STEPS.maxPositionSize}
          value={draft.maxPositionSize}
          onChange={(e) => edit({ maxPositionSize: e.target.value })}
        />
      </Field>
      <Field label="Max Open Positions" hint={`Default: ${DEFAULT_MAX_OPEN}. New trades are refused beyond it.`} error={errors.maxOpenPositions}>
        <input
          className="input num"
          type="number"
          inputMode="numeric"
          required
          min={SETTINGS_LIMITS.minMaxOpenPositions}
          step={1}
          placeholder={DEFAULT_MAX_OPEN}
          value={draft.maxOpenPositions}
          onChange={(e) => edit({ maxOpenPositions: e.target.value })}
        />
      </Field>
    </SettingsSection>
  );
}
