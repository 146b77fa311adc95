import { z } from 'zod';
import { sameAddress } from '../shared/hexPatterns.js';
import { PositionSnapshotSchema } from '../account/accountEvents.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import type { Decider } from '../shared/decider.js';
import type { KeysExpiryStage } from './alarmEvents.js';
import { KEYS_EXPIRY_STAGES, keysExpiryStage } from './keysExpiryStage.js';
import { alarmKey, liquidationCrossings, marginCrossings, type RaisedAlarms } from './riskCrossings.js';
import { riskAlarmsOf, type RiskAlarms } from './riskAlarmSettings.js';

/** Weigh a positions snapshot against the liquidation alarm. */
export const RecordPositionsRiskSchema = z.object({
  type: z.literal('RecordPositionsRisk'),
  positions: z.array(PositionSnapshotSchema),
  at: IsoTimestampSchema,
});
/** Weigh a balance snapshot against the margin-usage alarm. */
export const RecordMarginRiskSchema = z.object({
  type: z.literal('RecordMarginRisk'),
  marginUsed: DecimalTextSchema,
  totalEquity: DecimalTextSchema,
  at: IsoTimestampSchema,
});
/** Tell the stage of the API wallet's expiry due now, if it was not told. */
export const RecordKeysExpirySchema = z.object({ type: z.literal('RecordKeysExpiry'), at: IsoTimestampSchema });
/** Commands of the alarms decider. */
export type AlarmsCommand = z.infer<typeof RecordPositionsRiskSchema> | z.infer<typeof RecordMarginRiskSchema> | z.infer<typeof RecordKeysExpirySchema>;

/** The saved wallet's expiry and the stages of it already told. */
interface KeysExpiryState {
  readonly apiWalletAddress: string;
  readonly validUntil: string;
  readonly isTestnet: boolean;
  readonly told: readonly KeysExpiryStage[];
}

/** The thresholds, the alarms raised, and the API wallet's expiry. */
export interface AlarmsState {
  readonly thresholds: RiskAlarms;
  readonly raised: RaisedAlarms;
  /**
   * Per alarm, the time of the snapshot its last change was read from: a snapshot no later than it
   * (read again after a restart) is old news and changes nothing.
   */
  readonly weighedAt: Readonly<Record<'liquidation' | 'marginUsage', string | null>>;
  /** Null without keys, or for a wallet whose expiry the venue does not list (an unnamed one). */
  readonly keys: KeysExpiryState | null;
}

const ALARM_EVENTS = [
  'NotificationPreferencesUpdated',
  'CredentialsSaved',
  'CredentialsDeleted',
  'RiskAlarmRaised',
  'RiskAlarmCleared',
  'KeysExpiryNoticed',
] as const;
type AlarmsEvent = Extract<UserEvent, { type: (typeof ALARM_EVENTS)[number] }>;

const isOld = (at: string, weighedAt: string | null) => weighedAt !== null && Date.parse(at) <= Date.parse(weighedAt);

const weighed = (state: AlarmsState, alarm: 'liquidation' | 'marginUsage', at: string): AlarmsState['weighedAt'] => ({ ...state.weighedAt, [alarm]: at });

function decide(command: AlarmsCommand, state: AlarmsState): AlarmsEvent[] {
  switch (command.type) {
    case 'RecordPositionsRisk':
      if (isOld(command.at, state.weighedAt.liquidation)) return [];
      return liquidationCrossings(state.raised, command.positions, state.thresholds, command.at);
    case 'RecordMarginRisk':
      if (isOld(command.at, state.weighedAt.marginUsage)) return [];
      return marginCrossings(state.raised, command, state.thresholds, command.at);
    case 'RecordKeysExpiry': {
      const keys = state.keys;
      const stage = keys === null ? null : keysExpiryStage(keys.validUntil, new Date(command.at));
      if (keys === null || stage === null) return [];
      const rank = KEYS_EXPIRY_STAGES.indexOf(stage);
      if (keys.told.some((told) => KEYS_EXPIRY_STAGES.indexOf(told) >= rank)) return [];
      return [
        {
          type: 'KeysExpiryNoticed',
          v: 1,
          data: { apiWalletAddress: keys.apiWalletAddress, validUntil: keys.validUntil, stage, isTestnet: keys.isTestnet, at: command.at },
        },
      ];
    }
  }
}

function evolve(state: AlarmsState, event: AlarmsEvent): AlarmsState {
  switch (event.type) {
    case 'NotificationPreferencesUpdated':
      return { ...state, thresholds: riskAlarmsOf(event.data) };
    case 'CredentialsSaved': {
      const { apiWalletAddress, validUntil, isTestnet } = event.data;
      if (validUntil === undefined) return { ...state, keys: null };
      // Keys saved again for the same wallet and expiry keep what was told; another wallet starts over.
      const previous = state.keys;
      const same = previous !== null && previous.validUntil === validUntil && sameAddress(previous.apiWalletAddress, apiWalletAddress);
      return { ...state, keys: same ? { ...previous, isTestnet } : { apiWalletAddress, validUntil, isTestnet, told: [] } };
    }
    case 'CredentialsDeleted':
      return { ...state, keys: null };
    case 'RiskAlarmRaised': {
      const data = event.data;
      const raised = { ...state.raised, [alarmKey(data.alarm, data.alarm === 'liquidation' ? data.coin : null)]: data };
      return { ...state, raised, weighedAt: weighed(state, data.alarm, data.at) };
    }
    case 'RiskAlarmCleared': {
      const { [alarmKey(event.data.alarm, event.data.coin)]: _gone, ...raised } = state.raised;
      return { ...state, raised, weighedAt: weighed(state, event.data.alarm, event.data.at) };
    }
    case 'KeysExpiryNoticed':
      return state.keys?.validUntil === event.data.validUntil ? { ...state, keys: { ...state.keys, told: [...state.keys.told, event.data.stage] } } : state;
  }
}

/**
 * The alarms after the order on `user-<uid>` (issue 42, point 2): a position near liquidation and
 * margin in use past the trader's share, weighed on each snapshot already taken (and positions
 * again between snapshots, at the current mid: riskWatch.ts), and the API wallet's expiry, weighed
 * on the clock. Each alarm is recorded before it is told and is told once
 * per crossing: a raised alarm says nothing more until it is cleared, a snapshot read again
 * (after a restart) changes nothing, and each stage of an expiry
 * is told once, whoever records it first (a restart, a second api instance).
 */
export const alarmsDecider: Decider<AlarmsCommand, AlarmsEvent, AlarmsState> = {
  eventTypes: ALARM_EVENTS,
  decide,
  evolve,
  initialState: () => ({ thresholds: riskAlarmsOf({}), raised: {}, weighedAt: { liquidation: null, marginUsage: null }, keys: null }),
};
