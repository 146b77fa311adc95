import { http, type DefaultBodyType, type StrictRequest } from 'msw';
import { fail, ok, server } from '../../test/server';
import type {
  NotificationDelivery,
  NotificationSettingsInput,
  SilenceAlarmView,
  TolerantNotificationChannelView,
  TolerantNotificationsView,
} from '@hyperhook/domain';

/** A saved channel as GET shows it. */
export function channelView(overrides: Partial<TolerantNotificationChannelView> = {}): TolerantNotificationChannelView {
  return { id: 'ch-tg', type: 'telegram', target: '-100777', events: ['alert.failed', 'alert.rejected'], status: 'untested', lastDelivery: null, ...overrides };
}

/** A delivery attempt as the history lists it. */
export function delivery(overrides: Partial<NotificationDelivery> = {}): NotificationDelivery {
  return {
    deliveryId: 'd-1',
    channelId: 'ch-tg',
    channelType: 'telegram',
    event: 'test',
    signalId: null,
    attempt: 1,
    result: 'delivered',
    status: 200,
    error: null,
    at: new Date().toISOString(),
    ...overrides,
  };
}

export const SIGNING_SECRET = `whsec_${'ab'.repeat(32)}`;

/**
 * The notification routes as the components see them, answering as the api does: ids for new
 * channels and a new webhook channel's signing secret once, saved secrets kept when a channel is
 * sent by id without them, a refused target named in `fieldErrors`, tests and their deliveries.
 * `full: false` is an api without the web push, silence alarm, daily summary and position alarm parts. Writes are
 * recorded in `sent`; `failing` names channels whose deliveries fail.
 */
export function notificationsNetwork(
  options: {
    channels?: TolerantNotificationChannelView[];
    full?: boolean;
    silenceAlarms?: SilenceAlarmView[];
    webPush?: string[];
    dailySummary?: TolerantNotificationsView['dailySummary'];
    riskAlarms?: TolerantNotificationsView['riskAlarms'];
    failing?: string[];
    deliveries?: NotificationDelivery[];
  } = {},
) {
  const full = options.full ?? true;
  const state = {
    channels: (options.channels ?? []).map((c) => ({ ...c })),
    webPush: options.webPush ?? ['alert.failed', 'alert.rejected'],
    silenceAlarms: options.silenceAlarms ?? [],
    dailySummary: options.dailySummary ?? null,
    riskAlarms: options.riskAlarms ?? { liquidationDistancePct: 10, marginUsagePct: 80 },
    deliveries: [...(options.deliveries ?? [])],
  };
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: StrictRequest<DefaultBodyType>) => {
    const text = await request.clone().text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    const url = new URL(request.url);
    sent.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
    return body;
  };
  const view = (): TolerantNotificationsView =>
    full
      ? {
          channels: state.channels,
          webPush: { events: state.webPush },
          silenceAlarms: state.silenceAlarms,
          dailySummary: state.dailySummary,
          riskAlarms: state.riskAlarms,
        }
      : { channels: state.channels };
  let created = 0;
  server.use(
    http.get('/api/notifications', () => ok(view())),
    http.put('/api/notifications', async ({ request }) => {
      const body = (await record(request)) as NotificationSettingsInput;
      const revealed = new Map<string, string>();
      const channels: TolerantNotificationChannelView[] = [];
      for (const [index, input] of body.channels.entries()) {
        const url = (input as { url?: string }).url;
        if (url?.includes('127.0.0.1') === true) {
          return fail(400, `channels.${index}.url: Refused: a loopback address`, {
            title: 'Invalid notification channels',
            fieldErrors: [{ field: `channels.${index}.url`, message: 'Refused: a loopback address' }],
          });
        }
        const previous = state.channels.find((c) => c.id === input.id);
        created += 1;
        const id = previous?.id ?? `ch-new${created}`;
        const target = input.type === 'telegram' ? input.chatId : url === undefined ? (previous?.target ?? '') : `${new URL(url).origin}/…`;
        if (input.type === 'webhook' && previous === undefined) revealed.set(id, SIGNING_SECRET);
        channels.push({ ...(previous ?? { status: 'untested', lastDelivery: null }), id, type: input.type, target, events: input.events ?? [] });
      }
      state.channels = channels;
      if (full) {
        if (body.webPush !== undefined) state.webPush = body.webPush.events;
        if (body.silenceAlarms !== undefined)
          state.silenceAlarms = body.silenceAlarms.map((a) => ({
            ...a,
            strategyName: a.strategyId,
            silentSince: state.silenceAlarms.find((s) => s.strategyId === a.strategyId)?.silentSince ?? null,
          }));
        if (body.dailySummary !== undefined) state.dailySummary = body.dailySummary;
        if (body.riskAlarms !== undefined) state.riskAlarms = body.riskAlarms;
      }
      const answer = view();
      return ok({ ...answer, channels: answer.channels.map((c) => (revealed.has(c.id) ? { ...c, signingSecret: revealed.get(c.id) } : c)) });
    }),
    http.post('/api/notifications/test', async ({ request }) => {
      await record(request);
      const channelId = new URL(request.url).searchParams.get('channelId');
      const chosen = state.channels.filter((c) => channelId === null || c.id === channelId);
      if (chosen.length === 0) return fail(400, 'No notification channel on this account');
      const at = new Date().toISOString();
      const results = chosen.map((c) => {
        const delivered = !(options.failing ?? []).includes(c.id);
        const status = delivered ? 200 : 500;
        const error = delivered ? null : 'HTTP 500';
        state.deliveries.unshift(
          delivery({
            deliveryId: `d-${state.deliveries.length + 1}`,
            channelId: c.id,
            channelType: c.type,
            result: delivered ? 'delivered' : 'failed',
            status,
            error,
            at,
          }),
        );
        state.channels = state.channels.map((s) =>
          s.id === c.id ? { ...s, status: delivered ? 'ok' : 'failing', lastDelivery: { at, result: delivered ? 'delivered' : 'failed', error } } : s,
        );
        return { channelId: c.id, type: c.type, delivered, status, error };
      });
      return ok({ results });
    }),
    http.get('/api/notifications/deliveries', () => ok({ deliveries: state.deliveries })),
  );
  return { sent, state };
}
