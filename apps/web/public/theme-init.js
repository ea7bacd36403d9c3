// Runs before first paint (ORIGIN.md O-T1): the stored preference, or the OS setting, decides
// whether <html> starts dark. Keep in step with src/lib/theme.ts (same key and values).
(function () {
  var preference = 'system';
  try {
    var stored = localStorage.getItem('orchard:theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') preference = stored;
  } catch (e) {
    // No storage (private mode, blocked by policy): the OS setting decides.
  }
  var dark = preference === 'dark' || (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.dataset.themePreference = preference;
})();
