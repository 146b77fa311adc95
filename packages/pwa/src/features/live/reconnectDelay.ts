/** Reconnect delays: exponential from half a second, capped at 30 s, with jitter so a restarted server is not hit by every client at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.5 + random() * 0.5));
}
