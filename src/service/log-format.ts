import type { DestinationStream } from 'pino';

/** pino's numeric levels, named as CALLSCOPE_LOG_LEVEL names them. */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, or that the line says in its own words: not repeated as key=value. */
const OMITTED = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'req',
  'res',
  'err',
  'responseTime',
  'reqId',
]);

/**
 * One pino JSON line as a person reads it: `12:01:02 INFO  GET /v1.0/sessions: request completed
 * 200 in 12 ms (req-1) key=value...`, an error's stack below it. A line that is not JSON passes as
 * it is. pino-pretty does this too, but is not a dependency; this keeps to what the service logs.
 */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (entry === null || typeof entry !== 'object') return `${line.trimEnd()}\n`;
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '--:--:--';
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const parts = [time, level];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`.trimEnd());
  if (typeof entry.msg === 'string') parts.push(entry.msg);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`in ${Math.round(entry.responseTime)} ms`);
  if (entry.reqId !== undefined) parts.push(`(${String(entry.reqId)})`);
  for (const [key, value] of Object.entries(entry))
    if (!OMITTED.has(key)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${indent(err.stack ?? err.message ?? JSON.stringify(err))}` : '';
  return `${parts.join(' ')}${stack}\n`;
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');

/** A pino destination that writes each line readable (prettyLine) to `out`. */
export function prettyDestination(out: { write(chunk: string): unknown }): DestinationStream {
  return { write: (line: string) => void out.write(prettyLine(line)) };
}
