/** One structured log line of the executor (system tests read `msg` to time their faults). */
export interface ExecutorLogEntry {
  readonly level: 'info' | 'warn' | 'error';
  readonly msg: string;
  readonly signalId?: string;
  readonly userId?: string;
  readonly [key: string]: unknown;
}

/** Where the executor writes its log. */
export type ExecutorLog = (entry: ExecutorLogEntry) => void;

/** The default log: one JSON object per line on stdout, easy to grep and to parse. */
export const jsonLineLog: ExecutorLog = (entry) => {
  console.log(JSON.stringify({ time: new Date().toISOString(), role: 'executor', ...entry }));
};

/** A log that drops everything (benchmarks, quiet tests). */
export const silentLog: ExecutorLog = () => undefined;
