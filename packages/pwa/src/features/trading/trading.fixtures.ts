import type { TradingSwitchView } from '@hyperhook/domain';
import { http, type DefaultBodyType, type StrictRequest } from 'msw';
import { ok, server } from '../../test/server';

type Answer = (request: StrictRequest<DefaultBodyType>) => Response | Promise<Response>;

/** Paused at 14:03 local time today (the banner shows the time of day). */
export function pausedToday(): TradingSwitchView {
  const at = new Date();
  at.setHours(14, 3, 0, 0);
  return { paused: true, pausedSince: at.toISOString() };
}

export const RUNNING: TradingSwitchView = { paused: false, pausedSince: null };

/**
 * The kill switch's network (issue 29, point 4): GET /api/trading answers `state` and follows
 * the switch's answers, pause-all and resume-all answer the new state, close-all `closeAll`
 * (default: nothing open). `sent` records each POST with its body, in order.
 */
export function tradingNetwork(options: { state?: TradingSwitchView; pause?: Answer; resume?: Answer; closeAll?: Answer } = {}) {
  let state = options.state ?? RUNNING;
  const sent: { path: string; body: unknown }[] = [];
  const record = async (request: StrictRequest<DefaultBodyType>) => {
    const text = await request.clone().text();
    sent.push({ path: new URL(request.url).pathname, body: text === '' ? undefined : JSON.parse(text) });
  };
  server.use(
    http.get('/api/trading', () => ok(state)),
    http.post('/api/trading/pause-all', async ({ request }) => {
      await record(request);
      if (options.pause !== undefined) return options.pause(request);
      state = state.paused ? state : pausedToday();
      return ok(state);
    }),
    http.post('/api/trading/resume-all', async ({ request }) => {
      await record(request);
      if (options.resume !== undefined) return options.resume(request);
      state = RUNNING;
      return ok(state);
    }),
    http.post('/api/positions/close-all', async ({ request }) => {
      await record(request);
      return options.closeAll !== undefined ? options.closeAll(request) : ok({ closing: [] });
    }),
  );
  return { sent };
}
