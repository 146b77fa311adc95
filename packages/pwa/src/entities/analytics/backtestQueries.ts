import { BacktestAnswerSchema, BacktestListSchema, type BacktestAnswer } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

const backtestsPath = (strategyId: string) => `/api/strategies/${encodeURIComponent(strategyId)}/backtests`;

/** `GET /api/strategies/:id/backtests` (issue 43, point 2): the strategy's uploads, oldest first. */
export function backtestsQueryOptions(strategyId: string) {
  return queryOptions({
    queryKey: queryKeys.backtestsOf(strategyId),
    queryFn: ({ signal }) => api(backtestsPath(strategyId), { schema: BacktestListSchema, signal }),
  });
}

/** What an upload says of its file: the chart's time zone (the export's times are its wall clock) and the file's name. */
export interface BacktestUpload {
  readonly csv: string;
  readonly timeZone: string;
  readonly fileName: string;
}

/** `POST /api/strategies/:id/backtests`: keeps the export and answers its comparison with what the strategy did. */
export function uploadBacktest(strategyId: string, upload: BacktestUpload): Promise<BacktestAnswer> {
  const search = new URLSearchParams({ timeZone: upload.timeZone, fileName: upload.fileName });
  return api(`${backtestsPath(strategyId)}?${search.toString()}`, {
    text: { contentType: 'text/csv', body: upload.csv },
    schema: BacktestAnswerSchema,
  });
}

/** `GET /api/strategies/:id/backtests/:backtestId`: a kept upload compared again, with the trades made since. */
export function compareBacktestAgain(strategyId: string, backtestId: string): Promise<BacktestAnswer> {
  return api(`${backtestsPath(strategyId)}/${encodeURIComponent(backtestId)}`, { schema: BacktestAnswerSchema });
}
