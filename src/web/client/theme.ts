/**
 * The stored colour theme, applied before the page is drawn (a classic script in <head>, not a
 * module: modules run after the first paint, which would flash the other theme).
 */
try {
  const stored = localStorage.getItem('callscope.theme');
  if (stored === 'light' || stored === 'dark') document.documentElement.dataset.theme = stored;
} catch {}
