(function () {
  var p = 'system';
  try {
    var s = localStorage.getItem('orchard:theme');
    if (s === 'light' || s === 'dark' || s === 'system') p = s;
  } catch (e) {
    p = 'system';
  }
  var d = p === 'dark' || (p === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  var r = document.documentElement;
  r.classList.toggle('dark', d);
  r.style.colorScheme = d ? 'dark' : 'light';
  r.dataset.themePreference = p;
})();
