import {
  DEFAULT_RISK_ALARMS,
  RISK_ALARM_BOUNDS,
  MAX_NOTIFICATION_CHANNELS,
  NotificationChannelInputSchema,
  type NoticeEvent,
  type NotificationChannelInput,
  type NotificationChannelType,
  type NotificationSettingsInput,
  type TolerantNotificationsView,
} from '@hyperhook/domain';
import { ApiError } from '../../lib/api/apiError';
import { DEFAULT_CHANNEL_EVENTS } from './notificationEvents';

export { MAX_NOTIFICATION_CHANNELS };

/** A channel being edited. A saved one has its `id` and a masked `target`; its secret fields start blank. */
export interface ChannelDraft {
  /** React's key: the id of a saved channel, a local one for a new channel. */
  readonly key: string;
  readonly id: string | null;
  readonly type: NotificationChannelType;
  /** What GET shows of a saved channel (chat id, or the URL's origin with its path masked). */
  readonly target: string | null;
  readonly chatId: string;
  /** Blank for a saved channel: its saved token is kept. */
  readonly botToken: string;
  /** Blank for a saved channel: its saved URL is kept. */
  readonly url: string;
  readonly events: readonly string[];
}

/** A strategy's silence alarm as edited: off by default. */
export interface SilenceDraft {
  readonly on: boolean;
  readonly minutes: string;
}

/** The daily summary as edited. */
export interface SummaryDraft {
  readonly on: boolean;
  readonly time: string;
  readonly timeZone: string;
}

/** One position alarm as edited: on or off, and its percentage. */
export interface RiskAlarmDraft {
  readonly on: boolean;
  readonly pct: string;
}

/** The two position alarms as edited (issue 42, point 2). */
export interface RiskAlarmsDraft {
  readonly liquidation: RiskAlarmDraft;
  readonly margin: RiskAlarmDraft;
}

/**
 * The Notifications section's form. A part is null when the server's answer lacks it (an api
 * without web push choices, silence alarms or the daily summary): the screen hides it and the
 * save leaves it out.
 */
export interface NotificationsDraft {
  readonly channels: readonly ChannelDraft[];
  readonly webPush: readonly string[] | null;
  /** By strategy id; a strategy not named has its alarm off. */
  readonly silence: Readonly<Record<string, SilenceDraft>> | null;
  readonly dailySummary: SummaryDraft | null;
  readonly riskAlarms: RiskAlarmsDraft | null;
}

/** Field errors, by field: `channels.<i>.<field>`, `silence.<strategyId>`, `dailySummary.time`… */
export type FieldErrors = Readonly<Record<string, string>>;

/** Silence alarms allow 5 minutes to a week (issue 30, point 3). */
export const MIN_SILENCE_MINUTES = 5;
export const MAX_SILENCE_MINUTES = 10_080;
export const DEFAULT_SILENCE_MINUTES = 60;
export const DEFAULT_SUMMARY_TIME = '18:00';
/** The bounds of the position alarms, as the api's schema has them. */
export const LIQUIDATION_DISTANCE_BOUNDS = { ...RISK_ALARM_BOUNDS.liquidationDistancePct, initial: DEFAULT_RISK_ALARMS.liquidationDistancePct ?? 10 } as const;
export const MARGIN_USAGE_BOUNDS = { ...RISK_ALARM_BOUNDS.marginUsagePct, initial: DEFAULT_RISK_ALARMS.marginUsagePct ?? 80 } as const;

/** An alarm's saved percentage as edited: off keeps the default in the box, for when it is ticked again. */
const alarmDraft = (pct: number | null, initial: number): RiskAlarmDraft => ({ on: pct !== null, pct: String(pct ?? initial) });

/** The browser's IANA time zone: the daily summary's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The draft the server's answer gives, with nothing edited. */
export function draftFrom(view: TolerantNotificationsView): NotificationsDraft {
  return {
    channels: view.channels.map((c) => ({
      key: c.id,
      id: c.id,
      type: c.type,
      target: c.target,
      chatId: c.type === 'telegram' ? c.target : '',
      botToken: '',
      url: '',
      events: c.events,
    })),
    webPush: view.webPush === undefined ? null : view.webPush.events,
    silence:
      view.silenceAlarms === undefined ? null : Object.fromEntries(view.silenceAlarms.map((a) => [a.strategyId, { on: true, minutes: String(a.minutes) }])),
    dailySummary:
      view.dailySummary === undefined
        ? null
        : view.dailySummary === null
          ? { on: false, time: DEFAULT_SUMMARY_TIME, timeZone: browserTimeZone() }
          : { on: true, time: view.dailySummary.time, timeZone: view.dailySummary.timeZone },
    riskAlarms:
      view.riskAlarms === undefined
        ? null
        : {
            liquidation: alarmDraft(view.riskAlarms.liquidationDistancePct, LIQUIDATION_DISTANCE_BOUNDS.initial),
            margin: alarmDraft(view.riskAlarms.marginUsagePct, MARGIN_USAGE_BOUNDS.initial),
          },
  };
}

let created = 0;

/** A new channel of this type, with the default events. */
export function newChannel(type: NotificationChannelType): ChannelDraft {
  created += 1;
  return { key: `new-${created}`, id: null, type, target: null, chatId: '', botToken: '', url: '', events: DEFAULT_CHANNEL_EVENTS };
}

/** A strategy's alarm as the draft has it (off when it names none). */
export function silenceOf(draft: NotificationsDraft, strategyId: string): SilenceDraft {
  return draft.silence?.[strategyId] ?? { on: false, minutes: String(DEFAULT_SILENCE_MINUTES) };
}

/**
 * The draft's events as the body sends them. A name this build does not know came from the api's
 * answer (a newer api than the cached app), and goes back to the api that knows it.
 */
const sentEvents = (events: readonly string[]) => [...events] as NoticeEvent[];

function channelInput(channel: ChannelDraft): NotificationChannelInput {
  const id = channel.id === null ? {} : { id: channel.id };
  const events = sentEvents(channel.events);
  if (channel.type === 'telegram') {
    const token = channel.botToken.trim();
    return { type: 'telegram', ...id, ...(token === '' ? {} : { botToken: token }), chatId: channel.chatId.trim(), events };
  }
  const url = channel.url.trim();
  return { type: channel.type, ...id, ...(url === '' ? {} : { url }), events };
}

/**
 * The PUT body of a draft, and the strategy of each silence alarm sent (a refusal names the alarm
 * by its index). Alarms are sent for `strategyIds` only, when given: a deleted strategy's alarm goes.
 */
export function bodyOf(draft: NotificationsDraft, strategyIds?: readonly string[]): { body: NotificationSettingsInput; alarmIds: string[] } {
  const body: NotificationSettingsInput = { channels: draft.channels.map(channelInput) };
  if (draft.webPush !== null) body.webPush = { events: sentEvents(draft.webPush) };
  const alarmIds: string[] = [];
  if (draft.silence !== null) {
    body.silenceAlarms = [];
    for (const [strategyId, alarm] of Object.entries(draft.silence)) {
      if (!alarm.on || (strategyIds !== undefined && !strategyIds.includes(strategyId))) continue;
      alarmIds.push(strategyId);
      body.silenceAlarms.push({ strategyId, minutes: Number(alarm.minutes) });
    }
  }
  if (draft.dailySummary !== null) body.dailySummary = draft.dailySummary.on ? { time: draft.dailySummary.time, timeZone: draft.dailySummary.timeZone } : null;
  if (draft.riskAlarms !== null) {
    const { liquidation, margin } = draft.riskAlarms;
    body.riskAlarms = { liquidationDistancePct: liquidation.on ? Number(liquidation.pct) : null, marginUsagePct: margin.on ? Number(margin.pct) : null };
  }
  return { body, alarmIds };
}

/** Whether the draft would change what is saved (a secret typed in counts). */
export function isDirty(draft: NotificationsDraft, saved: NotificationsDraft, strategyIds?: readonly string[]): boolean {
  return JSON.stringify(bodyOf(draft, strategyIds).body) !== JSON.stringify(bodyOf(saved, strategyIds).body);
}

/**
 * The draft's problems before it is sent: each channel checked with the domain's own schema (bot
 * token and chat id formats, http(s) URLs), a new channel's secret required, alarms of 5 to 10,080
 * whole minutes, a summary time. Empty when it can be saved.
 */
export function validateDraft(draft: NotificationsDraft): FieldErrors {
  const errors: Record<string, string> = {};
  draft.channels.forEach((channel, index) => {
    const input = channelInput(channel);
    // The events are the screen's own choices (or the server's): only the channel's fields are checked.
    const parsed = NotificationChannelInputSchema.safeParse({ ...input, events: undefined });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = `channels.${index}${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}`;
        errors[key] ??= issue.message;
      }
    }
    if (channel.id === null && input.type === 'telegram' && input.botToken === undefined) errors[`channels.${index}.botToken`] ??= 'A bot token is required';
    if (channel.id === null && input.type !== 'telegram' && input.url === undefined) errors[`channels.${index}.url`] ??= 'A URL is required';
  });
  if (draft.silence !== null) {
    for (const [strategyId, alarm] of Object.entries(draft.silence)) {
      if (!alarm.on) continue;
      const minutes = Number(alarm.minutes);
      if (alarm.minutes.trim() === '' || !Number.isInteger(minutes) || minutes < MIN_SILENCE_MINUTES || minutes > MAX_SILENCE_MINUTES) {
        errors[`silence.${strategyId}`] = `Enter whole minutes from ${MIN_SILENCE_MINUTES} to ${MAX_SILENCE_MINUTES.toLocaleString('en-US')} (a week)`;
      }
    }
  }
  const risk = draft.riskAlarms;
  const outOf = (alarm: RiskAlarmDraft, bounds: { min: number; max: number }) => {
    const pct = Number(alarm.pct);
    return alarm.on && (alarm.pct.trim() === '' || !Number.isFinite(pct) || pct < bounds.min || pct > bounds.max);
  };
  if (risk !== null && outOf(risk.liquidation, LIQUIDATION_DISTANCE_BOUNDS))
    errors['riskAlarms.liquidationDistancePct'] = `Enter a percentage from ${LIQUIDATION_DISTANCE_BOUNDS.min} to ${LIQUIDATION_DISTANCE_BOUNDS.max}`;
  if (risk !== null && outOf(risk.margin, MARGIN_USAGE_BOUNDS))
    errors['riskAlarms.marginUsagePct'] = `Enter a percentage from ${MARGIN_USAGE_BOUNDS.min} to ${MARGIN_USAGE_BOUNDS.max}`;
  if (draft.dailySummary?.on === true) {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.dailySummary.time)) errors['dailySummary.time'] = 'Choose a time of day';
    if (draft.dailySummary.timeZone.trim() === '') errors['dailySummary.timeZone'] = 'Choose a time zone';
  }
  return errors;
}

/** Puts an api field path (`silenceAlarms.2.minutes`, `body.channels.0.url`) on the draft's field. */
function fieldKey(path: string, alarmIds: readonly string[]): string {
  const bare = path
    .replace(/^body\./, '')
    .replace(/^\//, '')
    .replaceAll('/', '.');
  const alarm = /^silenceAlarms\.(\d+)/.exec(bare);
  if (alarm !== null) {
    const strategyId = alarmIds[Number(alarm[1])];
    return strategyId === undefined ? bare : `silence.${strategyId}`;
  }
  return bare.startsWith('dailySummary') ? (bare === 'dailySummary' ? 'dailySummary.time' : bare) : bare;
}

/**
 * A save's refusal, field by field: the `fieldErrors` of the answer, else the issues the api's
 * schema check names in its message ("Invalid body: channels.0.url: Expected…; …"). What names no
 * field is the refusal's own message.
 */
export function refusalOf(error: unknown, alarmIds: readonly string[]): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: error instanceof Error ? error.message : null };
  const fields: Record<string, string> = {};
  const listed = (error.body as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (Array.isArray(listed)) {
    for (const item of listed as unknown[]) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string') fields[fieldKey(field, alarmIds)] ??= message;
    }
  } else if (error.status === 400) {
    const issues = /^Invalid body: (.+)$/.exec(error.message)?.[1];
    for (const issue of issues?.split('; ') ?? []) {
      const match = /^([\w.]+): (.+)$/.exec(issue);
      if (match?.[1] !== undefined && match[2] !== undefined && match[1] !== 'body') fields[fieldKey(match[1], alarmIds)] ??= match[2];
    }
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : (error.serverMessage ?? error.message) };
}

/** The errors of one channel that name none of its fields (an unknown id…). */
export function channelErrors(errors: FieldErrors, index: number, fields: readonly string[]): string[] {
  const prefix = `channels.${index}`;
  return Object.entries(errors)
    .filter(([key]) => (key === prefix || key.startsWith(`${prefix}.`)) && !fields.some((f) => key === `${prefix}.${f}`))
    .map(([, message]) => message);
}
