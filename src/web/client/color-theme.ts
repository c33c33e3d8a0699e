import { h } from './dom.js';

/**
 * Light or dark. The page follows the system (prefers-color-scheme) until the theme button is
 * pressed; the choice is then kept in localStorage and put on <html data-theme> by theme.js before
 * the first paint. The CSS resolves its colours from the color-scheme; the charts, drawn on canvas,
 * ask `currentTheme()` and redraw on `onThemeChange`.
 */
export type Theme = 'light' | 'dark';

const KEY = 'callscope.theme';
const system = matchMedia('(prefers-color-scheme: dark)');
const listeners: ((theme: Theme) => void)[] = [];

export function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return system.matches ? 'dark' : 'light';
}

export const onThemeChange = (listener: (theme: Theme) => void): void => {
  listeners.push(listener);
};

const notify = () => {
  for (const listener of listeners) listener(currentTheme());
};
system.addEventListener('change', notify);

function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    // Back to following the system when the choice is the system's.
    if (theme === (system.matches ? 'dark' : 'light')) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {}
  notify();
}

/** The header's button: pressed means dark. */
export function themeToggle(): HTMLButtonElement {
  const button = h(
    'button',
    { type: 'button', class: 'theme-toggle', 'aria-pressed': String(currentTheme() === 'dark') },
    'Dark theme',
  );
  button.addEventListener('click', () => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'));
  onThemeChange((theme) => button.setAttribute('aria-pressed', String(theme === 'dark')));
  return button;
}
