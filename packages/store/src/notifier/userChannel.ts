/** Characters a user id may carry into a channel token as they are (every UUID qualifies). */
const SAFE = /^[A-Za-z0-9_-]+$/;

/**
 * The Notifier channel carrying one user's read-model change notices (what `/api/live` fans
 * out). One channel per user means a gateway subscribes per connected user and can never hand
 * another user's notice to a socket.
 *
 * The channel is also a NATS subject in the cluster deployment, where `.`, `*`, `>` and
 * whitespace have meaning. A uid made only of letters, digits, `_` and `-` (every issued uid is a
 * UUID) is used as is; any other character is escaped as `~` plus its UTF-16 code in 4 hex
 * digits (`~` itself included), so the token stays one literal subject token and distinct uids
 * keep distinct channels. An empty uid has no channel.
 */
export function userChannel(uid: string): string {
  if (typeof uid !== 'string' || uid.length === 0) throw new TypeError('userChannel: uid must be a non-empty string');
  if (SAFE.test(uid)) return `user.${uid}`;
  let token = '';
  for (const char of uid) {
    if (SAFE.test(char)) token += char;
    else for (let i = 0; i < char.length; i++) token += `~${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return `user.${token}`;
}
