/**
 * A line diff of two session descriptions (longest common subsequence), for the event log: what a
 * renegotiation, an ICE restart or a munged offer changed against the description before it.
 */

export interface DiffLine {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** Lines of an SDP, without the CR of CRLF and without the empty line after the last CRLF. */
export function sdpLines(sdp: string): string[] {
  const lines = sdp.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Cells of the LCS table at most: 2,000 lines on each side. Past it (descriptions of hundreds of
 * m-lines) the common head and tail are kept and the middle is shown as removed then added.
 */
const MAX_CELLS = 4_000_000;

/** The edit script from `a` to `b`, in order: unchanged, removed and added lines. */
export function diffLines(a: string[], b: string[]): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text): DiffLine => ({ op: 'same', text }));
  const tail = a.slice(endA).map((text): DiffLine => ({ op: 'same', text }));
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  return [...head, ...middle(x, y), ...tail];
}

function middle(x: string[], y: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ op: 'removed', text });
  const added = (text: string): DiffLine => ({ op: 'added', text });
  if (x.length === 0 || y.length === 0 || (x.length + 1) * (y.length + 1) > MAX_CELLS)
    return [...x.map(removed), ...y.map(added)];
  const n = x.length;
  const m = y.length;
  // lcs[i * (m + 1) + j]: length of the LCS of x[i..] and y[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        x[i] === y[j]
          ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      out.push({ op: 'same', text: x[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) out.push(removed(x[i++]!));
    else out.push(added(y[j++]!));
  }
  while (i < n) out.push(removed(x[i++]!));
  while (j < m) out.push(added(y[j++]!));
  return out;
}

/** Counts of a diff, for its summary. */
export function diffCounts(diff: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diff) {
    if (line.op === 'added') added++;
    else if (line.op === 'removed') removed++;
  }
  return { added, removed };
}
