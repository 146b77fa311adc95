import { describe, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { DEFAULT_SETTINGS, type Settings } from './settingsSchema.js';
import { settingsDecider } from './settingsDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, at } from '../testing/fixtures.js';

const spec = deciderSpec(settingsDecider);

const mine: Settings = {
  positionSizing: { mode: 'percentage_balance', value: 12.5 },
  riskLimits: { maxPositionSize: 2000, maxOpenPositions: 5 },
  trading: { leverage: 3, slippageTolerance: 0.5, requireStopLoss: true },
};
const updated: UserEvent = { type: 'SettingsUpdated', v: 1, data: { settings: mine, at: at(100) } };

describe('settingsDecider', () => {
  it('CARD-15, API-12: a valid save records the whole settings object', () => {
    spec
      .given(account)
      .when({ type: 'UpdateSettings', settings: mine, at: at(100) })
      .then([updated]);
  });

  it('VAL-12..VAL-18: an invalid save is refused with "Unable to save settings", the first message and every field error', () => {
    const bad = { ...mine, trading: { ...mine.trading, leverage: 75, slippageTolerance: 0.25 } };
    spec
      .given(account)
      .when({ type: 'UpdateSettings', settings: bad, at: at(100) })
      .then({
        code: 'INVALID_SETTINGS',
        title: 'Unable to save settings',
        message: 'Default Leverage cannot be more than 50.',
        fieldErrors: [
          { field: 'trading.leverage', message: 'Default Leverage cannot be more than 50.' },
          { field: 'trading.slippageTolerance', message: 'Slippage Tolerance (%) must be a multiple of 0.1.' },
        ],
      });
  });

  it('saving the current settings unchanged records nothing', () => {
    spec
      .given([...account, updated])
      .when({ type: 'UpdateSettings', settings: { ...mine }, at: at(200) })
      .thenNothing();
  });

  it('saving the defaults before any change records nothing (DEFAULT_SETTINGS until changed)', () => {
    spec
      .given(account)
      .when({ type: 'UpdateSettings', settings: DEFAULT_SETTINGS, at: at(200) })
      .thenNothing();
  });

  it('needs an existing account', () => {
    spec
      .given([])
      .when({ type: 'UpdateSettings', settings: mine, at: at(100) })
      .then({ code: 'ACCOUNT_NOT_FOUND' });
    spec
      .given([])
      .when({ type: 'ResetSettings', at: at(100) })
      .then({ code: 'ACCOUNT_NOT_FOUND' });
  });

  it('API-13, TAB-SET-28: reset records DEFAULT_SETTINGS', () => {
    spec
      .given([...account, updated])
      .when({ type: 'ResetSettings', at: at(300) })
      .then([{ type: 'SettingsReset', v: 1, data: { settings: DEFAULT_SETTINGS, at: at(300) } }]);
  });

  it('resetting settings that already are the defaults records nothing', () => {
    spec
      .given(account)
      .when({ type: 'ResetSettings', at: at(300) })
      .thenNothing();
  });

  it('after a reset, saving the earlier settings again is a change', () => {
    const reset: UserEvent = { type: 'SettingsReset', v: 1, data: { settings: DEFAULT_SETTINGS, at: at(300) } };
    spec
      .given([...account, updated, reset])
      .when({ type: 'UpdateSettings', settings: mine, at: at(400) })
      .then([{ ...updated, data: { settings: mine, at: at(400) } } as UserEvent]);
  });
});
