import type { Settings } from '@hyperhook/domain';
import type { FormEvent } from 'react';
import { useOnline } from '../../lib/offline/useOnline';
import { PositionSizingSection } from './PositionSizingSection';
import { RiskLimitsSection } from './RiskLimitsSection';
import { validateDraft, type SettingsDraft } from './settingsDraft';
import { TradingSection } from './TradingSection';
import { useSettingsPreview } from './useSettingsPreview';

/**
 * The settings form: three sections, each with its preview of the
 * current draft, then Save Settings and Reset to Defaults. Save waits for a valid draft (the
 * domain's validateSettings; each message sits under its field).
 */
export function SettingsForm({
  draft,
  edit,
  onSave,
  saving,
  onReset,
}: {
  draft: SettingsDraft;
  edit: (patch: Partial<SettingsDraft>) => void;
  onSave: (settings: Settings) => void;
  saving: boolean;
  onReset: () => void;
}) {
  const online = useOnline();
  const preview = useSettingsPreview(draft);
  const { settings, errors } = validateDraft(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (settings !== null && !saving) onSave(settings);
  };
  const sectionProps = { draft, errors, edit, preview };
  return (
    <form className="form settings-form" onSubmit={submit} noValidate aria-busy={saving}>
      {/* Saving freezes the inputs (loading, editable, saving). */}
      <fieldset className="settings-form__fields" disabled={saving}>
        <legend className="visually-hidden">Automation settings</legend>
        <PositionSizingSection {...sectionProps} />
        <RiskLimitsSection {...sectionProps} />
        <TradingSection {...sectionProps} />
      </fieldset>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={settings === null || saving || !online}>
          {saving ? 'Saving...' : 'Save Settings'}
        </button>
        <button type="button" className="btn" onClick={onReset} disabled={saving || !online}>
          Reset to Defaults
        </button>
      </div>
    </form>
  );
}
