import { h } from './dom.js';

/**
 * The signed-in sections in the header: the Overview (the landing page) and the sessions list.
 * Added once signed in, after the brand; the current one is marked for assistive technology.
 */
export function sectionNav(current: 'overview' | 'sessions'): void {
  const header = document.querySelector('.site-header');
  if (!header || header.querySelector('nav.section-nav')) return;
  const link = (href: string, name: typeof current, text: string) =>
    h('a', { href, 'aria-current': name === current ? 'page' : null }, text);
  const nav = h(
    'nav',
    { class: 'section-nav', 'aria-label': 'Sections' },
    link('/', 'overview', 'Overview'),
    link('/sessions', 'sessions', 'Sessions'),
  );
  header.querySelector('.brand')?.after(nav);
}
