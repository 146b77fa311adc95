import type { SettingsDraft } from './settingsDraft';
import type { SettingsPreviewState } from './useSettingsPreview';

/** What each section of the settings form receives. */
export interface SectionProps {
  readonly draft: SettingsDraft;
  readonly errors: Partial<Record<keyof SettingsDraft, string>>;
  readonly edit: (patch: Partial<SettingsDraft>) => void;
  readonly preview: SettingsPreviewState;
}
