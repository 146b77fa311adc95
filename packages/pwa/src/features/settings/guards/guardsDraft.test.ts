import { describe, expect, it } from 'vitest';
import { APPROVAL_TIMEOUT_BOUNDS, draftOf, guardsOf, NEW_WINDOW, withTimeoutUnit } from './guardsDraft';

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

  it('issue 42: given manual approval saved with a 10-minute timeout, when drafted, then it reads Manual, 10 minutes, and saves the same; 90 s reads in seconds', () => {
    const draft = draftOf({ approval: 'manual', approvalTimeoutSeconds: 600 }, 'UTC');
    expect(draft).toMatchObject({ approval: 'manual', approvalTimeout: '10', approvalTimeoutUnit: 'minutes' });
    expect(guardsOf(draft)).toEqual({ guards: { approval: 'manual', approvalTimeoutSeconds: 600 }, errors: {} });
    expect(draftOf({ approval: 'manual', approvalTimeoutSeconds: 90 }, 'UTC')).toMatchObject({ approvalTimeout: '90', approvalTimeoutUnit: 'seconds' });
  });

  it('issue 42: given no approval saved, when drafted, then Automatic with the default 5 minutes offered; automatic saves no approval field', () => {
    const draft = draftOf({}, 'UTC');
    expect(draft).toMatchObject({ approval: 'auto', approvalTimeout: '5', approvalTimeoutUnit: 'minutes' });
    expect(guardsOf({ ...draft, approvalTimeout: 'anything' }).guards).toEqual({});
    expect(guardsOf({ ...draft, approval: 'manual' }).guards).toEqual({ approval: 'manual', approvalTimeoutSeconds: 300 });
  });

  it('issue 42: given a timeout outside 30 s to 24 h, or none, when manual, then the field says the bounds in both units and nothing is saved; half a minute is 30 s', () => {
    const manual = { ...draftOf({}, 'UTC'), approval: 'manual' as const };
    expect(APPROVAL_TIMEOUT_BOUNDS).toBe('From 30 seconds to 24 hours (0.5 to 1440 minutes).');
    expect(guardsOf({ ...manual, approvalTimeout: '29', approvalTimeoutUnit: 'seconds' })).toEqual({
      guards: null,
      errors: { approvalTimeoutSeconds: APPROVAL_TIMEOUT_BOUNDS },
    });
    expect(guardsOf({ ...manual, approvalTimeout: '1441', approvalTimeoutUnit: 'minutes' }).errors).toEqual({
      approvalTimeoutSeconds: APPROVAL_TIMEOUT_BOUNDS,
    });
    expect(guardsOf({ ...manual, approvalTimeout: ' ' }).errors.approvalTimeoutSeconds).toBe(`Enter how long an entry waits. ${APPROVAL_TIMEOUT_BOUNDS}`);
    expect(guardsOf({ ...manual, approvalTimeout: '0.5', approvalTimeoutUnit: 'minutes' }).guards).toEqual({ approval: 'manual', approvalTimeoutSeconds: 30 });
    expect(guardsOf({ ...manual, approvalTimeout: '86400', approvalTimeoutUnit: 'seconds' }).guards).toEqual({
      approval: 'manual',
      approvalTimeoutSeconds: 86_400,
    });
  });

  it('issue 42: given a timeout typed, when its unit changes, then the number is converted, so the wait stays the same', () => {
    const draft = { ...draftOf({}, 'UTC'), approval: 'manual' as const };
    expect(withTimeoutUnit(draft, 'seconds')).toEqual({ approvalTimeout: '300', approvalTimeoutUnit: 'seconds' });
    expect(withTimeoutUnit({ ...draft, approvalTimeout: '45', approvalTimeoutUnit: 'seconds' }, 'minutes')).toEqual({
      approvalTimeout: '0.75',
      approvalTimeoutUnit: 'minutes',
    });
    expect(withTimeoutUnit({ ...draft, approvalTimeout: '' }, 'seconds')).toEqual({ approvalTimeout: '', approvalTimeoutUnit: 'seconds' });
  });
});
