import { describe, expect, it } from 'vitest';
import { StatsStore } from './stats-report.js';
import { RowStatsReport } from './stats-rows.js';

const report = (id: string, type: string) => new RowStatsReport(id, type);

describe('StatsStore.ofType', () => {
  it('lists the reports of a type in store order, and nothing for a type it has none of', () => {
    const store = new StatsStore();
    for (const [id, type] of [
      ['a', 'inbound-rtp'],
      ['b', 'codec'],
      ['c', 'inbound-rtp'],
    ] as const)
      store.set(report(id, type));
    expect(store.ofType('inbound-rtp').map((r) => r.id)).toEqual(['a', 'c']);
    expect(store.ofType('transport')).toEqual([]);
  });

  // The lists are kept between calls: a change of the store must show in the next one.
  it('follows the store when reports are set, replaced or deleted after a first call', () => {
    const store = new StatsStore();
    store.set(report('a', 'inbound-rtp'));
    const first = store.ofType('inbound-rtp');
    expect(store.ofType('inbound-rtp')).toBe(first);
    store.set(report('b', 'inbound-rtp'));
    expect(store.ofType('inbound-rtp').map((r) => r.id)).toEqual(['a', 'b']);
    store.set(report('a', 'outbound-rtp'));
    expect(store.ofType('inbound-rtp').map((r) => r.id)).toEqual(['b']);
    expect(store.ofType('outbound-rtp').map((r) => r.id)).toEqual(['a']);
    store.delete('b');
    expect(store.ofType('inbound-rtp')).toEqual([]);
    expect(first.map((r) => r.id)).toEqual(['a']);
  });
});
