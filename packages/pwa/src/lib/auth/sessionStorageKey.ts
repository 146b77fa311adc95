/**
 * localStorage key of the session (read again by other tabs through the storage event, and by the
 * page's first script, which starts downloading the dashboard when a session is stored).
 */
export const SESSION_STORAGE_KEY = 'hyperhook-session';
