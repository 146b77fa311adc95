import type { CredentialsRecord } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ReferralPanel } from './referral/ReferralPanel';
import { keysQueryOptions } from './keysApi';
import type { KeysDraft } from './keysDraft';
import { KeysForm } from './KeysForm';
import { KeysSecurityNotice } from './KeysSecurityNotice';
import { KeysSummary } from './KeysSummary';
import { SetupChecklist } from './SetupChecklist';
import './keys.css';

/** Updating starts from the saved addresses and network; the private key is always typed again. */
function draftOf(record: CredentialsRecord): KeysDraft {
  return { apiWalletAddress: record.apiWalletAddress ?? '', privateKey: '', accountAddress: record.accountAddress ?? '', isTestnet: record.isTestnet };
}

/**
 * The API KEYS tab (spec §2): the summary when keys are configured, else (or
 * while updating) the form with the setup checklist. A load failure is only logged: the
 * tab keeps saying "Loading..." and offers a retry, rather than a form that could overwrite keys.
 */
export default function KeysTab() {
  const query = useQuery(keysQueryOptions);
  const [updating, setUpdating] = useState(false);
  const record = query.data;
  const showForm = record !== undefined && (!record.configured || updating);
  // Joining Hyperliquid comes before connecting keys (the landing page's first step): offer it first then.
  const referralFirst = record !== undefined && !record.configured;
  return (
    <section className="stack" aria-labelledby="keys-title">
      <h2 id="keys-title">API Keys</h2>
      <KeysSecurityNotice />
      {referralFirst && <ReferralPanel />}
      {record === undefined ? (
        <div className="page-loading">
          <p role="status">Loading...</p>
          {query.isError && !query.isFetching && (
            <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
              Retry
            </button>
          )}
        </div>
      ) : showForm ? (
        <div className="keys-columns">
          <KeysForm key={record.configured ? 'update' : 'add'} initial={draftOf(record)} hasKeys={record.configured} onDone={() => setUpdating(false)} />
          <SetupChecklist />
        </div>
      ) : (
        <KeysSummary record={record} onUpdate={() => setUpdating(true)} />
      )}
      {!referralFirst && <ReferralPanel />}
    </section>
  );
}
