/**
 * Runs in each dashboard page before the app (an init script): a MutationObserver that watches
 * the webhook-logs table and reports, once per log id, when its row first appears and when its
 * status badge first reads "Executed" or "Failed" — the DOM time (performance.timeOrigin +
 * performance.now() inside the observer callback, i.e. right after React's commit, before paint)
 * and the start of the next animation frame (when that DOM is painted). A string, because the
 * bench is typechecked without the DOM library.
 */
export const PAGE_OBSERVER = `(() => {
  const appeared = new Set();
  const settled = new Set();
  const now = () => performance.timeOrigin + performance.now();
  const report = (kind, id, status, at) => requestAnimationFrame(() => window.__benchRow(kind, id, status, at, now()));
  const scan = () => {
    const at = now();
    for (const row of document.querySelectorAll('tr.log-row[id^="log-"]')) {
      const id = row.id.slice(4);
      const status = row.querySelector('td[data-label="Status"] .badge')?.textContent ?? '';
      if (!appeared.has(id)) { appeared.add(id); report('appeared', id, status, at); }
      if (!settled.has(id) && (status === 'Executed' || status === 'Failed')) { settled.add(id); report('settled', id, status, at); }
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** The page's clock (performance.timeOrigin + performance.now()) as an expression. */
export const PAGE_NOW = 'performance.timeOrigin + performance.now()';
