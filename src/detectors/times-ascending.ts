import { timesInOrder } from '../computed/series-math.js';
import { RunMemo } from './run-memo.js';

/**
 * Whether a series' times never go back (timesInOrder), memoised per series for one run of the
 * detectors: those that search a stream's samples by time ask once per episode or gap, and a long
 * call has hundreds of them.
 */
const ascending = new RunMemo<ArrayLike<number>, boolean>();
export function timesAscending(t: ArrayLike<number>): boolean {
  let known = ascending.get(t);
  if (known === undefined) {
    known = timesInOrder(t);
    ascending.set(t, known);
  }
  return known;
}
