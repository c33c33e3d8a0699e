import { h, tableWrap } from './dom.js';

/**
 * The little Markdown the observation explanations use (paragraphs, lists, pipe tables, `code`,
 * **bold**), rendered as DOM nodes: text is never parsed as HTML.
 */
function inline(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(h('code', null, m[1]));
    else if (m[2] !== undefined) out.push(h('strong', null, m[2]));
    // Only web links: a javascript: URL in a document must not become clickable.
    else
      out.push(
        /^https?:\/\//.test(m[4]!) ? h('a', { href: m[4]!, rel: 'noopener noreferrer' }, m[3]!) : m[3]!,
      );
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

function table(lines: string[]): HTMLElement {
  const [head, , ...rows] = lines;
  return tableWrap(
    'Table',
    h(
      'table',
      null,
      h(
        'thead',
        null,
        h('tr', null, ...cells(head ?? '').map((c) => h('th', { scope: 'col' }, ...inline(c)))),
      ),
      h(
        'tbody',
        null,
        ...rows.map((r) => h('tr', null, ...cells(r).map((c) => h('td', null, ...inline(c))))),
      ),
    ),
  );
}

export function markdown(text: string): HTMLElement[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => l.trim().startsWith('|'))) return table(lines);
      if (lines.every((l) => /^\s*[-*] /.test(l)))
        return h('ul', null, ...lines.map((l) => h('li', null, ...inline(l.replace(/^\s*[-*] /, '')))));
      return h('p', null, ...inline(lines.join(' ')));
    });
}
