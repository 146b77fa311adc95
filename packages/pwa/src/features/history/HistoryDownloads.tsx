import { useState } from 'react';
import { Card } from '../../components/Card';
import { ApiError } from '../../lib/api/apiError';
import { downloadExport, type HISTORY_EXPORTS } from './historyApi';

type Kind = keyof typeof HISTORY_EXPORTS;

const BUTTONS: readonly { kind: Kind; label: string; what: string }[] = [
  { kind: 'events', label: 'Download events (NDJSON)', what: 'Every event as stored, secrets left out, each with its hash: one JSON object a line.' },
  {
    kind: 'fills',
    label: 'Download fills (CSV)',
    what: 'Time, strategy, coin, side, size, price, fee and realised P&L of each fill: the columns tax tools read.',
  },
];

/** The exports: for an auditor's own tools and for a tax return (issue 31, point 3). */
export function HistoryDownloads() {
  const [busy, setBusy] = useState<Kind | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const download = async (kind: Kind) => {
    setBusy(kind);
    setOutcome(null);
    try {
      const name = await downloadExport(kind);
      setOutcome({ ok: true, text: `Downloaded ${name}.` });
    } catch (error) {
      setOutcome({ ok: false, text: `Could not download. ${error instanceof ApiError ? error.message : 'Try again.'}` });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Exports" id="history-exports">
      <ul className="history-exports">
        {BUTTONS.map(({ kind, label, what }) => (
          <li key={kind}>
            <button type="button" className="btn" disabled={busy !== null} aria-describedby={`history-export-${kind}`} onClick={() => void download(kind)}>
              {busy === kind ? 'Preparing…' : label}
            </button>
            <p className="field__hint" id={`history-export-${kind}`}>
              {what}
            </p>
          </li>
        ))}
      </ul>
      {outcome !== null && (
        <p className={outcome.ok ? 'notice notice--success' : 'notice notice--error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </Card>
  );
}
