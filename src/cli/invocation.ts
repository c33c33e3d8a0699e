import { basename, isAbsolute, relative } from 'node:path';
import { shellQuote } from './shell-quote.js';

/**
 * How to run this CLI again, for the commands it prints to be copied: `callscope` when it runs as
 * the installed command, else `node <script>` (from a checkout, `node dist/cli/main.js`), since a
 * plain `callscope` is not on the PATH there.
 */
export function invocation(script = process.argv[1] ?? '', cwd = process.cwd()): string {
  if (basename(script) === 'callscope') return 'callscope';
  const rel = relative(cwd, script);
  const path = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : script;
  return `node ${shellQuote(path)}`;
}
