import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../../test/support/hang-bound.js';
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
  it('reads a path of 300 000 slashes in linear time', () => {
    const url = withUrl(`https://h.example/${'/'.repeat(300_000)}x`);
    expect(withinHangBound(() => title(url, undefined))).toBe('h.example/x');
  });
});
