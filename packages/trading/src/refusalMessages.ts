/** The message of spec §8 for a user without keys. */
export const NO_KEYS_MESSAGE = 'No API keys configured';

/** What the log says of an alert that arrived while the trader had paused all trading. */
export function tradingPausedMessage(since: string): string {
  return `Trading is paused (all trading stopped at ${since.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}): this alert was logged and not traded. Resume trading to trade new alerts.`;
}
