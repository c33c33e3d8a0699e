import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');

describe('README quick start', () => {
  // Someone on an older Node.js follows the README, not package.json: both must name the same floor.
  it('asks for the Node.js version that package.json requires', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const floor = /^>=\s*(\d+(?:\.\d+)*)$/.exec(engines)?.[1];
    expect(floor).toBeDefined();
    expect(read('README.md')).toContain(`Node.js ${floor} or later`);
  });
});
