import { describe, expect, it } from 'vitest';
import { draftOf, guardsOf, NEW_WINDOW } from './guardsDraft';

describe('the guards form (issue 42, point 3)', () => {
  it('given saved guards, when drafted and saved again unchanged, then the same guards come back', () => {
    const saved = {
      maxAlertAgeSeconds: 30,
      cooldownMinutes: 15,
      tradingWindows: [{ days: ['mon' as const, 'fri' as const], from: '09:30', to: '16:00' }],
      timeZone: 'America/New_York',
      direction: 'long' as const,
    };
    expect(guardsOf(draftOf(saved, 'Europe/Berlin'))).toEqual({ guards: saved, errors: {} });
  });

  it("given no guard, when drafted, then every field is empty and the device's zone is offered; saving it saves nothing", () => {
    const draft = draftOf({}, 'Europe/Berlin');
    expect(draft).toMatchObject({ cooldownMinutes: '', direction: 'both', timeZone: 'Europe/Berlin', windows: [] });
    expect(guardsOf(draft)).toEqual({ guards: {}, errors: {} });
  });

  it('given a zone, when neither windows nor a day count need it, then it is not saved; with entries per day it is', () => {
    const draft = draftOf({}, 'Asia/Tokyo');
    expect(guardsOf({ ...draft, cooldownMinutes: '5' }).guards).toEqual({ cooldownMinutes: 5 });
    expect(guardsOf({ ...draft, maxEntriesPerDay: '3' }).guards).toEqual({ maxEntriesPerDay: 3, timeZone: 'Asia/Tokyo' });
  });

  it('given text that is no number, a number out of bounds or a window without days, when saved, then each field says why and nothing is saved', () => {
    const draft = draftOf({}, 'UTC');
    expect(guardsOf({ ...draft, cooldownMinutes: 'soon' })).toEqual({
      guards: null,
      errors: { cooldownMinutes: 'Enter a number, or leave it empty for no limit.' },
    });
    expect(guardsOf({ ...draft, maxAlertAgeSeconds: '0' }).errors).toHaveProperty('maxAlertAgeSeconds');
    const result = guardsOf({ ...draft, windows: [{ ...NEW_WINDOW, days: [] }] });
    expect(result.guards).toBeNull();
    expect(result.errors).toHaveProperty(['tradingWindows.0.days']);
  });
});
