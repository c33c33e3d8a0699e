import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../computed/session-view.js';
import { title } from './session-facts.js';

const withUrl = (url: string) => ({ connections: [], client: { url } }) as unknown as SessionView;

describe('title', () => {
  it('is host and path of the page, without its trailing slashes', () => {
    expect(title(withUrl('https://meet.example.org//room/a//?x=1'), undefined)).toBe(
      'meet.example.org/room/a',
    );
    expect(title(withUrl('https://meet.example.org/'), undefined)).toBe('meet.example.org');
  });

  // The page URL comes from the dump: a path of slashes must not take seconds.
  it('reads a path of 100 000 slashes in linear time', () => {
    const start = performance.now();
    expect(title(withUrl(`https://h.example/${'/'.repeat(100_000)}x`), undefined)).toBe('h.example/x');
    expect(performance.now() - start).toBeLessThan(500);
  });
});
