import type { StrategyView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { PaperBadge } from '../../components/PaperBadge';
import { isAccountStrategy, isPaperStrategy } from '../../entities/strategies/pickStrategy';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { settingsQueryOptions } from './settingsApi';
import { AccountLossLimitCard } from './guards/AccountLossLimitCard';
import { GuardsCard } from './guards/GuardsCard';
import { SettingsForm } from './SettingsForm';
import { useSettingsActions } from './useSettingsActions';
import { useSettingsDraft } from './useSettingsDraft';
import './settings.css';

/**
 * The account's settings, the first strategy's (spec §2): loading, then the editable form, saving.
 * A load failure is only logged: the tab keeps saying "Loading..." and offers a retry.
 */
function AccountSettings() {
  const query = useQuery(settingsQueryOptions);
  const { draft, edit, discard } = useSettingsDraft(query.data);
  const { save, saving, reset, resetting } = useSettingsActions(discard);
  const loading = resetting || draft === null;
  return loading ? (
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
  );
}

/** Another strategy's settings (issue 29, point 6): they come with the strategies, and save to its own route. */
function StrategySettings({ strategy }: { strategy: StrategyView }) {
  const { draft, edit, discard } = useSettingsDraft(strategy.settings);
  const { save, saving, reset, resetting } = useSettingsActions(discard, strategy);
  if (resetting || draft === null) {
    return (
      <div className="page-loading">
        <p role="status">Loading...</p>
      </div>
    );
  }
  return <SettingsForm draft={draft} edit={edit} onSave={save} saving={saving} onReset={() => void reset()} />;
}

/** The SETTINGS tab (spec §2): the settings of the strategy on screen. */
export default function SettingsTab() {
  const { strategy, multiple, settled } = useSelectedStrategy();
  return (
    <section className="stack" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {multiple && strategy !== undefined && (
        <p className="muted settings-scope">
          For strategy <strong>“{strategy.name}”</strong>
          {isPaperStrategy(strategy) && (
            <>
              {' '}
              <PaperBadge />
            </>
          )}
          : alerts sent to its webhook URL are sized and checked with these settings
          {isPaperStrategy(strategy) ? ', then traded on paper with no real money' : ''}. Switch strategy in the header.
        </p>
      )}
      {!settled ? (
        <div className="page-loading">
          <p role="status">Loading...</p>
        </div>
      ) : isAccountStrategy(strategy) || strategy === undefined ? (
        <AccountSettings />
      ) : (
        <StrategySettings key={strategy.id} strategy={strategy} />
      )}
      {settled && strategy !== undefined && <GuardsCard key={`guards-${strategy.id}`} strategy={strategy} />}
      {settled && <AccountLossLimitCard />}
    </section>
  );
}
