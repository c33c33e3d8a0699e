/**
 * `text` as one word of a POSIX shell command line, for the commands the CLI prints to be copied:
 * as it is when the shell would keep it whole, else in single quotes, inside which nothing is
 * special but the quote itself (written '\''). A data directory with a space would otherwise split
 * into two arguments, and one with $ or a backtick be expanded.
 */
export function shellQuote(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", "'\\''")}'`;
}
