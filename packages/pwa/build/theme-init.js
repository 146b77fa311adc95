// Applies the theme saved by the app (lib/theme/themeStore.ts, key "hyperhook-theme") before
// React renders, so a dark-theme user never sees a white flash. "system" leaves it to the media query.
(function () {
  try {
    var saved = JSON.parse(localStorage.getItem('hyperhook-theme') || 'null');
    var theme = saved && saved.state && saved.state.theme;
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    /* no saved theme */
  }
})();
