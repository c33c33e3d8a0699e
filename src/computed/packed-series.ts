/**
 * Series longer than this on average are left as they are: at 128 samples a buffer's own cost is
 * a sixth of its values', at Chrome's 1000-sample cap a fortieth.
 */
const PACKED_MAX_AVERAGE = 128;

/**
 * A stream's series moved into one buffer, each a view of its part: the same values, one
 * ArrayBuffer (with its native backing store) per stream instead of one per series. Series are
 * short in a dump of many connections (30 samples for the 200 MB short-series bench dump's 3 515
 * streams), where those were a third of what the series took: 14.9 MB of the session's heap and
 * native memory for 9.8 MB of values. Two names for one array stay one view.
 */
export function packSeries<K extends string>(series: Partial<Record<K, Float64Array>>): void {
  const names = Object.keys(series) as K[];
  if (names.length < 2) return;
  // Arrays, not a Set and a Map: a stream has a few dozen series at most, and this runs per stream.
  const originals: Float64Array[] = [];
  let length = 0;
  for (const name of names) {
    const values = series[name]!;
    if (originals.includes(values)) continue;
    originals.push(values);
    length += values.length;
  }
  // Long series have little to gain (the few hundred bytes a buffer costs against kilobytes of
  // values) and would be copied whole.
  if (originals.length < 2 || length > originals.length * PACKED_MAX_AVERAGE) return;
  const buffer = new Float64Array(length);
  const views: Float64Array[] = [];
  let at = 0;
  for (const values of originals) {
    buffer.set(values, at);
    views.push(buffer.subarray(at, at + values.length));
    at += values.length;
  }
  for (const name of names) series[name] = views[originals.indexOf(series[name]!)]!;
}
