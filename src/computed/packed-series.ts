/**
 * A stream's series moved into one buffer, each a view of its part: the same values, one
 * ArrayBuffer (with its native backing store) per stream instead of one per series. Series are
 * short in a dump of many connections (30 samples for the 200 MB short-series bench dump's 3 515
 * streams), where those were a third of what the series took: 14.9 MB of the session's heap and
 * native memory for 9.8 MB of values. Two names for one array stay one view.
 */
export function packSeries<K extends string>(series: Partial<Record<K, Float64Array>>): void {
  const names = Object.keys(series) as K[];
  let length = 0;
  const seen = new Set<Float64Array>();
  for (const name of names) {
    const values = series[name]!;
    if (seen.has(values)) continue;
    seen.add(values);
    length += values.length;
  }
  if (seen.size < 2) return;
  const buffer = new Float64Array(length);
  const views = new Map<Float64Array, Float64Array>();
  let at = 0;
  for (const name of names) {
    const values = series[name]!;
    let view = views.get(values);
    if (!view) {
      buffer.set(values, at);
      view = buffer.subarray(at, at + values.length);
      at += values.length;
      views.set(values, view);
    }
    series[name] = view;
  }
}
