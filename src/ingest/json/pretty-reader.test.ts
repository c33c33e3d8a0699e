import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDumpError } from '../errors.js';
import { PrettyJsonReader } from './pretty-reader.js';
import { type JsonPath, type JsonVisitor, walkValue } from './visitor.js';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures');

/** Descends as the webrtc-internals reader does (to a connection's stats) and records every call. */
function recorder(): { visitor: JsonVisitor; events: string[] } {
  const events: string[] = [];
  const at = (path: JsonPath) => path.join('/');
  const visitor: JsonVisitor = {
    enter(path, kind) {
      events.push(`enter ${at(path)} ${kind}`);
      return path.length <= 3 ? 'descend' : 'collect';
    },
    value: (path, value) => events.push(`value ${at(path)} ${JSON.stringify(value)}`),
    leave: (path) => events.push(`leave ${at(path)}`),
  };
  return { visitor, events };
}

function readLines(text: string): string[] {
  const { visitor, events } = recorder();
  const reader = new PrettyJsonReader(visitor);
  for (const line of text.split('\n')) reader.line(line);
  reader.end();
  return events;
}

/**
 * The same from one JSON.parse. An empty container written inline (`"getUserMedia": []`) reaches
 * the visitor as a value from the line reader and as entered and left from here: written as a value.
 */
function walked(text: string): string[] {
  const { visitor, events } = recorder();
  walkValue(JSON.parse(text), visitor);
  const out: string[] = [];
  for (const event of events) {
    const open = out[out.length - 1]?.match(/^enter (\S*) (object|array)$/);
    if (open && event === `leave ${open[1]}`)
      out[out.length - 1] = `value ${open[1]} ${open[2] === 'object' ? '{}' : '[]'}`;
    else out.push(event);
  }
  return out;
}

function internalsDumps(dir = FIXTURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return internalsDumps(path);
    return entry.name.startsWith('webrtc_internals_dump') ? [path] : [];
  });
}

function refusal(text: string): string {
  try {
    readLines(text);
  } catch (error) {
    if (isDumpError(error)) return error.message;
    throw error;
  }
  throw new Error('the document was read');
}

describe('PrettyJsonReader', () => {
  it('hands every real webrtc-internals export over exactly as a whole JSON.parse does', () => {
    const dumps = internalsDumps();
    expect(dumps.length).toBeGreaterThan(20);
    for (const path of dumps) {
      const text = readFileSync(path, 'utf8');
      expect(readLines(text), path).toEqual(walked(text));
    }
  });

  it('reads a collected container whose closing line is indented differently', () => {
    const text =
      '{\n "a": {\n  "b": {\n   "s": {\n    "c": {\n     "d": [1, 2],\n     "e": "x"\n      }\n   },\n   "f": 2\n  }\n }\n}';
    expect(readLines(text)).toEqual(walked(text));
    expect(readLines(text)).toContain('value a/b/s/c {"d":[1,2],"e":"x"}');
  });

  it('still reads what only the line path accepts (a raw tab in a string) and the lines after it', () => {
    const text =
      '{\n "a": {\n  "b": {\n   "s": {\n    "c": {\n     "e": "x\ty"\n    },\n    "g": {\n     "h": 1\n    }\n   }\n  }\n }\n}';
    const events = readLines(text);
    expect(events).toContain(`value a/b/s/c ${JSON.stringify({ e: 'x\ty' })}`);
    expect(events).toContain('value a/b/s/g {"h":1}');
  });

  it('names the line of invalid JSON inside a collected container', () => {
    const text =
      '{\n "a": {\n  "b": {\n   "s": {\n    "c": {\n     "d": 1,\n     "e": tru\n    }\n   }\n  }\n }\n}';
    expect(refusal(text)).toBe('The dump is not valid JSON at line 7: invalid JSON value "tru".');
  });

  it('reports a document cut inside a collected container as truncated', () => {
    const text = '{\n "a": {\n  "b": {\n   "s": {\n    "c": {\n     "d": 1,';
    expect(refusal(text)).toMatch(/^The dump ends early at line 6: 5 JSON containers are still open/);
  });
});
