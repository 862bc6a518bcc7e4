// The theme chosen in Settings, on <html> before the page is first drawn: a plain script in
// <head> runs before the body is parsed, where the app's module would run after it, so a chosen
// theme never shows the system's colours first. Choosing and keeping it: src-renderer/app/theme.ts.
try {
  const theme = localStorage.getItem('gatehouse.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage refused: the system's theme.
}
