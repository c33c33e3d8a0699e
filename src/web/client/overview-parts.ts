/**
 * What the Overview's sections share: the link of a count to the list of exactly its sessions,
 * and how a compared share (compare=period) is named, filtered and told.
 */
import { h } from './dom.js';
import { num, words } from './format.js';
import { type ListFilter, listHref, type ShareChange } from './overview-data.js';

export const pct = (share: number) => `${num(share * 100, 1)} %`;
export const points = (change: number) =>
  `${change > 0 ? '+' : change < 0 ? '−' : '±'}${num(Math.abs(change * 100), 1)} pts`;

/** A count that opens the list of its sessions; `what` completes "N sessions …" for screen readers. */
export function countLink(n: number, filter: ListFilter, what: string): HTMLAnchorElement {
  return h(
    'a',
    { href: listHref(filter), class: 'ov-count' },
    String(n),
    h('span', { class: 'visually-hidden' }, ` ${n === 1 ? 'session' : 'sessions'} ${what}`),
  );
}

/** The list filter of a compared share (compare.ts names them). */
export function shareFilter(c: Pick<ShareChange, 'kind' | 'name'>): ListFilter {
  if (c.kind === 'score') return { band: 'low' };
  if (c.kind === 'severity') return { severity: c.name === 'withCritical' ? 'critical' : 'high' };
  return { observationFlags: c.name };
}

export function shareName(c: Pick<ShareChange, 'kind' | 'name'>, titles: Map<string, string>): string {
  if (c.name === 'lowScore') return 'Low experience score (under 60)';
  if (c.name === 'withCritical') return 'With a critical observation';
  if (c.name === 'withHigh') return 'With a high observation';
  return titles.get(c.name) ?? words(c.name);
}

/** The change from the previous period, in words and with its direction. */
export function trend(c: ShareChange | undefined): HTMLElement {
  if (!c) return h('span', { class: 'ov-trend-flat' }, 'none before');
  const cls = c.significant ? (c.worse ? 'ov-worse' : 'ov-better') : 'ov-trend-flat';
  return h(
    'span',
    { class: cls },
    `${points(c.change)} (was ${pct(c.baseline.share)})`,
    c.significant ? h('span', { class: 'ov-sig' }, c.worse ? ' worse' : ' better') : null,
  );
}
