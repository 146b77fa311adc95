import { z } from 'zod';
import type { Decider } from '../../shared/decider.js';
import { BacktestUploadedSchema, type BacktestEvent } from './backtestEvents.js';

/** Keep an uploaded backtest (issue 43, point 2). */
export const UploadBacktestSchema = BacktestUploadedSchema.shape.data.extend({ type: z.literal('UploadBacktest') });
/** A backtests command. */
export type BacktestsCommand = z.infer<typeof UploadBacktestSchema>;

/** The uploads a `backtest-<uid>` stream holds, by id. */
export interface BacktestsState {
  readonly ids: ReadonlySet<string>;
}

/**
 * A user's uploaded backtests on `backtest-<uid>`: each upload is kept once under its id (an
 * upload retried with the same id records nothing more); the trades were checked when read.
 */
export const backtestsDecider: Decider<BacktestsCommand, BacktestEvent, BacktestsState> = {
  eventTypes: ['BacktestUploaded'],
  decide(command, state) {
    if (state.ids.has(command.backtestId)) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'BacktestUploaded', v: 1, data }];
  },
  evolve: (state, event) => ({ ids: new Set([...state.ids, event.data.backtestId]) }),
  initialState: () => ({ ids: new Set() }),
};
