import type { BacktestAnswer } from '@hyperhook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { uploadBacktest } from '../../entities/analytics/backtestQueries';
import { failureMessage } from '../../lib/api/apiError';
import { queryKeys } from '../../lib/queryKeys';
import { useOnline } from '../../lib/offline/useOnline';
import { toast } from '../../lib/toasts/toastStore';

/** The largest export the api takes (2 MB: about 10,000 trades). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** The api keeps a file's name up to this length. */
const MAX_NAME_LENGTH = 200;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Why the chosen file cannot be sent, or null: checked before reading it. */
function fileProblem(file: File | null): string | null {
  if (file === null) return 'Choose the CSV file of the List of trades first.';
  if (file.size > MAX_FILE_BYTES) return 'The file is larger than 2 MB: export a shorter range of the backtest.';
  return null;
}

/** Why the time zone is not one the browser (and so the api) knows, or null. */
function timeZoneProblem(timeZone: string): string | null {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timeZone.trim() });
    return timeZone.trim() === '' ? 'Give the chart’s time zone, for example Europe/Berlin.' : null;
  } catch {
    return `“${timeZone.trim()}” is not a time zone: write it as Europe/Berlin or America/New_York.`;
  }
}

/**
 * The upload of TradingView's Strategy Tester "List of trades" export (issue 43, point 2): the file
 * and the chart's time zone, since the export's times are the chart's wall clock and name none.
 */
export function BacktestUploadForm({ strategyId, onCompared }: { strategyId: string; onCompared: (answer: BacktestAnswer) => void }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [problem, setProblem] = useState<string | null>(null);
  const [zoneProblem, setZoneProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) =>
      uploadBacktest(strategyId, { csv: await chosen.text(), timeZone: timeZone.trim(), fileName: chosen.name.slice(0, MAX_NAME_LENGTH) }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.backtestsOf(strategyId) });
      toast({ variant: 'success', title: 'Backtest compared', description: `${answer.trades} trades read from ${answer.fileName ?? 'the file'}.` });
      onCompared(answer);
    },
  });
  const fileError = problem ?? (upload.isError ? failureMessage(upload.error, 'Failed to compare the backtest') : null);
  return (
    <form
      className="backtest-upload"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = fileProblem(file);
        const zone = timeZoneProblem(timeZone);
        setProblem(found);
        setZoneProblem(zone);
        if (found === null && zone === null && file !== null && online && !upload.isPending) upload.mutate(file);
      }}
    >
      <Field label="List of trades (CSV)" hint="Strategy Tester → List of trades → Export: the current or the older columns." error={fileError}>
        <input
          className="input"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
            upload.reset();
          }}
        />
      </Field>
      <Field label="Chart time zone" hint="The export’s times are your chart’s clock, shown at the chart’s bottom right." error={zoneProblem}>
        <input
          className="input"
          type="text"
          value={timeZone}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setTimeZone(event.target.value);
            setZoneProblem(null);
          }}
        />
      </Field>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={!online || upload.isPending} aria-busy={upload.isPending}>
          {upload.isPending ? 'Comparing...' : 'Compare with live'}
        </button>
      </div>
    </form>
  );
}
