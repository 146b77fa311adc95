import { pino } from 'pino';

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

/**
 * Standard output, written asynchronously: console.log writes a pipe synchronously on Linux, and
 * the executor logs each step of every order, so at hundreds of orders a second the event loop it
 * shares with intake waited on the pipe. pino's destination flushes what is queued when the
 * process exits.
 */
let stdout: ReturnType<typeof pino.destination> | undefined;

/** The default log: one JSON object per line on stdout, easy to grep and to parse. */
export const jsonLineLog: ExecutorLog = (entry) => {
  (stdout ??= pino.destination({ dest: 1, sync: false })).write(`${JSON.stringify({ time: new Date().toISOString(), role: 'executor', ...entry })}\n`);
};

/** A log that drops everything (benchmarks, quiet tests). */
export const silentLog: ExecutorLog = () => undefined;
