// Which user each alert of a soak window goes to (kept apart from windowedLoad.ts, a process entry
// that starts listening as soon as it is imported).

/**
 * The plan's path list for one window of `alerts` alerts. runPlan sends alert i to `paths[i %
 * length]` as a buy when `floor(i / length)` is even and a sell when it is odd; with a list half a
 * window long, every entry buys once and sells once per window, whatever the rate and the number
 * of users, so positions stay small over a long run (growing ones would meet the risk limits and
 * turn orders into refusals halfway through, changing the load the soak is meant to hold steady).
 */
export function balancedPaths(userPaths: readonly string[], alerts: number): string[] {
  if (userPaths.length === 0) throw new Error('no users to send alerts to');
  return Array.from({ length: Math.max(1, Math.ceil(alerts / 2)) }, (_, j) => userPaths[j % userPaths.length] as string);
}
