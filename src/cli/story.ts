import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';

/** Lines of a story wider than this wrap, under their text. */
const WIDTH = 110;

/**
 * `What happened`, first in the one-file output: the causes in time order, each with what it did
 * to the call, or a line saying nothing went wrong.
 */
export function storySection(data: AnalyzeResponseData): string[] {
  const lines = data.whatHappened;
  if (lines.length === 0) return ['  what happened nothing went wrong that callscope can see', ''];
  const out = ['  what happened'];
  for (const line of lines) {
    const head = `    ${line.at.padStart(5)}  ${line.severity.padEnd(6)}  `;
    out.push(
      ...wrap(line.text, WIDTH - head.length).map((l, i) => (i === 0 ? head : ' '.repeat(head.length)) + l),
    );
  }
  out.push('');
  return out;
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}
