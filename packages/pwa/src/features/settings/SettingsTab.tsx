import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions } from './settingsApi';
import { SettingsForm } from './SettingsForm';
import { useSettingsActions } from './useSettingsActions';
import { useSettingsDraft } from './useSettingsDraft';
import './settings.css';

/**
 * The SETTINGS tab (spec §2): loading, then the editable form, saving. A load failure is
 * only logged: the tab keeps saying "Loading..." and offers a retry.
 */
export default function SettingsTab() {
  const query = useQuery(settingsQueryOptions);
  const { draft, edit, discard } = useSettingsDraft(query.data);
  const { save, saving, reset, resetting } = useSettingsActions(discard);
  const loading = resetting || draft === null;
  return (
    <section className="stack" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {loading ? (
        <div className="page-loading">
          <p role="status">Loading...</p>
          {query.isError && !query.isFetching && !resetting && (
            <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
              Retry
            </button>
          )}
        </div>
      ) : (
        <SettingsForm draft={draft} edit={edit} onSave={save} saving={saving} onReset={() => void reset()} />
      )}
    </section>
  );
}
